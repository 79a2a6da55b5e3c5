; RUN: -passes=jump-threading
; Branches on a freeze. In @phi, the freeze of a phi of constants is known
; on each edge in (a constant is not poison), so both edges are threaded as
; for a branch on the phi itself; the reduction in %t2 is controlled by the
; entry token and %cond is uniform (a kernel argument), so copying it is
; allowed. In @twice, the freeze of %c in %inner is not decided by the
; freeze branched on in %entry: where %c is poison the two may differ
; (freeze-of-poison-is-not-decided.ll). But it has no user but its branch,
; so it may be frozen to the value the branch in %entry saw, and the branch
; is folded, as opt-22 folds it: its output (without the target triple)
; is the same.
; expect-remark: threaded
; expect-count: 0 freeze i1 %A
; expect-count: 1 %c.fr =
; expect-no-remark: not threading
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define i32 @phi(i1 %cond, i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %cond, label %t1, label %f1

t1:
  call void @use(i32 1)
  br label %merge

f1:
  call void @use(i32 2)
  br label %merge

merge:
  %A = phi i1 [ true, %t1 ], [ false, %f1 ]
  %A.fr = freeze i1 %A
  br i1 %A.fr, label %t2, label %f2

t2:
  %s = call i32 @subgroupAdd(i32 %x) [ "convergencectrl"(token %tok) ]
  ret i32 %s

f2:
  ret i32 0
}

define void @twice(i1 %c, i1 %d) {
entry:
  %c.fr = freeze i1 %c
  br i1 %c.fr, label %a, label %exit

a:
  br i1 %d, label %inner, label %exit

inner:
  %c.fr2 = freeze i1 %c
  br i1 %c.fr2, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void

exit:
  ret void
}
