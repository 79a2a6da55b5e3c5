; RUN: -passes=sink
; Class 4 of the legality review: %w is computed inside the loop and used
; by the branch of %after, which is outside the loop and past the last use
; of the heart %h (in %mid), so outside %h's convergence region. Threads
; that left the loop in different iterations meet there ("Controlled
; Maximal converged-with"), and the branch is divergent for them. The
; entry-controlled %x may not sink under it, nor past the loop, which a
; thread may never leave.
; expect-remark: cannot sink %x: [entry-or-heart-token]
; expect-no-remark: sank %x
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @op() convergent nounwind willreturn
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %end
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %w = mul i32 %i, 7
  %i.next = add i32 %i, 1
  %c = icmp uge i32 %i, %tid
  br i1 %c, label %mid, label %loop
mid:
  call void @op() [ "convergencectrl"(token %h) ]
  br label %after
after:
  %cu = icmp eq i32 %w, 14
  br i1 %cu, label %A, label %end
A:
  call void @use(i32 %x)
  br label %end
end:
  ret void
}
