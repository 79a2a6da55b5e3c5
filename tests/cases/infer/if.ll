; RUN: -passes=infer-convergence-tokens
; Uncontrolled operations in an if and after it all use the entry token
; (they are outside every loop).
; expect-remark: inferred convergence control: entry token, 0 loop hearts, 3 bundles
; expect-output: %tok.entry = call token @llvm.experimental.convergence.entry()
; expect-output: call void @barrier() [ "convergencectrl"(token %tok.entry) ]
declare void @barrier() convergent
declare i32 @subgroup_add(i32) convergent

define i32 @if(i32 %x, i1 %c) convergent {
entry:
  %a = alloca i32, align 4
  br i1 %c, label %then, label %join

then:
  %s = call i32 @subgroup_add(i32 %x)
  br label %join

join:
  %p = phi i32 [ %s, %then ], [ 0, %entry ]
  call void @barrier()
  %t = call i32 @subgroup_add(i32 %p)
  ret i32 %t
}
