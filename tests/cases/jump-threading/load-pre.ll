; RUN: -passes=jump-threading
; Partially redundant loads that a branch tests become a phi of the values
; the predecessors have, so that the edges where it is a constant thread
; (LLVM's simplifyPartiallyRedundantLoad). In @pre_store, %a stores 0 to
; @g (a store to the noalias %n in between cannot write @g) and %b has
; nothing: %b, which falls through, loads @g itself (%v.pr), and the edge
; from %a is threaded to %yes. In @pre_phi_ptr, the address is a phi: in
; %a it is @g, just stored, in %b @h, loaded in %b. In @pre_split, the
; value is unknown in %b and %cc, one of which branches elsewhere too: they
; are redirected through %mthread-pre-split, which loads it; %p is only an
; argument, but nothing in %m comes before the load, so the new load runs
; exactly when the old one did. In @through_single_preds, the value stored
; in %entry is found through %a, which has no other predecessor. In
; @kernel, a convergent function, the load becomes a phi as anywhere (a
; load is not convergent and nothing convergent moves), but threading %a
; through %m would copy the reduction %s under the branch on %c, which may
; diverge: the oracle refuses. opt-22 gives the same output but for the
; order of blocks in @pre_split (where it merges the split block with %m)
; and @kernel, where it threads nothing on a divergent target.
; expect-count: 1 %v.pr = load i32, ptr @g
; expect-count: 2 %v.pr = load i32, ptr %p
; expect-remark: loading it in %mthread-pre-split
; expect-count: 0 %v = load
; expect-count: 0 %w = load
; expect-remark: made %v a phi of the values available in the predecessors of %m, loading it in %b
; expect-remark: threaded %a -> %m to %yes
; expect-remark: not threading %a -> %m -> %yes: [duplicate-under-divergence]
; expect-output: %v = phi i32 [ 1, %b ], [ 0, %a ]

@g = global i32 1
@h = global i32 2

declare void @use(i32)
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define void @pre_store(i1 %c, ptr noalias %n) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr @g, align 4
  store i32 5, ptr %n, align 4
  br label %m

b:
  call void @use(i32 5)
  br label %m

m:
  %v = load i32, ptr @g, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @pre_phi_ptr(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr @g, align 4
  br label %m

b:
  %x = load i32, ptr @h, align 4
  call void @use(i32 %x)
  br label %m

m:
  %ptr = phi ptr [ @g, %a ], [ @h, %b ]
  %w = load i32, ptr %ptr, align 4
  %t = icmp eq i32 %w, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @pre_split(i1 %c, i1 %d, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  br i1 %d, label %cc, label %m

cc:
  call void @use(i32 3)
  br i1 %d, label %m, label %out

m:
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %out

yes:
  call void @use(i32 1)
  ret void

out:
  ret void
}

define void @through_single_preds(i1 %c, ptr %p) {
entry:
  store i32 4, ptr %p, align 4
  br i1 %c, label %a, label %b

a:
  call void @use(i32 0)
  br label %m

b:
  store i32 0, ptr %p, align 4
  br label %m

m:
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @kernel(i1 %c, ptr %p, i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  store i32 1, ptr %p, align 4
  br label %m

m:
  %v = load i32, ptr %p, align 4
  %s = call i32 @subgroupAdd(i32 %x) [ "convergencectrl"(token %tok) ]
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 %s)
  ret void

no:
  ret void
}
