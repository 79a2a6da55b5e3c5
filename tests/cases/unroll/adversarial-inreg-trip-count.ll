; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; The trip count %n is an inreg parameter of a device function: one value per
; wave (its caller fills a scalar register), not per entry-token group, which
; may span waves. Waves with 3 and 4 iterations would run the third one in
; different copies (remainder and main loop) and no longer communicate at
; %r. No remainder is allowed, so the loop stays.
; expect-remark: [heart-remainder]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define void @f(i32 inreg %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %r = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  call void @use(i32 %r)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
