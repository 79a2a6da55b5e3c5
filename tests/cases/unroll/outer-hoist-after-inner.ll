; RUN: -passes=loop-unroll
; Once the inner loop is unrolled completely, its copies and the outer
; latch form one block that exits the outer loop on a compare made in it.
; As LLVM simplifies the loop around one it unrolled, that block's leading
; instructions move to the outer preheader while they can: the first
; copy's address (its offset folded to %base) does; the load after it
; stops the rest. opt-22 gives the same output.
; expect-remark: completely unrolled loop with 4 iterations
; expect-output: %addr = getelementptr inbounds i32, ptr %p, i64 %base
define void @nest(ptr %p, i64 %base, i64 %n) {
entry:
  br label %outer

outer:
  %o = phi i64 [ 0, %entry ], [ %o.next, %latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %off = add i64 %base, %j
  %addr = getelementptr inbounds i32, ptr %p, i64 %off
  %v = load i32, ptr %addr
  %w = add i32 %v, 1
  store i32 %w, ptr %addr
  %j.next = add nuw nsw i64 %j, 1
  %jc = icmp ult i64 %j.next, 4
  br i1 %jc, label %inner, label %latch

latch:
  %o.next = add i64 %o, 1
  %oc = icmp ult i64 %o.next, %n
  br i1 %oc, label %outer, label %exit

exit:
  ret void
}
