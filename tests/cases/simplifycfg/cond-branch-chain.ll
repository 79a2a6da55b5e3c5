; RUN: -passes=simplifycfg
; A block holding only a conditional branch, reached from a branch that
; also goes to one of its successors, folds into that branch: the two
; conditions become one (a select: an `or` would let poison in %b decide
; when %a is true), the phis of the common successor a select on the
; first condition, and an inverted arm an `xor ... true`. Same code as
; opt-22 -passes=simplifycfg in each function.
; expect-remark: folded into the branch of %entry
; expect-output: %brmerge = select i1 %a, i1 true, i1 %b
; expect-output: %.mux = select i1 %a, i32 1, i32 2
; expect-output: %a.not = xor i1 %a, true
; expect-output: %brmerge = select i1 %a.not, i1 true, i1 %b
; expect-output: %b.not = xor i1 %b, true
; expect-output: %brmerge = select i1 %a, i1 true, i1 %b.not
; expect-count: 0 second:

define i32 @common_first(i1 %a, i1 %b) {
entry:
  br i1 %a, label %done, label %second

second:
  br i1 %b, label %done, label %other

done:
  %r = phi i32 [ 1, %entry ], [ 2, %second ]
  ret i32 %r

other:
  ret i32 3
}

define void @common_second(i1 %a, i1 %b, ptr %p) {
entry:
  br i1 %a, label %second, label %done

second:
  br i1 %b, label %done, label %other

done:
  store i32 1, ptr %p
  ret void

other:
  store i32 2, ptr %p
  ret void
}

define void @inverted_inner(i1 %a, i1 %b, ptr %p) {
entry:
  br i1 %a, label %done, label %second

second:
  br i1 %b, label %other, label %done

done:
  store i32 1, ptr %p
  ret void

other:
  store i32 2, ptr %p
  ret void
}
