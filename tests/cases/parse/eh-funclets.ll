; The funclet pads: catchswitch (with an unwind label and unwinding to the
; caller), catchpad, catchret, cleanuppad (within none and within a pad)
; and cleanupret.
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw(i32)

define void @funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 1)
          to label %done unwind label %dispatch
done:
  ret void
dispatch:
  %cs = catchswitch within none [label %catch.int, label %catch.all] unwind label %outer
catch.int:
  %cp1 = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp1 to label %done
catch.all:
  %cp2 = catchpad within %cs []
  invoke void @may_throw(i32 2) [ "funclet"(token %cp2) ]
          to label %caught unwind label %inner
caught:
  catchret from %cp2 to label %done
inner:
  %cl = cleanuppad within %cp2 []
  cleanupret from %cl unwind label %outer
outer:
  %cl2 = cleanuppad within none [i32 1]
  cleanupret from %cl2 unwind to caller
}

define void @to_caller() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 1)
          to label %done unwind label %dispatch
done:
  ret void
dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs [ptr null]
  catchret from %cp to label %done
}
