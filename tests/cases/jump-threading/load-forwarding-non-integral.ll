; RUN: -passes=jump-threading
; A pointer stored and read back as an integer of its size is forwarded
; through a ptrtoint only when its address space is integral. LLVM 22 counts
; as non-integral not only the address spaces listed in ni:, but also those
; whose pointer specification is flagged u (unstable representation) or e
; (external state), and those whose index is narrower than the pointer: in
; this layout addrspace(1) has a 32-bit index, addrspace(2) is unstable and
; addrspace(3) has external state, and only addrspace(4) is integral. In
; @to_ptr, an integer stored and read back as a pointer of those address
; spaces would need an inttoptr. opt-22 forwards only in @integral.
; expect-count: 1 ptrtoint
; expect-count: 0 inttoptr
; expect-output: %0 = ptrtoint ptr addrspace(4) %v to i64
; expect-output: %x1 = load i64, ptr %p, align 8
; expect-output: %x2 = load i64, ptr %p, align 8
; expect-output: %x3 = load i64, ptr %p, align 8
; expect-output: %y1 = load ptr addrspace(1), ptr %p, align 8
; expect-output: %y3 = load ptr addrspace(3), ptr %p, align 8

target datalayout = "e-p1:64:64:64:32-pu2:64:64-pe3:64:64-p4:64:64"

declare void @g()

define i1 @index_narrower(ptr %p, ptr addrspace(1) %v, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store ptr addrspace(1) %v, ptr %p, align 8
  %x1 = load i64, ptr %p, align 8
  %t = icmp eq i64 %x1, 0
  br i1 %t, label %a, label %b

a:
  ret i1 true

b:
  ret i1 false
}

define i1 @unstable(ptr %p, ptr addrspace(2) %v, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store ptr addrspace(2) %v, ptr %p, align 8
  %x2 = load i64, ptr %p, align 8
  %t = icmp eq i64 %x2, 0
  br i1 %t, label %a, label %b

a:
  ret i1 true

b:
  ret i1 false
}

define i1 @external_state(ptr %p, ptr addrspace(3) %v, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store ptr addrspace(3) %v, ptr %p, align 8
  %x3 = load i64, ptr %p, align 8
  %t = icmp eq i64 %x3, 0
  br i1 %t, label %a, label %b

a:
  ret i1 true

b:
  ret i1 false
}

define i1 @integral(ptr %p, ptr addrspace(4) %v, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store ptr addrspace(4) %v, ptr %p, align 8
  %x4 = load i64, ptr %p, align 8
  %t = icmp eq i64 %x4, 0
  br i1 %t, label %a, label %b

a:
  ret i1 true

b:
  ret i1 false
}

define i1 @to_ptr(ptr %p, i64 %v, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store i64 %v, ptr %p, align 8
  %y1 = load ptr addrspace(1), ptr %p, align 8
  %y3 = load ptr addrspace(3), ptr %p, align 8
  %t = icmp eq ptr addrspace(1) %y1, null
  br i1 %t, label %a, label %b

a:
  %u = icmp eq ptr addrspace(3) %y3, null
  ret i1 %u

b:
  ret i1 false
}
