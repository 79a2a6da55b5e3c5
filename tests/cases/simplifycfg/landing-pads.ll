; RUN: -passes=simplifycfg
; A function with landing-pad exception handling is simplified like any
; other: the two returns (one in a landing pad's block) merge into
; common.ret, the empty block after the invoke is forwarded (the invoke's
; normal edge goes straight to common.ret), and the landing pad nothing
; reaches is deleted. Same output as opt-22 -passes=simplifycfg (the
; forwarded block's entry leaves the phi, the last entry taking its place,
; and the invoke's block's entry comes last). A function with funclet pads
; is still left alone.
; expect-output: to label %common.ret unwind label %lpad
; expect-output: %common.ret.op = phi i32 [ -1, %lpad ], [ %n, %entry ]
; expect-count: 1 landingpad
; expect-count: 0 resume
; expect-count: 1 catchswitch
; expect-remark: function left unchanged: it has 'catchswitch' in %cs
declare void @may_throw(i32)
declare i32 @personality(...)
declare void @funclet_user()

define i32 @returns(i32 %n) personality ptr @personality {
entry:
  invoke void @may_throw(i32 %n)
          to label %ok unwind label %lpad

ok:
  br label %join

join:
  %r = phi i32 [ %n, %ok ]
  ret i32 %r

lpad:
  %e = landingpad { ptr, i32 }
          cleanup
  ret i32 -1

dead.lpad:
  %e2 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %e2
}

define void @funclet() personality ptr @personality {
entry:
  invoke void @funclet_user()
          to label %ok unwind label %cs

ok:
  br label %done

done:
  ret void

cs:
  %s = catchswitch within none [label %handler] unwind to caller

handler:
  %p = catchpad within %s []
  catchret from %p to label %done
}
