; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by the adversarial review of the heart remainder: a module without a
; triple is judged with the conservative model, where the uniformity did not
; count a `freeze` of a maybe-undef value as a source. %p is undef for the
; threads that took %b (the phi is uniform by the undef exemption), and each
; of them freezes it to its own value: threads of %e's group have 5 and, say,
; 0 iterations (one, by the `slt` test). Unrolled by 2 with a remainder,
; the first iteration ran in the unrolled loop for some and in the remainder
; for the others, and %r no longer summed over all of them. Refused.
; expect-remark: [heart-remainder]
; expect-no-remark: with run-time trip count
; expect-unchanged

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define i32 @k(i32 %tid) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %c = icmp ult i32 %tid, 4
  br i1 %c, label %a, label %b

a:
  br label %j

b:
  br label %j

j:
  %p = phi i32 [ 5, %a ], [ undef, %b ]
  %n = freeze i32 %p
  br label %loop

loop:
  %i = phi i32 [ 0, %j ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %j ], [ %acc.next, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %r = call i32 @subgroupAdd(i32 1) [ "convergencectrl"(token %h) ]
  %t = mul i32 %acc, 31
  %acc.next = add i32 %t, %r
  %i.next = add i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %acc.next.lcssa = phi i32 [ %acc.next, %loop ]
  ret i32 %acc.next.lcssa
}
