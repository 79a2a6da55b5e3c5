; RULE: only intrinsics return tokens
; expect-error: Function returns a token but isn't an intrinsic
declare token @make_token()

define void @f() {
  ret void
}
