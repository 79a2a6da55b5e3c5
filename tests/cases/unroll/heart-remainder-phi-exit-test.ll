; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; A loop with a heart whose exit test compares the variable itself with the
; limit: the run-time trip count (limit + 1) is computed as for a test of
; the increment, and is judged the same way. @divergent's limit is the
; thread's id: a remainder would split one original iteration between the
; remainder and the unrolled loop for different threads, so it is refused
; and the loop stays. @uniform's limit is a kernel argument, the same for
; every thread (and noundef: no freeze): the remainder is allowed and the
; heart is not copied.
; expect-remark: [heart-remainder]
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
; expect-count: 3 call token @llvm.experimental.convergence.loop()
; expect-output: %0 = add i32 %n, 1
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @divergent() {
entry:
  %counter = call i32 @llvm.amdgcn.workitem.id.x()
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i, %counter
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define amdgpu_kernel void @uniform(i32 noundef %n) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
