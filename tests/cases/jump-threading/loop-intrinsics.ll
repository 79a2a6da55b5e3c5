; RUN: -passes=jump-threading
; From LLVM's skip-merging-duplicate-convergence-intrinsics test: folding
; the loop's header into the entry block would put the loop intrinsic
; after the entry intrinsic in one block, which the static rules forbid.
; The merge is refused (a remark names the rule); the empty exit chain is
; still cleaned up, as LLVM does.
; expect-remark: not merging %entry into %for.cond: [token-placement]
; expect-output: br i1 %cmp2, label %for.body4, label %exit
target triple = "amdgcn-amd-amdhsa"

declare i32 @func_test(i32) convergent

define void @nested(i32 %tidx, i32 %tidy, ptr %array) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %or = or i32 %tidy, %tidx
  %or.cond = icmp eq i32 %or, 0
  br label %for.cond

for.cond:
  %h1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  br label %for.cond1

for.cond1:
  %cmp2 = phi i1 [ false, %for.body4 ], [ true, %for.cond ]
  %h2 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %h1) ]
  br i1 %cmp2, label %for.body4, label %cleanup.loopexit

for.body4:
  br i1 %or.cond, label %if.then, label %for.cond1

if.then:
  %test.val = call i32 @func_test(i32 0) [ "convergencectrl"(token %h2) ]
  store i32 %test.val, ptr %array, align 4
  br label %cleanup

cleanup.loopexit:
  br label %cleanup

cleanup:
  br label %exit

exit:
  ret void
}
