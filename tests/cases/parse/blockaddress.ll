; blockaddress constants: in a global initializer before the function is
; read, in an instruction of another function, in the function itself, and
; of unnamed blocks (printed with their slot numbers, whatever the source
; numbered them).
@table = global [3 x ptr] [ptr blockaddress(@dispatch, %one), ptr blockaddress(@dispatch, %3), ptr blockaddress(@dispatch, %two)]

declare void @take(ptr)

define void @user() {
  call void @take(ptr blockaddress(@dispatch, %two))
  ret void
}

define i32 @dispatch(ptr %p) {
entry:
  indirectbr ptr %p, [label %one, label %two, label %3]
one:
  indirectbr ptr blockaddress(@dispatch, %two), [label %two]
two:
  ret i32 2
3:
  ret i32 3
}
