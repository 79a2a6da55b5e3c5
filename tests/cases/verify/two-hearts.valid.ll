; RULE: at most one heart per cycle (valid: one heart; inner loops use the outer heart)
; expect: valid
define void @f(i1 %c1, i1 %c2) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %outer

outer:
  %outer.heart = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  br i1 %c1, label %inner1, label %skip1

inner1:
  %loop1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer.heart) ]
  br i1 %c1, label %inner1, label %skip1

skip1:
  br i1 %c2, label %inner2, label %latch

inner2:
  %loop2 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer.heart) ]
  br i1 %c2, label %inner2, label %latch

latch:
  br label %outer
}
