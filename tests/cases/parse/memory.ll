; Memory instructions with their flags, alignments and orderings.
define i32 @memory(ptr %p, ptr addrspace(1) %q, i64 %i) {
  %a = alloca i32, align 4
  %b = alloca [4 x i32], i32 2, align 16, addrspace(5)
  store i32 1, ptr %a, align 4
  store volatile i32 2, ptr %a
  %v = load i32, ptr %a, align 4
  %w = load volatile i32, ptr addrspace(1) %q, align 8
  %at = load atomic i32, ptr %p seq_cst, align 4
  store atomic i32 %v, ptr %p syncscope("agent") release, align 4
  %g = getelementptr inbounds nuw [4 x i32], ptr %p, i64 0, i64 %i
  %g2 = getelementptr i8, ptr %g, i64 4
  %rmw = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  %rmw2 = atomicrmw volatile fadd ptr %p, float 1.0 syncscope("workgroup") monotonic
  %cx = cmpxchg weak ptr %p, i32 %v, i32 %w acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %cx, 1
  fence syncscope("wavefront") acquire
  ret i32 %rmw
}
