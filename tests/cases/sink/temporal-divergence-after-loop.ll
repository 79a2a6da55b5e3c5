; RUN: -passes=sink
; Class 1 of the legality review: a branch after a loop with a divergent
; exit, on a value of the loop (%i). Threads that reach %exit left the loop
; in different iterations, so %cu differs between threads of the entry
; token's instance, although it is uniform for the heart's threads inside
; the heart's region (%h is used in %B). %x is controlled by the entry
; token: sinking it into %A would make it sum only the threads whose loop
; ended at %i == 2. Refused.
; expect-remark: cannot sink %x: [entry-or-heart-token]
; expect-no-remark: sank %x
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @op() convergent nounwind
declare void @use(i32)
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %end
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %lim = and i32 %tid, 3
  %c = icmp uge i32 %i, %lim
  br i1 %c, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  %cu = icmp eq i32 %i, 2
  br i1 %cu, label %A, label %B
A:
  call void @use(i32 %x)
  br label %end
B:
  call void @op() [ "convergencectrl"(token %h) ]
  br label %end
end:
  ret void
}
