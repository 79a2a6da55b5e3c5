; RUN: -passes=always-inline
; always-inline takes exactly the always-inline calls (the call site or the
; callee alwaysinline, the call site not noinline), whatever they cost, and
; deletes the alwaysinline callees it leaves unused when their linkage
; lets them go. Compared with opt-22 -passes=always-inline: the same.
; expect-remark: inlined @big into @user (cost=always)
; expect-remark: inlined @plain_ext into @user (cost=always)
; expect-remark: inlined @never_ext into @user (cost=always)
; expect-no-remark: @cheap
; expect-output: call void @cheap()
; expect-output: %r = call i32 @big(i32 %x) #1
; expect-count: 0 define internal i32 @big_only(
; expect-count: 0 define linkonce_odr void @lo(
; expect-count: 0 define available_externally void @ae(
; expect-count: 1 define void @ext_always(
; expect-count: 1 define internal i32 @big(
; expect-count: 1 define internal void @named(
; expect-count: 0 define internal void @arg_only(
; expect-count: 1 define internal void @not_always(

declare void @sink(ptr)
declare void @use(i32)

; Too costly for inline (threshold 225), inlined here all the same.
define internal i32 @big(i32 %x) alwaysinline {
  %a = mul i32 %x, %x
  %b = add i32 %a, %x
  %c = mul i32 %b, %a
  %d = add i32 %c, %b
  %e = mul i32 %d, %c
  call void @use(i32 %a)
  call void @use(i32 %b)
  call void @use(i32 %c)
  call void @use(i32 %d)
  call void @use(i32 %e)
  call void @use(i32 %a)
  call void @use(i32 %b)
  call void @use(i32 %c)
  call void @use(i32 %d)
  %f = add i32 %e, %d
  ret i32 %f
}

; Only called, always inline: deleted once inlined.
define internal i32 @big_only(i32 %x) alwaysinline {
  %a = add i32 %x, 1
  ret i32 %a
}

; Cheap, but not always inline: left for inline.
define void @cheap() {
  ret void
}

; External with an always-inline call site: inlined, kept.
define i32 @plain_ext(i32 %x) {
  %a = sub i32 %x, 7
  ret i32 %a
}

; noinline, but the call site says alwaysinline: inlined (as LLVM).
define i32 @never_ext(i32 %x) noinline {
  %a = xor i32 %x, 3
  ret i32 %a
}

define linkonce_odr void @lo() alwaysinline {
  call void @use(i32 1)
  ret void
}

define available_externally void @ae() alwaysinline {
  call void @use(i32 2)
  ret void
}

; External: it may be called from elsewhere, so it stays.
define void @ext_always() alwaysinline {
  call void @use(i32 3)
  ret void
}

; Its address is passed on: it stays.
define internal void @named() alwaysinline {
  call void @use(i32 4)
  ret void
}

; Named only by the argument of its own call, which inlining drops.
define internal void @arg_only(ptr %self) alwaysinline {
  call void @use(i32 5)
  ret void
}

; Called with a call-site alwaysinline, but not alwaysinline itself: inlined
; and kept (only alwaysinline callees are deleted).
define internal void @not_always() {
  call void @use(i32 6)
  ret void
}

define i32 @user(i32 %x) {
  %r = call i32 @big(i32 %x) noinline
  %s = call i32 @big(i32 %r)
  %t = call i32 @big_only(i32 %s)
  call void @cheap()
  %u = call i32 @plain_ext(i32 %t) alwaysinline
  %v = call i32 @never_ext(i32 %u) alwaysinline
  call void @lo()
  call void @ae()
  call void @ext_always()
  call void @named()
  call void @sink(ptr @named)
  call void @arg_only(ptr @arg_only)
  call void @not_always() alwaysinline
  ret i32 %v
}
