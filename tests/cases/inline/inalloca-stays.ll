; RUN: -passes=always-inline
; An inalloca alloca is not static (LLVM's isStaticAlloca): it makes the
; memory of one call's arguments at the top of the stack, so inlining
; leaves it right before its call instead of moving it to the caller's
; entry block (where other allocas could end up above it), and gives it
; no lifetime markers. Of a constant size in the callee's entry, LLVM's
; cloner does not count it as dynamic: no llvm.stacksave bracket.
; Compared with opt-22 -passes=always-inline: the same.
; expect-remark: inlined @pass_args into @loop (cost=always)
; expect-output: %i = phi i32 [ 0, %entry ], [ %next, %body ]
; expect-output: %args.i = alloca inalloca <{ i32, i32 }>, align 4
; expect-count: 0 @llvm.stacksave
; expect-count: 0 call void @llvm.lifetime.start
; expect-count: 0 call void @pass_args(

declare void @take(ptr inalloca(<{ i32, i32 }>))

define internal void @pass_args(i32 %a) alwaysinline {
entry:
  %args = alloca inalloca <{ i32, i32 }>, align 4
  store i32 %a, ptr %args, align 4
  call void @take(ptr inalloca(<{ i32, i32 }>) %args)
  ret void
}

define void @loop(i32 %n) {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  call void @pass_args(i32 %i)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %body, label %done

done:
  ret void
}
