; ConvergentOperations.rst, llvm.experimental.convergence.entry, inlining
; func: main
; example (before inlining): the callee's entry token is tied to the call
; site's heart token, so each iteration's call communicates among the
; threads in that iteration.
declare void @convergent_operation(i32) convergent

define void @callee(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  call void @convergent_operation(i32 %x) [ "convergencectrl"(token %tok) ]
  ret void
}

define void @main(i32 %n) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %for

for:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:
  call void @callee(i32 %i) [ "convergencectrl"(token %inner) ]
  %i.next = add i32 %i, 1
  br label %for

exit:
  ret void
}

declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
