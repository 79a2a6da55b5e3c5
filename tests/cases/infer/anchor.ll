; RUN: -passes=infer-convergence-tokens
; A function that is not convergent and not a kernel is refused. Rooting its
; tokens at an anchor would let later passes move its operations as an
; anchor's (into a divergent branch with the anchor, say) although implicit
; convergence promised more; the spec's procedure roots at 'entry', which is
; valid only in a convergent function.
; expect-remark: cannot infer tokens: the function is not 'convergent' and not a kernel
; expect-unchanged
declare i64 @ballot(i1) convergent

define i64 @not_convergent(i1 %c) {
  %b = call i64 @ballot(i1 %c)
  ret i64 %b
}
