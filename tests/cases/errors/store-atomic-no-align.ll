; expect: 4:16: atomic store must have explicit non-zero alignment
; Located at the stored value, as opt reports it.
define void @f(ptr %p) {
  store atomic i32 0, ptr %p seq_cst
  ret void
}
