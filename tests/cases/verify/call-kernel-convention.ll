; RULE: entry-point calling conventions do not permit calls
; expect-error: calling convention does not permit calls
declare spir_kernel void @k()

define spir_func void @f() {
entry:
  call spir_kernel void @k()
  ret void
}
