; Forms real producers emit: the old `s` data-layout specifier (accepted
; and ignored), a bitcast that regroups vector lanes, string attributes on
; parameters and returns, and an indirect call in the program address space.
target datalayout = "e-s0:64:64-i64:64-P9"

define "ret-kind"="x" i32 @f(i32 "arg-kind"="0" %a, ptr addrspace(9) %fp) {
entry:
  %v = bitcast <1 x i32> <i32 65793> to <4 x i8>
  %w = bitcast <4 x i8> %v to i32
  %r = call i32 %fp(i32 %w)
  %s = call addrspace(9) i32 %fp(i32 %r)
  ret i32 %s
}
