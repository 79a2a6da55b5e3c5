; RUN: -passes=jump-threading
; Conditions decided by a different, dominating compare (LLVM's
; isImpliedCondition). In @fold, %x < 5 on the way into %inner decides
; %x < 10 and %x > 7 there: both branches fold, with no code copied, so no
; thread's path changes and the reduction in %ten stays where it is. In
; @thread, %n < 0 is known on the edge %neg -> %check only, so %n > 0 is
; false there: that edge is threaded straight to %end through a copy of
; %check (which holds no convergent operation). In @ordered, %i + 1 < %len
; (without unsigned wrap) decides %i < %len. opt-22 leaves the module alone
; (no jump threading on a target with divergent branches); without the
; target triple it gives this output.
; expect-remark: folded the branch of %inner: %lt10 is true where the branch of %entry went to %inner
; expect-remark: folded the branch of %ten: %gt7 is false where the branch of %entry went to %ten
; expect-remark: threaded %neg -> %check to %end
; expect-remark: folded the branch of %left: %c1 is true where the branch of %entry went to %left
; expect-count: 1 call i32 @subgroupAdd
; expect-no-remark: not threading
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @fold(i32 %y) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %lt5 = icmp slt i32 %x, 5
  br i1 %lt5, label %inner, label %end

inner:
  %lt10 = icmp slt i32 %x, 10
  br i1 %lt10, label %ten, label %end

ten:
  %s = call i32 @subgroupAdd(i32 %y) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %s)
  %gt7 = icmp sgt i32 %x, 7
  br i1 %gt7, label %seven, label %end

seven:
  call void @use(i32 7)
  br label %end

end:
  ret void
}

define i32 @thread(i32 %n, i1 %a) {
entry:
  %isneg = icmp slt i32 %n, 0
  br i1 %isneg, label %neg, label %check

neg:
  br i1 %a, label %end, label %check

check:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %positive, label %end

positive:
  call void @use(i32 3)
  br label %end

end:
  %r = phi i32 [ 1, %neg ], [ 2, %check ], [ 3, %positive ]
  ret i32 %r
}

define void @ordered(i32 %i, i32 %len) {
entry:
  %i.inc = add nuw i32 %i, 1
  %c0 = icmp ult i32 %i.inc, %len
  br i1 %c0, label %left, label %right

left:
  call void @use(i32 0)
  %c1 = icmp ult i32 %i, %len
  br i1 %c1, label %left0, label %right

left0:
  call void @use(i32 0)
  ret void

right:
  %t = phi i32 [ 1, %left ], [ 2, %entry ]
  call void @use(i32 %t)
  ret void
}
