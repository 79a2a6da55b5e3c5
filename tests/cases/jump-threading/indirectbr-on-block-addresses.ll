; RUN: -passes=jump-threading
; An indirectbr on a phi of block addresses: in @thread the edge from
; %left brings the address of %one, so it is threaded straight there
; through a copy of %go (an indirect branch may cost 8 more); the edge from
; %right, whose address is not known, still goes through %go. In @fold the
; phi brings the address of %two on both edges: the indirectbr becomes a
; branch to %two. In @constant the address is a constant: the same. The
; blocks whose address is taken are never merged into their predecessor
; nor deleted: %one and %two stay, and in @constant %one, which nothing
; reaches any more, is emptied to `unreachable` (the global still names it).
; expect-remark: threaded %left -> %go to %one
; expect-remark: folded the indirectbr of %go: it goes to %two from every edge in
; expect-remark: folded the indirectbr of %entry: it goes to %two
; expect-count: 1 indirectbr ptr %p, [label %one, label %two]
; expect-count: 1 unreachable
@table = constant [2 x ptr] [ptr blockaddress(@constant, %one), ptr blockaddress(@constant, %two)]

declare void @f(i32)

define void @thread(i1 %c, ptr %p) {
entry:
  br i1 %c, label %left, label %right

left:
  call void @f(i32 1)
  br label %go

right:
  call void @f(i32 2)
  br label %go

go:
  %dest = phi ptr [ blockaddress(@thread, %one), %left ], [ %p, %right ]
  call void @f(i32 3)
  indirectbr ptr %dest, [label %one, label %two]

one:
  call void @f(i32 4)
  ret void

two:
  call void @f(i32 5)
  ret void
}

define void @fold(i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  call void @f(i32 1)
  br label %go

right:
  call void @f(i32 2)
  br label %go

go:
  %dest = phi ptr [ blockaddress(@fold, %two), %left ], [ blockaddress(@fold, %two), %right ]
  indirectbr ptr %dest, [label %one, label %two]

one:
  call void @f(i32 4)
  ret void

two:
  call void @f(i32 5)
  ret void
}

define void @constant() {
entry:
  indirectbr ptr blockaddress(@constant, %two), [label %one, label %two]

one:
  call void @f(i32 4)
  br label %two

two:
  call void @f(i32 5)
  ret void
}
