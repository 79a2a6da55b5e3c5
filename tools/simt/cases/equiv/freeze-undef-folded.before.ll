; A frozen undef picks some value; the branch on it may go either way.
declare void @use(i32)

define void @f(i32 %x) {
entry:
  %u = freeze i32 undef
  call void @use(i32 %u)
  %b = freeze i1 undef
  br i1 %b, label %then, label %end

then:
  call void @use(i32 %x)
  br label %end

end:
  ret void
}
