; RUN: -passes=simplifycfg<sink-common-insts>
; Calls that differ only in attributes sink as one call carrying what both
; promise: the smaller alignment and dereferenceable size, the flags both
; have, and the effects of either (memory(read) and memory(write) make
; memory(readwrite)). In @differ_inline one call is alwaysinline and the
; other not: that attribute cannot be dropped, so nothing sinks. Same
; output as opt-22.
; expect-remark: sank %r2 from %else, %if into %end
; expect-count: 3 = call
; expect-output: attributes #0 = { memory(readwrite) }
declare ptr @foo(ptr, i64)
declare void @side.effect()

define ptr @merged(i1 %c, ptr %p, i64 %x) {
entry:
  br i1 %c, label %if, label %else

if:
  call void @side.effect()
  %r = call noundef nonnull ptr @foo(ptr align 64 dereferenceable(50) %p, i64 noundef %x) memory(read) nounwind
  br label %end

else:
  %r2 = call noundef ptr @foo(ptr align 32 dereferenceable(100) %p, i64 %x) memory(write)
  br label %end

end:
  %pr = phi ptr [ %r, %if ], [ %r2, %else ]
  ret ptr %pr
}

define ptr @differ_inline(i1 %c, ptr %p, i64 %x) {
entry:
  br i1 %c, label %if, label %else

if:
  call void @side.effect()
  %r = call ptr @foo(ptr %p, i64 %x) alwaysinline
  br label %end

else:
  %r2 = call ptr @foo(ptr %p, i64 %x)
  br label %end

end:
  %pr = phi ptr [ %r, %if ], [ %r2, %else ]
  ret ptr %pr
}
