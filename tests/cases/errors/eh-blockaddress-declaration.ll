; expect: 3:30: cannot take blockaddress inside a declaration
; A blockaddress into a function without a body.
@t = global ptr blockaddress(@f, %bb)

declare void @f()
