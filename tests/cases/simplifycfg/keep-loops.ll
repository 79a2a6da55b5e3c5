; RUN: -passes=simplifycfg
; An empty block with two predecessors before a loop header is kept (it is
; the loop's preheader: LLVM's keep-loops), while the empty latch with one
; predecessor goes. Same output as opt-22 -passes=simplifycfg.
; expect-output: preheader:                                        ; preds = %b, %a
; expect-count: 0 latch:

declare void @f()
declare void @g()
declare i1 @more()

define void @loop(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @f()
  br label %preheader

b:
  call void @g()
  br label %preheader

preheader:
  br label %header

header:
  %m = call i1 @more()
  br i1 %m, label %latch, label %exit

latch:
  br label %header

exit:
  ret void
}
