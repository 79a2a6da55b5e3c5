; RUN: -passes=simplifycfg
; The clamp idiom: the two empty arms of the inner branch are identical,
; so their branch is hoisted with a select for the phi; the remaining
; two-entry phi is folded into a select by speculating the compare.
; Same output as opt-22 -passes=simplifycfg.
; expect-output: %minimum_value.value = select i1 %cmp1, float %minimum_value, float %value
; expect-output: %retval.0 = select i1 %cmp, float %maximum_value, float %minimum_value.value
; expect-count: 0 br

define float @clamp(float %value, float %minimum_value, float %maximum_value) {
entry:
  %cmp = fcmp ogt float %value, %maximum_value
  br i1 %cmp, label %if.then, label %if.end

if.then:
  br label %return

if.end:
  %cmp1 = fcmp olt float %value, %minimum_value
  br i1 %cmp1, label %if.then2, label %if.end3

if.then2:
  br label %return

if.end3:
  br label %return

return:
  %retval.0 = phi float [ %maximum_value, %if.then ], [ %minimum_value, %if.then2 ], [ %value, %if.end3 ]
  ret float %retval.0
}
