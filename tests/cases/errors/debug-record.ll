; expect: 5:3: debug records (#dbg_value, #dbg_declare, ...) are not supported; strip debug info first (`opt-22 --strip-debug -S`, or compile without -g)
; Debug records are named in the error, never dropped silently.

define void @f(i32 %x) {
  #dbg_value(i32 %x, !0, !DIExpression(), !1)
  ret void
}
