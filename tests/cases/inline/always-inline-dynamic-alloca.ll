; RUN: -passes=always-inline
; A callee with dynamic allocas (sized by a parameter, or outside its
; entry block) is inlined by always-inline, the inlined code bracketed
; with llvm.stacksave and llvm.stackrestore (before each return): inlined
; into a loop, its allocas would otherwise grow the stack at each
; iteration. Compared with opt-22 -passes=always-inline: the same but
; for one name (LLVM names the returned value's phi %r2, uniquing the name
; of the call %r as it creates it; the printer here gives the suffix to
; whichever comes later, and the call is gone).
; expect-remark: inlined @fill into @loop (cost=always)
; expect-remark: inlined @two_exits into @loop (cost=always)
; expect-count: 2 = call ptr @llvm.stacksave.p0()
; expect-count: 3 call void @llvm.stackrestore.p0(ptr %savedstack
; expect-count: 0 call void @fill(
; expect-count: 0 call i32 @two_exits(

declare void @sink(ptr)

define internal void @fill(i32 %n) alwaysinline {
entry:
  %buf = alloca i32, i32 %n, align 4
  call void @sink(ptr %buf)
  ret void
}

define internal i32 @two_exits(i32 %n) alwaysinline {
entry:
  %c = icmp sgt i32 %n, 8
  br i1 %c, label %big, label %small

big:
  %b = alloca i64, i32 %n, align 8
  call void @sink(ptr %b)
  ret i32 1

small:
  ret i32 0
}

define i32 @loop(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %head ]
  call void @fill(i32 %i)
  %r = call i32 @two_exits(i32 %i)
  %acc.next = add i32 %acc, %r
  %i.next = add i32 %i, 1
  %d = icmp eq i32 %i.next, %n
  br i1 %d, label %exit, label %head

exit:
  ret i32 %acc.next
}
