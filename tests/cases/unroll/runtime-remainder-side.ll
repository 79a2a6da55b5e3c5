; RUN: -passes=loop-unroll -unroll-runtime
; Where the remainder goes when no option says: after the unrolled loop
; when a header phi starts from an integer constant (@after: %x starts at
; 0), before it otherwise (@before: every phi starts from a run-time
; value). The counter runs from a run-time start up to a constant, so the
; backedge count is computed on its own with the constant folded
; (`sub i64 99, %s`). The copies' `x ^ 1 ^ 1` fold back to the value two
; copies up: four of the eight copies' xors are left, and the remainder's,
; in each function.
; expect-remark: unrolled loop by a factor of 8 with run-time trip count
; expect-count: 1 for.body.epil:
; expect-count: 1 for.body.prol:
; expect-count: 2 = sub i64 99, %s
; expect-count: 10 = xor i32
define void @after(i64 %s, ptr %a) {
entry:
  %guard = icmp slt i64 %s, 100
  br i1 %guard, label %for.body, label %exit

for.body:
  %i = phi i64 [ %s, %entry ], [ %i.next, %for.body ]
  %x = phi i32 [ 0, %entry ], [ %x.next, %for.body ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %x, ptr %p, align 4
  %x.next = xor i32 %x, 1
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 100
  br i1 %done, label %exit, label %for.body

exit:
  ret void
}

define void @before(i64 %s, i32 %x0, ptr %a) {
entry:
  %guard = icmp slt i64 %s, 100
  br i1 %guard, label %for.body, label %exit

for.body:
  %i = phi i64 [ %s, %entry ], [ %i.next, %for.body ]
  %x = phi i32 [ %x0, %entry ], [ %x.next, %for.body ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %x, ptr %p, align 4
  %x.next = xor i32 %x, 1
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 100
  br i1 %done, label %exit, label %for.body

exit:
  ret void
}
