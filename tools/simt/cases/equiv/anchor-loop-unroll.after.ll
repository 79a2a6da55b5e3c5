; expect: equivalent
; Runtime-unrolled by 2 with a remainder loop, each copy with its own
; anchor: threads with odd trip counts now meet in the remainder, which the
; anchor's implementation-defined grouping allows. (Copies are named as
; LLVM names them: .1 in the unrolled body, .epil in the remainder.)
declare void @convergent.operation(i32) convergent

define void @f(i32 %counter) {
entry:
  br label %loop

loop:
  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]
  %more = icmp sge i32 %c, 2
  br i1 %more, label %body, label %rem

body:
  %tok = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %tok) ]
  %c1 = sub i32 %c, 1
  %tok.1 = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %c1) [ "convergencectrl"(token %tok.1) ]
  %c.next = sub i32 %c, 2
  br label %loop

rem:
  %r = phi i32 [ %c, %loop ], [ %r.next, %rem.body ]
  %rem.more = icmp sgt i32 %r, 0
  br i1 %rem.more, label %rem.body, label %exit

rem.body:
  %tok.epil = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %r) [ "convergencectrl"(token %tok.epil) ]
  %r.next = sub i32 %r, 1
  br label %rem

exit:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
