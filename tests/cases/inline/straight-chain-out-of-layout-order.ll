; RUN: -passes=inline
; With %k false the copy of @cal folds to a straight chain entry -> %b ->
; %c -> %d, but the callee lays %c out before %b. %b joins the entry; %c
; does not (its loop intrinsic would follow the entry's convergent call), so
; it must stay in the copy, and %b, not %c, leaves it: the output keeps
; every operation, in order, and verifies.
; expect-output: %y.i = add i32 %x, 5
; expect-output: %l.i = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
; expect-output: call void @conv(i32 %y.i) [ "convergencectrl"(token %l.i) ]
; expect-output: call void @conv(i32 %z.i) [ "convergencectrl"(token %t) ]
; expect-count: 0 <badref>
declare void @conv(i32) convergent
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()

define internal void @cal(i32 %x, i1 %k) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @conv(i32 1) [ "convergencectrl"(token %t) ]
  br label %b

c:
  %p = phi i32 [ %y, %b ], [ %z, %c ]
  %l = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  call void @conv(i32 %p) [ "convergencectrl"(token %l) ]
  %z = add i32 %p, 1
  br i1 %k, label %c, label %d

b:
  %y = add i32 %x, 5
  br label %c

d:
  call void @conv(i32 %z) [ "convergencectrl"(token %t) ]
  ret void
}

define void @kern(i32 %x) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @cal(i32 %x, i1 false) [ "convergencectrl"(token %t) ]
  call void @conv(i32 99) [ "convergencectrl"(token %t) ]
  ret void
}
