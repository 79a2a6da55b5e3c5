; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; Loops whose exit test compares the induction variable itself (not its
; increment) with the limit: they run once more than the difference, the
; iteration that sees the limit included. The run-time trip count is
; `n - s + 1` and the remainder check compares the backedge count `n - s`,
; expanded as LLVM expands them. With `n == s - 1` the trip count is 2^32
; and wraps to 0: the unrolled loop then goes all the way round, which the
; modular group count gets right.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 2 %0 = add i32 %n, 1
; expect-count: 2 %xtraiter = and i32 %0, 3
; expect-output: %1 = icmp ult i32 %n, 3
; expect-output: %0 = add i32 %n, -2
; expect-output: %1 = add i32 %n, -3
; expect-output: %2 = icmp ult i32 %1, 3
; expect-output: %1 = sub i32 %0, %s
; expect-output: %2 = sub i32 %n, %s
; expect-output: %xtraiter = and i32 %1, 3
; expect-output: %3 = icmp ult i32 %2, 3
; expect-no-remark: not unrolled

define i32 @from_zero(ptr %a, i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %h ]
  %acc = phi i32 [ 0, %entry ], [ %add, %h ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %add = add i32 %v, %acc
  %i.next = add i32 %i, 1
  %ec = icmp eq i32 %i, %n
  br i1 %ec, label %exit, label %h
exit:
  ret i32 %add
}

define i32 @from_three(ptr %a, i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ 3, %entry ], [ %i.next, %h ]
  %acc = phi i32 [ 0, %entry ], [ %add, %h ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %add = add i32 %v, %acc
  %i.next = add i32 %i, 1
  %ec = icmp ne i32 %i, %n
  br i1 %ec, label %h, label %exit
exit:
  ret i32 %add
}

define i32 @from_argument(ptr %a, i32 %s, i32 %n) {
entry:
  br label %h
h:
  %i = phi i32 [ %s, %entry ], [ %i.next, %h ]
  %acc = phi i32 [ 0, %entry ], [ %add, %h ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %add = add i32 %v, %acc
  %i.next = add i32 %i, 1
  %ec = icmp eq i32 %n, %i
  br i1 %ec, label %exit, label %h
exit:
  ret i32 %add
}
