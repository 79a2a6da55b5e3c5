; Attribute spellings that opt-22 prints in its own canonical form: a string
; attribute with an empty value is one without, a key prints unescaped,
; `uwtable(async)` is `uwtable`, `vscale_range(N)` is `vscale_range(N,N)`,
; and payload numbers are spaced as LLVM spaces them. String and `noext`
; attributes on return values and parameters.

declare void @callee(ptr, i32)

define "r"="" noext "s" zeroext i8 @f(i32 noext "p"="" %a, ptr initializes((0,4)) %p) #0 {
  ret i8 0
}

define void @g(ptr %p) #1 {
  call void @callee(ptr "q"="" noundef %p, i32 noext 1) "c"=""
  ret void
}

define ptr @h(i32 %n, i32 %m) #2 {
  ret ptr null
}

attributes #0 = { "k"="" "a\\b"="c\\d" uwtable(async) }
attributes #1 = { vscale_range(2) }
attributes #2 = { allocsize(0, 1) vscale_range(1, 4) uwtable(sync) }

define void @k(float nofpclass(zero inf) %x, double nofpclass(nzero pzero) %y, ptr captures(read_provenance, address) %p, ptr captures(address, ret: address) %q, ptr captures(ret: none) %r) {
  ret void
}

declare ptr @alloc(i64) #4
attributes #4 = { allockind("uninitialized,alloc") }
