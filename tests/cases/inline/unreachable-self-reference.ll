; RUN: -passes=inline
; Unreachable code may use its own value (LLVM's verifier allows it there).
; Inlining @id into `%y = call @id(%y)` returns %y itself: the call's result
; becomes poison, as in LLVM (it used to be left referring to the removed
; call).
; expect-count: 1 %c = icmp eq i32 %s, poison
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)

define internal i32 @id(i32 %v) {
  ret i32 %v
}

define i32 @f(i32 %n) convergent {
entry:
  ret i32 %n

dead:                                             ; preds = %dead
  %x = add i32 %x, 1
  %y = call i32 @id(i32 %y)
  %s = call i32 @subgroup_add(i32 %x)
  %c = icmp eq i32 %s, %y
  br i1 %c, label %dead, label %dead
}
