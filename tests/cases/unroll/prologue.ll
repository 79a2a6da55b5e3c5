; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4 -unroll-runtime-epilog=false
; The remainder before the unrolled loop (-unroll-runtime-epilog=false), as
; LLVM lays it out: %xtraiter leftover iterations run first in a loop of
; their own (.prol, counting %prol.iter), the values they leave (.unr) start
; the unrolled loop, which keeps only its last copy's exit test: what is left
; is a multiple of 4. The sum leaves through both ways (%s.lcssa).
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 1 %prol.iter.cmp = icmp ne i32 %prol.iter.next, %xtraiter
; expect-count: 1 %exitcond.3 = icmp eq i32 %i.next.3, %n
; expect-count: 5 load i32
declare void @use(i32)

define i32 @sum(ptr %a, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  %s = phi i32 [ %s.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %x = load i32, ptr %p, align 4
  %s.next = add i32 %s, %x
  %i.next = add nuw i32 %i, 1
  %exitcond = icmp eq i32 %i.next, %n
  br i1 %exitcond, label %done, label %loop

done:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
