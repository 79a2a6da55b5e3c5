; RUN: -passes=infer-convergence-tokens
; A loop with a convergent operation gets a heart after its phis; the
; operation after the loop uses the entry token.
; expect-remark: inferred convergence control: entry token, 1 loop heart, 2 bundles
; expect-output: %tok.loop = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %tok.entry) ]
; expect-output: %r = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %tok.loop) ]
declare i32 @subgroup_add(i32) convergent

define i32 @loop(i32 %n) convergent {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %header ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %header ]
  %r = call i32 @subgroup_add(i32 %i)
  %acc.next = add i32 %acc, %r
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %header

exit:
  %total = call i32 @subgroup_add(i32 %acc.next)
  ret i32 %total
}
