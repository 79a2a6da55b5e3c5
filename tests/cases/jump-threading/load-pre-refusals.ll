; RUN: -passes=jump-threading
; Loads that are not replaced. In @clobbered_in_pred, the store to %q may
; write %p after the value stored in %a, and in @clobbered_in_block the
; store above the load in %m may; in @call_clobbers, a call that may write
; anything stands between the value and the load. @volatile and @atomic
; loads are left alone. In @address_in_block, the address is computed in
; %m itself, so the predecessors cannot load it. In @not_speculable, %b
; would need a load of %p, an argument that may not be dereferenceable, and
; the call before the load in %m may not return: the new load could run
; where the old one never did. In @too_far, the store in %a is more than
; six instructions up: %a gets a load of its own, and only %b's edge is
; threaded. opt-22 gives the same output (it also forwards the empty %b of
; @address_in_block, which is not about loads).
; expect-count: 4 %v = load i32, ptr %p, align 4
; expect-count: 1 %v = load i32, ptr %pm, align 4
; expect-count: 1 %v = load volatile i32
; expect-count: 1 %v = load atomic i32
; expect-count: 1 .pr = load
; expect-remark: made %v a phi of the values available in the predecessors of %m, loading it in %a
; expect-no-remark: replaced

declare void @use(i32)
declare void @may_not_return() nounwind memory(none)
declare void @anything()

define void @clobbered_in_pred(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  store i32 1, ptr %q, align 4
  br label %m

b:
  call void @use(i32 5)
  br label %m

m:
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @clobbered_in_block(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  store i32 1, ptr %p, align 4
  br label %m

m:
  store i32 2, ptr %q, align 4
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @call_clobbers(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  call void @anything()
  br label %m

b:
  store i32 1, ptr %p, align 4
  call void @anything()
  br label %m

m:
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @volatile(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  store i32 1, ptr %p, align 4
  br label %m

m:
  %v = load volatile i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @atomic(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  store i32 1, ptr %p, align 4
  br label %m

m:
  %v = load atomic i32, ptr %p acquire, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @address_in_block(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  %pa = getelementptr i32, ptr %p, i64 1
  store i32 0, ptr %pa, align 4
  br label %m

b:
  br label %m

m:
  %pm = getelementptr i32, ptr %p, i64 1
  %v = load i32, ptr %pm, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @not_speculable(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  br label %m

b:
  call void @use(i32 5)
  br label %m

m:
  call void @may_not_return()
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}

define void @too_far(i1 %c, ptr %p, i32 %x) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 0, ptr %p, align 4
  %x1 = add i32 %x, 1
  %x2 = add i32 %x1, 1
  %x3 = add i32 %x2, 1
  %x4 = add i32 %x3, 1
  %x5 = add i32 %x4, 1
  call void @use(i32 %x5)
  br label %m

b:
  store i32 1, ptr %p, align 4
  br label %m

m:
  %v = load i32, ptr %p, align 4
  %t = icmp eq i32 %v, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 %v)
  ret void
}
