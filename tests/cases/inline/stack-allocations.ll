; RUN: -passes=inline
; Inlined, an alloca of the callee's entry with a constant size moves to
; the caller's entry: one allocation per call of the caller. Any other
; alloca would stay where the call was and allocate again each time it
; runs: in @loop, once per iteration, without bound. Such callees are not
; inlined, as LLVM does not inline them. A callee whose alloca is sized by
; a parameter is inlined where the argument is a constant (its alloca moves
; to the entry; as in LLVM, the inlined code is still bracketed with
; llvm.stacksave and llvm.stackrestore, the callee's alloca being dynamic);
; a caller that calls itself gets at most 1024 bytes more.
; expect-remark: inlined @sized into @loop
; expect-remark: cannot inline @sized into @variable: the callee has an alloca of a size not known at this call
; expect-remark: cannot inline @late into @loop: the callee has an alloca of a size not known at this call, or outside its entry block
; expect-remark: cannot inline @big into @recursive: the caller calls itself and the callee allocates 2048 bytes of stack
; expect-output: %buf.i = alloca i32, i32 8, align 4

declare void @use(ptr)
declare void @use_value(i32)

define internal void @sized(i32 %n) {
entry:
  %buf = alloca i32, i32 %n, align 4
  store i32 %n, ptr %buf, align 4
  %v = load volatile i32, ptr %buf, align 4
  call void @use_value(i32 %v)
  ret void
}

define internal void @late(i1 %c) {
entry:
  br i1 %c, label %more, label %done

more:
  %tmp = alloca i32, align 4
  store volatile i32 1, ptr %tmp, align 4
  br label %done

done:
  ret void
}

define internal void @big() {
entry:
  %a = alloca [512 x i32], align 4
  call void @use(ptr %a)
  ret void
}

define void @loop(i32 %trips, i1 %c) {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  call void @sized(i32 8)
  call void @late(i1 %c)
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %trips
  br i1 %again, label %body, label %exit

exit:
  ret void
}

define void @variable(i32 %n) {
entry:
  call void @sized(i32 %n)
  ret void
}

define void @recursive(i32 %depth) {
entry:
  call void @big()
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %again, label %done

again:
  %d = sub i32 %depth, 1
  call void @recursive(i32 %d)
  br label %done

done:
  ret void
}
