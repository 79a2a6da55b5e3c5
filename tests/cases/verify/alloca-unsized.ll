; RULE: an alloca allocates a sized type
; expect-error: Cannot allocate unsized type
define void @f() {
  %a = alloca %O, align 4
  ret void
}
%O = type opaque
