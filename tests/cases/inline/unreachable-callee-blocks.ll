; RUN: -passes=inline
; Only the blocks of the callee reachable from its entry are copied, as
; LLVM's cloner copies them: %dead.i is not made, and the phi of %join
; loses its entry from %dead (the last entry taking its slot). opt-22
; prints the same but for the order of `; preds =` comments.
; expect-remark: inlined @callee into @caller
; expect-count: 0 dead.i
; expect-output: %p.i = phi i32 [ %x, %0 ], [ %z, %b2.i ], [ %y, %b.i ]
declare void @use(i32)

define internal i32 @callee(i1 %c, i1 %d, i32 %x, i32 %y, i32 %z) {
entry:
  br i1 %c, label %join, label %a

a:
  br i1 %d, label %b, label %b2

dead:
  call void @use(i32 0)
  br label %join

b:
  call void @use(i32 1)
  br label %join

b2:
  call void @use(i32 2)
  br label %join

join:
  %p = phi i32 [ %x, %entry ], [ 7, %dead ], [ %y, %b ], [ %z, %b2 ]
  call void @use(i32 %p)
  ret i32 %p
}

define i32 @caller(i1 %c, i1 %d, i32 %x, i32 %y, i32 %z) {
  %r = call i32 @callee(i1 %c, i1 %d, i32 %x, i32 %y, i32 %z)
  ret i32 %r
}
