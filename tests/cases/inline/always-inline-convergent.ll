; RUN: -passes=always-inline
; always-inline asks the oracle as inline does: into a controlled call
; site the callee's entry token is replaced by the call site's token; a
; convergent call without a token into a callee that uses the entry
; intrinsic is refused with LLVM's message (the callee, still called,
; stays); an uncontrolled callee called with a token gets tokens inferred,
; rooted at the call site's. A callee that calls itself is not viable and
; is left alone, as LLVM does. Compared with opt-22 -passes=always-inline:
; the same but for @uncontrolled, where LLVM copies the uncontrolled
; operation as it is into the controlled caller (the module then mixes
; controlled and uncontrolled operations, which LLVM's verifier rejects).
; expect-remark: inlined @controlled into @k (cost=always); entry token replaced by the call site's token
; expect-remark: cannot inline @controlled into @no_token: [inline-needs-token] convergent call needs convergencectrl operand
; expect-remark: inlined @uncontrolled into @k (cost=always); tokens inferred for the uncontrolled callee, rooted at the call site's token
; expect-output: %r.i = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
; expect-output: %u.i = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
; expect-output: call void @controlled(i32 %y)
; expect-count: 0 define internal i32 @uncontrolled(
; expect-count: 1 define internal void @controlled(
; expect-count: 1 define internal void @rec(
; expect-output: call void @rec(i32 %x)

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define internal void @controlled(i32 %v) convergent alwaysinline {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %r = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %r)
  ret void
}

define internal i32 @uncontrolled(i32 %v) convergent alwaysinline {
entry:
  %u = call i32 @subgroup_add(i32 %v)
  ret i32 %u
}

define internal void @rec(i32 %n) alwaysinline {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %again

again:
  %m = sub i32 %n, 1
  call void @rec(i32 %m)
  br label %done

done:
  ret void
}

define void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  call void @controlled(i32 %x) [ "convergencectrl"(token %e) ]
  %w = call i32 @uncontrolled(i32 %x) [ "convergencectrl"(token %e) ]
  call void @use(i32 %w)
  call void @rec(i32 %x)
  ret void
}

define void @no_token(i32 %y) convergent {
entry:
  call void @controlled(i32 %y)
  ret void
}
