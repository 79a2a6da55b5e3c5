; RUN: -passes=simplifycfg<sink-common-insts>
; The arms end in the same computation and store on different values: the
; add and the store sink into the join, with one phi for the operand that
; differs, and the phi that joined the results goes. In @split the join
; also has a conditional predecessor: the two arms are routed through a
; new block, %end.sink.split, which the sunk store starts. Same output as
; opt-22 (up to the order of a `; preds =` comment).
; expect-remark: sank %b from %else, %then into %end
; expect-remark: sank the store from %else, %then into %end.sink.split
; expect-count: 2 store i32
; expect-output: %y.sink = phi i32 [ %y, %else ], [ %x, %then ]
declare void @left()
declare void @right()

define i32 @ordinary(i1 %c, i32 %x, i32 %y, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @left()
  %a = add nsw i32 %x, 1
  store i32 %a, ptr %p, align 4
  br label %end

else:
  call void @right()
  %b = add i32 %y, 1
  store i32 %b, ptr %p, align 4
  br label %end

end:
  %r = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %r
}

define void @split(i1 %c, i1 %d, i32 %x, i32 %y, ptr %p) {
entry:
  br i1 %c, label %then, label %test

test:
  br i1 %d, label %else, label %end

then:
  call void @left()
  store i32 %x, ptr %p, align 4
  br label %end

else:
  call void @right()
  store i32 %y, ptr %p, align 4
  br label %end

end:
  ret void
}
