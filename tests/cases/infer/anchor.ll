; RUN: -passes=infer-convergence-tokens
; A function that is not convergent gets an anchor: its convergent
; operations depend on an implementation-defined set of threads.
; expect-remark: inferred convergence control: anchor token, 0 loop hearts, 1 bundle
; expect-output: %tok.anchor = call token @llvm.experimental.convergence.anchor()
declare i64 @ballot(i1) convergent

define i64 @not_convergent(i1 %c) {
  %b = call i64 @ballot(i1 %c)
  ret i64 %b
}
