; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, a select in a header on a phi with a constant
; incoming value is unfolded into a branch, and the rest of the header, from
; the select on, moves to the new join. In @before_heart that rest holds the
; loop heart %h, which would leave the header (opt's verifier: "Cycle heart
; must dominate all blocks in the cycle"): the select stays (token-placement).
; In @after_heart the heart comes first and stays in the header: the
; select is unfolded (the header, holding the heart, is still not copied).
; expect-remark: before_heart:head: jump-threading: not unfolding %v into a branch: [token-placement] the rest of %head would move to a new block, with %h, a call to llvm.experimental.convergence.loop, which never moves
; expect-remark: after_heart:head: jump-threading: unfolded %v into a branch and a phi
; expect-count: 2 call token @llvm.experimental.convergence.loop()
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent

define i32 @before_heart(i32 %n, i32 %a, i32 %b) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %k = phi i32 [ 0, %entry ], [ %n, %head ]
  %c = icmp eq i32 %k, 0
  %v = select i1 %c, i32 %a, i32 %b
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %s = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %h) ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %head, label %exit

exit:
  ret i32 %s
}

define i32 @after_heart(i32 %n, i32 %a, i32 %b) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %k = phi i32 [ 0, %entry ], [ %n, %head ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %c = icmp eq i32 %k, 0
  %v = select i1 %c, i32 %a, i32 %b
  %s = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %h) ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %head, label %exit

exit:
  ret i32 %s
}
