; expect: 4:34: use of undefined value '%missing'
; A blockaddress naming a block its function does not have.
@t = global ptr blockaddress(@f, %next)
@u = global ptr blockaddress(@f, %missing)

define void @f() {
entry:
  br label %next
next:
  ret void
}
