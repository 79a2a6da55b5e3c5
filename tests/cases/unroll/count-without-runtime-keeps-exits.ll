; RUN: -passes=loop-unroll -unroll-count=4
; The trip count %len is known only at run time, and -unroll-count=4 is
; given without -unroll-runtime: as in opt-22, no remainder loop is made
; (a count alone does not ask for one), and the loop is unrolled by 4 with
; every copy keeping its exit test, so any copy may be the last.
; expect-remark: unrolled loop by a factor of 4, keeping every copy's exit test
; expect-no-remark: remainder
; expect-count: 4 icmp ult i64
; expect-count: 0 xtraiter
define i64 @scan(ptr %p, i64 %len) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i64 [ 5381, %entry ], [ %h.next, %loop ]
  %q = getelementptr inbounds i8, ptr %p, i64 %i
  %b = load i8, ptr %q, align 1
  %bw = zext i8 %b to i64
  %h33 = mul i64 %h, 33
  %h.next = xor i64 %h33, %bw
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret i64 %h.next
}
