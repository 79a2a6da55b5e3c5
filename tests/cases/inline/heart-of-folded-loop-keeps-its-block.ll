; RUN: -passes=inline
; @once's loop never takes its back edge when %more is 1: folding that
; branch leaves the copy a straight chain, joined into one block that begins
; with the loop intrinsic (no longer a heart). That block may not go where
; the call was when a convergent operation (@after_op) or the entry
; intrinsic (@after_entry) comes before the call in its block: a loop
; intrinsic must be the first convergent operation of its block, and the
; output would not verify. The copy keeps a block of its own, reached by a
; branch from the call's block.
; expect-remark: inlined @once into @after_op
; expect-remark: inlined @once into @after_entry
; expect-count: 2 br label %once.exit
; expect-count: 2 %heart.i = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup.add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()

define internal void @once(i32 %more) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %loop

loop:
  %heart = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %sum = call i32 @subgroup.add(i32 1) [ "convergencectrl"(token %heart) ]
  call void @use(i32 %sum)
  %done = icmp slt i32 %more, 3
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define amdgpu_kernel void @after_op() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %first = call i32 @subgroup.add(i32 2) [ "convergencectrl"(token %e) ]
  call void @use(i32 %first)
  call void @once(i32 1) [ "convergencectrl"(token %e) ]
  ret void
}

define amdgpu_kernel void @after_entry() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  call void @once(i32 1) [ "convergencectrl"(token %e) ]
  ret void
}
