; RUN: -passes=globaldce
; A constructor that does nothing (its entry block starts with ret void)
; leaves @llvm.global_ctors first: @empty and @also_empty go from the list;
; @stores stays, so does @calls (a call, even of llvm.donothing, is not
; nothing) and the entry with no constructor. The shorter list is a new
; global in the old one's place: it keeps its linkage and address space,
; not its section, alignment or unnamed_addr. Then @empty, internal and
; named by nothing any more, goes, and @data with it; the external
; @also_empty stays. Same output as opt-22 -passes=globaldce.
; expect-output: @llvm.global_ctors = appending addrspace(1) global [3 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 2, ptr @stores, ptr null }, { i32, ptr, ptr } { i32 3, ptr null, ptr null }, { i32, ptr, ptr } { i32 5, ptr @calls, ptr null }]
; expect-count: 0 @empty
; expect-count: 0 @data
; expect-count: 1 define void @also_empty()
@llvm.global_ctors = appending unnamed_addr addrspace(1) global [5 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @empty, ptr null }, { i32, ptr, ptr } { i32 2, ptr @stores, ptr null }, { i32, ptr, ptr } { i32 3, ptr null, ptr null }, { i32, ptr, ptr } { i32 4, ptr @also_empty, ptr @data }, { i32, ptr, ptr } { i32 5, ptr @calls, ptr null }], section "init", align 8
@data = internal global i32 0
@flag = global i32 0

declare void @llvm.donothing()

define internal void @empty() {
  ret void
}

define void @also_empty() {
  ret void
}

define internal void @stores() {
  store i32 1, ptr @flag
  ret void
}

define internal void @calls() {
  call void @llvm.donothing()
  ret void
}
