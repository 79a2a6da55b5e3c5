; expect: 4:39: atomic load must have explicit non-zero alignment
; The missing alignment is found first, at the pointer operand.
define void @f(ptr %p) {
  %a = load atomic target("foo.bar"), ptr %p seq_cst
  ret void
}
