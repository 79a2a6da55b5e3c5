; RULE: entry-point calling conventions do not permit calls (valid)
; expect: valid
declare spir_func void @k()

define spir_kernel void @f() {
entry:
  call spir_func void @k()
  ret void
}
