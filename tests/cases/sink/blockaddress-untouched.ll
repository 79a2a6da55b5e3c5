; RUN: -passes=sink
; A function whose block address is taken is left alone, even without an
; indirectbr of its own: %x would sink into %then, but the address of %then
; must keep meaning the same block.
; expect-unchanged
; expect-remark: sink: function left unchanged: it has the address of %then taken (blockaddress)
@where = global ptr blockaddress(@taken, %then)

declare void @use(i32)

define void @taken(i32 %a, i1 %c) {
entry:
  %x = add i32 %a, 1
  br i1 %c, label %then, label %done

then:
  call void @use(i32 %x)
  br label %done

done:
  ret void
}
