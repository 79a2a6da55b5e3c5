; RUN: -passes=inline
; @irr has an irreducible cycle (entered at %left and at %right) holding a
; ballot. One cycle hierarchy serves a function, so both calls of @irr
; group threads alike; inlined twice, each copy could get a different
; header, a mix no hierarchy of @irr gives. So @twice keeps its calls
; (LLVM inlines them). @once_only is called once and is local: inlined,
; it leaves one copy, which is allowed.
; expect-remark: cannot inline @irr into @twice: [irreducible-edge] @irr has an irreducible cycle at %right with convergent operations
; expect-remark: inlined @once_only into @once
; expect-count: 2 call void @irr()
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @use(i64) nounwind willreturn

define internal void @irr() convergent {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %left, label %right

left:
  %k = phi i32 [ 0, %entry ], [ %k.next2, %right ]
  %mask = call i64 @ballot(i1 true)
  call void @use(i64 %mask)
  %k.next = add i32 %k, 1
  %again = icmp ult i32 %k.next, %lane
  br i1 %again, label %right, label %done

right:
  %k.next2 = phi i32 [ 0, %entry ], [ %k.next, %left ]
  br label %left

done:
  ret void
}

define amdgpu_kernel void @twice() {
entry:
  call void @irr()
  call void @irr()
  ret void
}

define internal void @once_only() convergent {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %left, label %right

left:
  %k = phi i32 [ 0, %entry ], [ %k.next2, %right ]
  %mask = call i64 @ballot(i1 true)
  call void @use(i64 %mask)
  %k.next = add i32 %k, 1
  %again = icmp ult i32 %k.next, %lane
  br i1 %again, label %right, label %done

right:
  %k.next2 = phi i32 [ 0, %entry ], [ %k.next, %left ]
  br label %left

done:
  ret void
}

define amdgpu_kernel void @once() {
entry:
  call void @once_only()
  ret void
}
