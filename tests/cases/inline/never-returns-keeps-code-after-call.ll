; RUN: -passes=inline
; The callee never returns, so the code after the call has no way in. It
; stays as it is (LLVM's inliner leaves it for a CFG cleanup): deleting only
; the block after the call would leave %after.use, in the next block,
; using %sum, which that block defined. The call's result, used beyond it,
; becomes poison. The output verifies.
; expect-remark: inlined @spin into @caller
; expect-output: spin.exit:                                        ; No predecessors!
; expect-output: %sum = add i32 %x, 1
; expect-output: %after.use = mul i32 %sum, poison
target triple = "amdgcn-amd-amdhsa"

define internal i32 @spin(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  br label %loop
}

define i32 @caller(i32 %x) {
entry:
  %r = call i32 @spin(i32 %x)
  %sum = add i32 %x, 1
  br label %next

next:
  %after.use = mul i32 %sum, %r
  ret i32 %after.use
}
