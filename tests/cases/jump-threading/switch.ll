; RUN: -passes=jump-threading
; Switches. In @thread, the switch of %join tests a phi that is 1 from %a
; and 2 from %b: the edge from %a is threaded to its case (a switch block
; may cost 6 more, as in LLVM), and the switch, left with %b's edge only,
; is folded. In @fold, the phi is 3 on every edge: the
; switch becomes a branch to its default. In @constant, a switch on a
; constant goes to its case. In @divergent, the block holds a reduction
; controlled by the entry token and the edges in are decided by the thread
; id: copying the reduction would split its threads, so the oracle refuses
; (the switch stays).
; expect-remark: threaded %a -> %join to %one
; expect-remark: folded the switch of %join: it goes to %other
; expect-remark: [duplicate-under-divergence]
; expect-count: 1 switch i32
; expect-count: 0 switch i32 5
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @thread(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @use(i32 10)
  br label %join

b:
  call void @use(i32 20)
  br label %join

join:
  %v = phi i32 [ 1, %a ], [ 2, %b ]
  call void @use(i32 %v)
  switch i32 %v, label %other [
    i32 1, label %one
    i32 2, label %two
  ]

one:
  call void @use(i32 1)
  ret void

two:
  call void @use(i32 2)
  ret void

other:
  ret void
}

define void @fold(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @use(i32 10)
  br label %join

b:
  call void @use(i32 20)
  br label %join

join:
  %v = phi i32 [ 3, %a ], [ 3, %b ]
  switch i32 %v, label %other [
    i32 1, label %one
  ]

one:
  call void @use(i32 1)
  ret void

other:
  ret void
}

define void @constant() {
entry:
  call void @use(i32 0)
  switch i32 5, label %other [
    i32 5, label %three
  ]

three:
  call void @use(i32 3)
  ret void

other:
  ret void
}

define void @divergent(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, 7
  br i1 %c, label %a, label %b

a:
  call void @use(i32 10)
  br label %join

b:
  call void @use(i32 20)
  br label %join

join:
  %v = phi i32 [ 1, %a ], [ 2, %b ]
  %s = call i32 @subgroupAdd(i32 %x) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %s)
  switch i32 %v, label %other [
    i32 1, label %one
    i32 2, label %two
  ]

one:
  call void @use(i32 1)
  ret void

two:
  call void @use(i32 2)
  ret void

other:
  ret void
}
