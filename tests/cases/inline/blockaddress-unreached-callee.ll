; RUN: -passes=inline
; A callee whose taken block addresses are all of blocks its entry never
; reaches is inlined, as LLVM's cost analysis allows: those blocks are not
; copied, and the copy's constant still names the callee's own block (which
; keeps @publish alive, where LLVM deletes it and stores a dummy address
; instead). A callee with one such block and one its entry
; reaches (the second address read) is refused for the reached one.
; expect-remark: inlined @publish into @caller
; expect-remark: cannot inline @mixed into @caller: the callee has the address of %live taken (blockaddress)
; expect-output: store ptr blockaddress(@publish, %never), ptr @slot, align 8
; expect-count: 1 call void @mixed(i1 %c)
; expect-count: 0 call void @publish()
; expect-count: 0 never.i
@slot = global ptr null
@other = global ptr null

declare void @use(i32)

define internal void @publish() {
entry:
  store ptr blockaddress(@publish, %never), ptr @slot, align 8
  ret void

never:
  call void @use(i32 7)
  unreachable
}

define internal void @mixed(i1 %c) {
entry:
  store ptr blockaddress(@mixed, %unused), ptr @other, align 8
  br i1 %c, label %live, label %done

live:
  store ptr blockaddress(@mixed, %live), ptr @other, align 8
  br label %done

done:
  ret void

unused:
  unreachable
}

define void @caller(i1 %c) {
  call void @publish()
  call void @mixed(i1 %c)
  ret void
}
