; RUN: -passes=inline
; Lifetime markers for inlined allocas, as LLVM 22 puts them: each static
; alloca of the callee's entry that moves to the caller's entry gets
; llvm.lifetime.start where the inlined body begins and llvm.lifetime.end
; before each of its returns, so that the caller's frame does not keep it
; alive beyond the call (a loop calling it reuses the slot). Not for %own,
; which the callee scopes itself, nor for the zero-sized %none and %zero,
; nor for %unused (deleted); a callee that never returns gets only the
; start. A byval copy is an inlined alloca too: its markers come first and
; its memcpy after them. In the kernel, the alloca is in address space 5,
; and so are the markers (llvm.lifetime.start.p5); the convergent
; operation keeps the call site's token. opt-22 gives the same output but
; for the suffixes that make the copies' names unique (LLVM numbers them
; with one counter per function, we per name in the order of the entry
; block, where the second copy's allocas come first). The inlined allocas'
; addresses stay inside (the executor tells allocations apart by the order
; in which they are made, which inlining changes).
; expect-count: 2 call void @llvm.lifetime.start.p0(ptr %a.i
; expect-count: 4 call void @llvm.lifetime.end.p0(ptr %a.i
; expect-count: 2 call void @llvm.lifetime.start.p0(ptr %own.i
; expect-count: 0 lifetime.start.p0(ptr %none.i
; expect-count: 0 lifetime.start.p0(ptr %zero.i
; expect-count: 0 %unused.i
; expect-output: call void @llvm.lifetime.start.p0(ptr %s.i)
; expect-count: 1 call void @llvm.lifetime.end.p0(ptr %s.i)
; expect-count: 1 call void @llvm.lifetime.start.p0(ptr %d.i)
; expect-count: 0 call void @llvm.lifetime.end.p0(ptr %d.i)
; expect-output: call void @llvm.lifetime.start.p0(ptr %src1)
; expect-output: call void @llvm.lifetime.end.p0(ptr %src1)
; expect-output: call void @llvm.lifetime.start.p5(ptr addrspace(5) %slot.i)
; expect-output: call void @llvm.lifetime.end.p5(ptr addrspace(5) %slot.i)
target datalayout = "e-p:64:64-p5:32:32"

declare void @flag(i1)
declare void @usei(i32)
declare void @abort() noreturn nounwind
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry()

%pair = type { i32, i32 }

define internal i32 @two(i1 %c) {
entry:
  %a = alloca i32
  %own = alloca i32
  %none = alloca [0 x i32]
  %zero = alloca i32, i32 0
  %unused = alloca i64
  call void @llvm.lifetime.start.p0(ptr %own)
  store i32 7, ptr %own
  %o = load i32, ptr %own
  call void @llvm.lifetime.end.p0(ptr %own)
  store i32 %o, ptr %a
  %n = icmp eq ptr %none, null
  %z = icmp eq ptr %zero, null
  %nz = or i1 %n, %z
  call void @flag(i1 %nz)
  br i1 %c, label %t, label %f

t:
  %v = load i32, ptr %a
  ret i32 %v

f:
  ret i32 2
}

define internal void @dies() {
  %d = alloca i32
  store i32 1, ptr %d
  %x = load i32, ptr %d
  call void @usei(i32 %x)
  call void @abort()
  unreachable
}

define internal i32 @sum(ptr byval(%pair) %p) {
  %s = alloca i32
  %x = load i32, ptr %p
  store i32 %x, ptr %s
  %y = load i32, ptr %s
  ret i32 %y
}

define i32 @caller(i1 %c, i32 %k) {
entry:
  %src = alloca %pair
  store i32 %k, ptr %src
  %r1 = call i32 @two(i1 %c)
  %r2 = call i32 @two(i1 %c)
  %r3 = call i32 @sum(ptr byval(%pair) %src)
  br i1 %c, label %stop, label %go

stop:
  call void @dies()
  ret i32 0

go:
  %r = add i32 %r1, %r2
  %s = add i32 %r, %r3
  ret i32 %s
}

define internal i32 @reduce(i32 %v) convergent {
  %t = call token @llvm.experimental.convergence.entry()
  %slot = alloca i32, addrspace(5)
  store i32 %v, ptr addrspace(5) %slot
  %w = load i32, ptr addrspace(5) %slot
  %g = call i32 @subgroup_add(i32 %w) [ "convergencectrl"(token %t) ]
  ret i32 %g
}

define i32 @kernel(i32 %v) convergent {
  %e = call token @llvm.experimental.convergence.entry()
  %r = call i32 @reduce(i32 %v) [ "convergencectrl"(token %e) ]
  ret i32 %r
}
