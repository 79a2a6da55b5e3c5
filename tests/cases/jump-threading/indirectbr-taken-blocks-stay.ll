; RUN: -passes=jump-threading
; Blocks whose address is taken stay where they are. In @chain, %b's only
; predecessor %a falls through to it, but both are named by blockaddress
; constants: neither is merged into the other (a merge would delete one).
; In @forward, %empty is an empty block that only falls through to %join
; and its address is taken: it is not forwarded (the indirectbr lists it).
; expect-unchanged
@addrs = constant [2 x ptr] [ptr blockaddress(@chain, %a), ptr blockaddress(@chain, %b)]

declare void @f(i32)

define void @chain() {
entry:
  br label %a

a:
  call void @f(i32 1)
  br label %b

b:
  call void @f(i32 2)
  ret void
}

define void @forward(i1 %c, ptr %p) {
entry:
  br i1 %c, label %dispatch, label %join

dispatch:
  indirectbr ptr %p, [label %empty, label %join]

empty:
  br label %join

join:
  %v = phi i32 [ 0, %entry ], [ 1, %dispatch ], [ 2, %empty ]
  call void @f(i32 %v)
  %q = select i1 %c, ptr blockaddress(@forward, %empty), ptr %p
  call void @f(i32 3)
  ret void
}
