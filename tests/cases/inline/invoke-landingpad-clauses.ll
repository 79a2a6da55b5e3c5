; RUN: -passes=inline
; Inlining at an invoke: calls of the inlined body that may unwind become
; invokes to the invoke's landing pad (their blocks split, `.noexc`), calls
; that cannot (nounwind, intrinsics) stay calls, the callee's landing pad
; takes the invoke's clauses and cleanup after its own, its resume branches
; to the code after the invoke's landing pad, where phis merge the
; exception and the unwind destination's phi, and that phi forgets the
; invoke's block. opt-22 prints the same up to the invoke's name (%x.i1,
; LLVM's names made unique by a counter) and the order of `; preds =`
; comments.
; expect-remark: inlined @callee into @caller
; expect-output: %x.i = invoke i32 @g()
; expect-output: invoke void @h()
; expect-output: call void @nt()
; expect-output: br label %handler.body
; expect-output: %q = phi i32 [ 1, %x.i.noexc ], [ 2, %other ], [ 1, %entry ]
; expect-output: %eh.lpad-body = phi { ptr, i32 } [ %e, %handler ], [ %l.i, %lp.i ]
; expect-count: 0 resume { ptr, i32 } %l
; expect-count: 2 catch ptr @g
declare i32 @__gxx_personality_v0(...)
declare i32 @g()
declare void @h()
declare void @nt() nounwind
declare void @use(i32)
declare void @llvm.assume(i1)

define internal i32 @callee(i32 %a) personality ptr @__gxx_personality_v0 {
entry:
  %x = call i32 @g()
  call void @h()
  call void @nt()
  %y = add i32 %x, %a
  %c = icmp eq i32 %y, 0
  call void @llvm.assume(i1 true)
  br i1 %c, label %t, label %f

t:
  invoke void @h()
          to label %done unwind label %lp

f:
  br label %done

done:
  %z = phi i32 [ 1, %t ], [ %y, %f ]
  ret i32 %z

lp:
  %l = landingpad { ptr, i32 }
          catch ptr null
  resume { ptr, i32 } %l
}

define i32 @caller(i32 %a) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @callee(i32 %a)
          to label %cont unwind label %handler

cont:
  %p = phi i32 [ %r, %entry ], [ 7, %other ]
  ret i32 %p

other:
  invoke void @h()
          to label %cont unwind label %handler

handler:
  %q = phi i32 [ 1, %entry ], [ 2, %other ]
  %e = landingpad { ptr, i32 }
          cleanup
          catch ptr @g
  call void @use(i32 %q)
  resume { ptr, i32 } %e
}
