// A kernel for the debug-info test (tests/clang_kernels.rs): a helper with a
// loop to inline, a barrier and a sub-group reduction.
static float weigh(float x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x * i;
  return s;
}

__kernel void scale(__global float *out, int n) {
  int id = get_global_id(0);
  float v = weigh(out[id], n);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v > 0.0f)
    v += sub_group_reduce_add(v);
  out[id] = v;
}
