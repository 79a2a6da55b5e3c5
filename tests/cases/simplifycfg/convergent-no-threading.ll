; RUN: -passes=simplifycfg
; LLVM's own convergent.ll shape: a convergent call between two branches
; on the same condition. Nothing here is simplified (no block is empty or
; mergeable, and the arms differ), so the calls stay where they are, as
; in opt-22.
; expect-unchanged

declare void @foo() convergent

define i32 @test_01(i32 %a) {
entry:
  %cond = icmp eq i32 %a, 0
  br i1 %cond, label %merge, label %if.false

if.false:
  call void @foo()
  br label %merge

merge:
  call void @foo()
  br i1 %cond, label %exit, label %if.false.2

if.false.2:
  call void @foo()
  br label %exit

exit:
  ret i32 %a
}
