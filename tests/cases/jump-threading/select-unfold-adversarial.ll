; RUN: -passes=jump-threading
; Select unfolding where it is easy to get wrong:
; * @latch_heart: the select is in the latch and feeds the header's switch
;   (a loop with a heart); unfolding in the latch gives the loop a second
;   back edge through select.unfold, the header and its heart stay, and
;   the header takes the induction variable from both latches. The branch
;   is divergent, but every operation is controlled: allowed.
; * @loop_value_after_divergent_exit: the select's condition is uniform in
;   the loop but read after a loop whose exit depends on the thread id
;   (threads leave in different iterations): divergent there, and an
;   uncontrolled ballot follows: refused.
; * @switch_twice: the block's switch reaches %z by two cases (two phi
;   entries from the join); both are moved to the join, the weights follow
;   the select.
; expect-remark: unfolded %sp into a branch and a phi
; expect-remark: not unfolding %st into a branch: [uncontrolled-downstream]
; expect-remark: unfolded %s into a branch and a phi
; expect-count: 1 %st = select
; expect-output: %v = phi i32 [ 1, %entry ], [ 0, %latch ], [ 7, %select.unfold ]
; expect-output: %i = phi i32 [ 0, %entry ], [ %i1, %latch ], [ %i1, %select.unfold ]
; expect-count: 1 call token @llvm.experimental.convergence.loop()
; expect-output: br i1 %cond.fr, label %0, label %1, !prof !0
; expect-output: %r = phi i32 [ %2, %1 ], [ %2, %1 ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()
declare i32 @op(i32) convergent nounwind
declare i64 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @store(i64)
declare void @use(i32)

define void @latch_heart(i32 %n, i32 %y) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h

h:
  %v = phi i32 [ 1, %entry ], [ %sp, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %t = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %r = call i32 @op(i32 %i) [ "convergencectrl"(token %t) ]
  call void @use(i32 %r)
  switch i32 %v, label %latch [ i32 0, label %out
                                i32 7, label %mid ]

mid:
  call void @use(i32 7)
  br label %latch

latch:
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %tid
  %sp = select i1 %d, i32 7, i32 0
  br label %h

out:
  ret void
}

define void @loop_value_after_divergent_exit(i32 %x, i32 %y, i1 %e) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %d = icmp eq i32 %i1, 3
  %ex = icmp ugt i32 %i1, %tid
  br i1 %ex, label %after, label %loop

after:
  br i1 %e, label %p, label %q

p:
  %st = select i1 %d, i32 0, i32 %y
  br label %join

q:
  br label %join

join:
  %v = phi i32 [ %st, %p ], [ %x, %q ]
  %z = icmp eq i32 %v, 0
  br i1 %z, label %zero, label %other

zero:
  %b = call i64 @ballot(i1 true)
  call void @store(i64 %b)
  ret void

other:
  ret void
}

define i32 @switch_twice(i1 %c, i32 %y, i32 %k) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @use(i32 1)
  br label %m

b:
  call void @use(i32 2)
  br label %m

m:
  %p = phi i32 [ 4, %a ], [ %y, %b ]
  %cmp = icmp eq i32 %p, 4
  %s = select i1 %cmp, i32 10, i32 %k, !prof !0
  switch i32 %k, label %x [ i32 1, label %z
                            i32 2, label %z ]

x:
  ret i32 %s

z:
  %r = phi i32 [ %s, %m ], [ %s, %m ]
  ret i32 %r
}

!0 = !{!"branch_weights", i32 3, i32 97}
