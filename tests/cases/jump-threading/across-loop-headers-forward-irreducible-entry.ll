; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; The irreducible cycle {%B, %C, %D} is entered at %D (threads other than
; 0) and at the empty block %B (thread 0). Across loop headers no block
; counts as a header, and jump threading (as LLVM's) forwards %B to %C. That makes
; %C an entry: a header that counts every visit of %C, where %B counted
; only those through %B. Thread 0 and thread 1 reach %r with %k = 0 under
; neither header of the original together (thread 0 has passed %B once
; and %D never, thread 1 the other way round); after forwarding, with %C
; as header, they would. So the block stays (rule irreducible-edge).
; expect-remark: not forwarding %B to its successor: [irreducible-edge] forwarding the empty block %B to its successor changes the irreducible cycle at %B it is an entry of
; expect-output: br i1 %t0, label %D, label %B
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @f() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t0 = icmp ne i32 %tid, 0
  br i1 %t0, label %D, label %B

B:
  %kb = phi i32 [ 0, %entry ], [ %kd, %D ]
  br label %C

C:
  %k = phi i32 [ %kb, %B ], [ %kd, %D ]
  %r = call i32 @subgroupAdd(i32 %k)
  call void @use(i32 %r)
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 4
  br i1 %more, label %D, label %exit

D:
  %kd = phi i32 [ 0, %entry ], [ %k1, %C ]
  %odd = and i32 %kd, 1
  %viaB = icmp eq i32 %odd, 1
  br i1 %viaB, label %B, label %C

exit:
  ret void
}
