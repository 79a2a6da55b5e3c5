; RUN: -passes=loop-unroll
; After full unrolling each copy's counter is a constant, and so are its
; casts: LLVM's simplification folds `sext i32 1 to i64` to `i64 1`, and a
; zero index leaves the base pointer itself.
; expect-count: 0 sext
; expect-count: 0 zext
; expect-count: 1 getelementptr inbounds i32, ptr %p, i64 1
; expect-count: 1 getelementptr inbounds i32, ptr %p, i64 2
; expect-count: 1 load i32, ptr %p, align 4

define i32 @sum3(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %w = sext i32 %i to i64
  %a = getelementptr inbounds i32, ptr %p, i64 %w
  %v = load i32, ptr %a, align 4
  %z = zext nneg i32 %i to i64
  %t = trunc i64 %z to i32
  %u = add i32 %v, %t
  %s.next = add i32 %s, %u
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, 3
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}
