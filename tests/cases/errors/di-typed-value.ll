; expect: 3:54: expected value token
; A typed value in a debug-info field is read as a constant.
!0 = !DITemplateValueParameter(name: "N", value: i32 ,)
