; RUN: -passes=infer-convergence-tokens
; A function with funclet pads is left alone: the convergent call in the
; cleanup would get a token from the entry, but funclets are not modelled.
; expect-unchanged
; expect-remark: infer-convergence-tokens: function left unchanged: it has 'invoke' in %entry
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw()
declare void @op() convergent

define void @infer_eh() convergent personality ptr @__CxxFrameHandler3 {
entry:
  call void @op()
  invoke void @may_throw()
          to label %done unwind label %cleanup

cleanup:
  %pad = cleanuppad within none []
  call void @op() [ "funclet"(token %pad) ]
  cleanupret from %pad unwind to caller

done:
  ret void
}
