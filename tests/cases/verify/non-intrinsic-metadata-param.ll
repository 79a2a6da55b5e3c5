; RULE: only intrinsics take metadata or token parameters
; expect-error: Function takes metadata but isn't an intrinsic
; expect-error: Function takes token but isn't an intrinsic
; expect-error: Function has metadata parameter but isn't an intrinsic
; expect-error: Function has token parameter but isn't an intrinsic
declare void @md_param(metadata)

declare void @token_param(i32, token)

define void @indirect(ptr %p) {
  call void (metadata) %p(metadata !0)
  call void (token) %p(token none)
  ret void
}

!0 = !{}
