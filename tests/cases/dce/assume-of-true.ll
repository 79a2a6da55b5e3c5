; RUN: -passes=dce
; An assumption of true says nothing: it is dead, as LLVM's dce deletes it.
; One with an operand bundle, or of a value not known, stays. opt-22 gives
; the same output.
; expect-count: 1 call void @llvm.assume(i1 true)
; expect-count: 1 call void @llvm.assume(i1 %c)
; expect-count: 1 "align"

declare void @llvm.assume(i1)

define void @f(i32 %x, ptr %p) {
  call void @llvm.assume(i1 true)
  %c = icmp sgt i32 %x, 0
  call void @llvm.assume(i1 %c)
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16) ]
  ret void
}
