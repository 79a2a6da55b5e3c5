; RUN: -passes=inline
; Eight functions call each other in a ring, each the next one twice: the
; cycle is inlined into itself as LLVM's inliner does it, not without end.
; All calls of the ring are taken in order before the calls inlining brings
; in, so each function first takes in the next one's body (which then has
; no call left and is deleted), and the calls brought in reach functions
; grown too costly sooner: @f0 and @f4 stay, each with the three functions
; after it inlined, as with LLVM, instead of one function with 2^8 copies.
; No call is inlined into a copy of its own callee (the inline history).
; expect-remark: inlined @f1 into @f0
; expect-remark: inlined @f2 into @f0
; expect-remark: cannot inline @f4 into @f0: too costly
; expect-count: 2 define internal void
; expect-count: 16 call void @f4(
; expect-count: 17 call void @f0(
; expect-count: 1 call void @f0(i32 %x)

@g = global i32 0

define internal void @f0(i32 %x) {
entry:
  store volatile i32 0, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f1(i32 %y)
  call void @f1(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f1(i32 %x) {
entry:
  store volatile i32 1, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f2(i32 %y)
  call void @f2(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f2(i32 %x) {
entry:
  store volatile i32 2, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f3(i32 %y)
  call void @f3(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f3(i32 %x) {
entry:
  store volatile i32 3, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f4(i32 %y)
  call void @f4(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f4(i32 %x) {
entry:
  store volatile i32 4, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f5(i32 %y)
  call void @f5(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f5(i32 %x) {
entry:
  store volatile i32 5, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f6(i32 %y)
  call void @f6(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f6(i32 %x) {
entry:
  store volatile i32 6, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f7(i32 %y)
  call void @f7(i32 %y)
  br label %done

done:
  ret void
}

define internal void @f7(i32 %x) {
entry:
  store volatile i32 7, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done

more:
  %y = sub i32 %x, 1
  call void @f0(i32 %y)
  call void @f0(i32 %y)
  br label %done

done:
  ret void
}

define void @start(i32 %x) {
  call void @f0(i32 %x)
  ret void
}
