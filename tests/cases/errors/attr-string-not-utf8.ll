; expect: 6:25: attribute strings must be valid UTF-8
; An attribute value that is not UTF-8 is refused rather than changed.
define void @f() #0 {
  ret void
}
attributes #0 = { "key"="x\FFy" }
