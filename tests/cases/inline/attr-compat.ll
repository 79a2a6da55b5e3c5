; RUN: -passes=inline
; Callers and callees whose attributes disagree in ways inlining cannot
; reconcile are left alone, as LLVM's compatibility rules say: another gc
; strategy, a strictfp callee into a caller that is not (its FP operations
; would lose their constrained semantics), a callee for which null is a
; valid address into one for which it is not, a sanitizer on one side only,
; different "no-builtins", and other target features (without a target
; triple, LLVM asks for the same ones; x86 accepts a subset: see
; target-features-x86.ll). An optnone caller only receives alwaysinline
; callees.
; expect-remark: cannot inline @gcf into @call_gc: conflicting attributes (a different gc strategy)
; expect-remark: cannot inline @strict into @call_strict: conflicting attributes (a strictfp callee
; expect-remark: cannot inline @nullvalid into @call_nullvalid: nullptr definitions incompatible
; expect-remark: cannot inline @asan into @call_asan: conflicting attributes ('sanitize_address' on one of them only)
; expect-remark: cannot inline @nb into @call_nb: conflicting attributes (different "no-builtins" sets)
; expect-remark: cannot inline @avx512 into @sse2_caller: conflicting attributes (different "target-features")
; expect-remark: cannot inline @sse2 into @avx_caller: conflicting attributes (different "target-features")
; expect-remark: inlined @same into @same_caller
; expect-remark: cannot inline @simple into @optnone_caller: optnone attribute
; expect-remark: inlined @always into @optnone_caller
; expect-output: call void @gcf()
; expect-output: call void @strict()
; expect-output: %r = call i32 @nullvalid()
; expect-output: call void @asan()
; expect-output: call void @nb()
; expect-output: call void @avx512()
; expect-output: call void @sse2()
; expect-output: %r = call i32 @simple(i32 %a)
; expect-count: 0 call void @same()

declare void @use(ptr)

define internal void @gcf() gc "statepoint-example" {
  call void @use(ptr null)
  ret void
}

define void @call_gc() gc "shadow-stack" {
  call void @gcf()
  ret void
}

define internal void @strict() strictfp {
  call void @use(ptr null)
  ret void
}

define void @call_strict() {
  call void @strict()
  ret void
}

define internal i32 @nullvalid() null_pointer_is_valid {
  %v = load i32, ptr null, align 4
  ret i32 %v
}

define i32 @call_nullvalid() {
  %r = call i32 @nullvalid()
  ret i32 %r
}

define internal void @asan() sanitize_address {
  call void @use(ptr null)
  ret void
}

define void @call_asan() {
  call void @asan()
  ret void
}

define internal void @nb() "no-builtins" {
  call void @use(ptr null)
  ret void
}

define void @call_nb() {
  call void @nb()
  ret void
}

define internal void @avx512() "target-cpu"="x86-64" "target-features"="+avx512f" {
  call void @use(ptr null)
  ret void
}

define void @sse2_caller() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @avx512()
  ret void
}

define internal void @sse2() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @use(ptr inttoptr (i64 8 to ptr))
  ret void
}

define void @avx_caller() "target-cpu"="x86-64" "target-features"="+avx,+sse2" {
  call void @sse2()
  ret void
}

define internal void @same() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @use(ptr inttoptr (i64 16 to ptr))
  ret void
}

define void @same_caller() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @same()
  ret void
}

define i32 @simple(i32 %a) {
  %add = add i32 %a, %a
  ret i32 %add
}

define i32 @always(i32 %a) alwaysinline {
  %m = mul i32 %a, %a
  ret i32 %m
}

define i32 @optnone_caller(i32 %a) noinline optnone {
  %r = call i32 @simple(i32 %a)
  %s = call i32 @always(i32 %r)
  ret i32 %s
}
