; RUN: -passes=sink
; A store through a pointer based on the loaded object, however it is
; derived (a GEP, even a negative one, a cast, a select, a phi, a round
; trip through an integer, a pointer kept in memory), or a write that is not
; a plain store (an atomic store, memset, a call writing its argument),
; keeps the load above it: only %ok1 and %ok2, whose stores write other
; objects, sink. `noalias` and `byval` arguments are objects of their own,
; but a pointer derived from the argument itself addresses that object.
; opt-22 gives the same output but for @memset_and_call, where it knows
; what the memset and the call write and sinks %l8 and %l9.
; expect-no-remark: sank %l
; expect-remark: sank %ok1 from %entry to %t
; expect-remark: sank %ok2 from %f to %t2

@A = global [4 x i32] zeroinitializer
@B = global i32 0

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @wr(ptr) memory(argmem: write) nounwind willreturn

define i32 @noalias_gep(i1 %z, ptr noalias %a) {
entry:
  %l1 = load i32, ptr %a, align 4
  %p = getelementptr inbounds i8, ptr %a, i64 0
  store i32 5, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l1

f:
  ret i32 0
}

define i32 @noalias_negative_gep(i1 %z, ptr noalias %a) {
entry:
  %hi = getelementptr inbounds i32, ptr %a, i64 2
  %l2 = load i32, ptr %a, align 4
  %back = getelementptr i32, ptr %hi, i64 -2
  store i32 5, ptr %back, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l2

f:
  ret i32 0
}

define i32 @noalias_select(i1 %z, ptr noalias %a, ptr %b) {
entry:
  %l3 = load i32, ptr %a, align 4
  %p = select i1 %z, ptr %b, ptr %a
  store i32 5, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l3

f:
  ret i32 0
}

define i32 @byval_int_round_trip(i1 %z, ptr byval(i32) %a) {
entry:
  %l4 = load i32, ptr %a, align 4
  %i = ptrtoint ptr %a to i64
  %p = inttoptr i64 %i to ptr
  store i32 5, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l4

f:
  ret i32 0
}

define i32 @alloca_through_memory(i1 %z) {
entry:
  %x = alloca i32, align 4
  %slot = alloca ptr, align 8
  store i32 1, ptr %x, align 4
  store ptr %x, ptr %slot, align 8
  %l5 = load i32, ptr %x, align 4
  %p = load ptr, ptr %slot, align 8
  store i32 5, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l5

f:
  ret i32 0
}

define i32 @alloca_phi(i1 %z, i1 %w) {
entry:
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 1, ptr %x, align 4
  br i1 %w, label %m, label %n

n:
  br label %m

m:
  %p = phi ptr [ %x, %entry ], [ %y, %n ]
  %l6 = load i32, ptr %x, align 4
  store i32 5, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l6

f:
  ret i32 0
}

define i32 @global_addrspacecast(i1 %z) {
entry:
  %l7 = load i32, ptr @B, align 4
  %p = addrspacecast ptr @B to ptr addrspace(1)
  store i32 5, ptr addrspace(1) %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l7

f:
  ret i32 0
}

define i32 @memset_and_call(i1 %z, ptr noalias %a) {
entry:
  %l8 = load i32, ptr @B, align 4
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 4, i1 false)
  %l9 = load i32, ptr %a, align 4
  call void @wr(ptr @A)
  br i1 %z, label %t, label %f

t:
  %s = add i32 %l8, %l9
  ret i32 %s

f:
  ret i32 0
}

define i32 @atomic_store_elsewhere(i1 %z) {
entry:
  %l10 = load i32, ptr @B, align 4
  store atomic i32 5, ptr @A monotonic, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l10

f:
  ret i32 0
}

define i32 @other_objects(i1 %z, ptr noalias %a, ptr byval(i32) %b, ptr %c) {
entry:
  %x = alloca i32, align 4
  store i32 1, ptr %x, align 4
  %ok1 = load i32, ptr %a, align 4
  store i32 2, ptr %c, align 4
  store i32 3, ptr %x, align 4
  store i32 4, ptr @B, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %ok1

f:
  %ok2 = load i32, ptr %b, align 4
  store i32 5, ptr %c, align 4
  store i32 6, ptr %a, align 4
  br label %t2

t2:
  ret i32 %ok2
}
