; run: --threads 2 --func f --args buf,tid
; expect-error: undefined behaviour: thread 0: store of 4 bytes at offset 4096 is out of bounds of %out (4096 bytes) in @f/%entry
define void @f(ptr %out, i32 %i) {
entry:
  %p = getelementptr i32, ptr %out, i32 1024
  store i32 %i, ptr %p
  ret void
}
