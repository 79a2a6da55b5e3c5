; RUN: -passes=jump-threading
; The branch on a constant is folded, which leaves %dead without
; predecessors; deleting it leaves the phi of %join merging one value from
; both its other predecessors, and the phi is replaced by that value, as
; LLVM's removal of a predecessor does. Same output as
; opt-22 -passes=jump-threading.
; expect-count: 0 phi
; expect-output: %s = add i32 %x, %y

define i32 @f(i32 %x, i32 %y, i1 %c) {
entry:
  br i1 false, label %dead, label %live

dead:
  br label %join

live:
  br i1 %c, label %one, label %two

one:
  call void @g()
  br label %join

two:
  call void @h()
  br label %join

join:
  %p = phi i32 [ 0, %dead ], [ %x, %one ], [ %x, %two ]
  %s = add i32 %p, %y
  ret i32 %s
}

declare void @g()
declare void @h()
