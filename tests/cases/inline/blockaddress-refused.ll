; RUN: -passes=inline
; A callee whose block address is taken is not inlined (the copy's blocks
; would not be the ones the address names), nor is anything inlined into a
; caller whose block address is taken.
; expect-unchanged
; expect-remark: cannot inline @taken into @caller: the callee has the address of %then taken (blockaddress)
; expect-remark: cannot inline @small into @taken: the caller has the address of %then taken (blockaddress)
@where = global ptr blockaddress(@taken, %then)

declare void @use(i32)

define internal void @small() alwaysinline {
  ret void
}

define internal void @taken(i1 %c) alwaysinline {
entry:
  call void @small()
  br i1 %c, label %then, label %done

then:
  call void @use(i32 1)
  br label %done

done:
  ret void
}

define void @caller(i1 %c) {
  call void @taken(i1 %c)
  ret void
}
