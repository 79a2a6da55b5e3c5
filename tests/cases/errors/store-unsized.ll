; expect: 4:9: storing unsized types is not allowed
; Without an alignment the reader needs the stored type's size.
define void @f(ptr %p) {
  store { i32, target("aarch64.svcount") } poison, ptr %p
  ret void
}
