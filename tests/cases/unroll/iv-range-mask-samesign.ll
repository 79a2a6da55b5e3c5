; RUN: -passes=loop-unroll -unroll-count=4
; %i runs from 0 to 15 (the latch tests %i itself), so in the loop
; unrolled by 4 the header sees 0, 4, 8 and 12, and each copy's %i + k
; stays within [0, 15]. Masking with 255 keeps every such value: that and
; goes, its uses read the sum; masking with 7 does not, and stays. The
; exit test compares values of one sign: it gets samesign.
; expect-remark: unrolled loop by a factor of 4
; expect-count: 0 , 255
; expect-output: %p.1 = getelementptr inbounds i32, ptr %a, i32 %i.next
; expect-count: 4 and i32
; expect-count: 1 icmp samesign ult i32
define void @masked(ptr %a, ptr %b) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %lo = and i32 %i, 255
  %p = getelementptr inbounds i32, ptr %a, i32 %lo
  store i32 %i, ptr %p, align 4
  %sub = and i32 %i, 7
  %q = getelementptr inbounds i32, ptr %b, i32 %sub
  store i32 %i, ptr %q, align 4
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i, 15
  br i1 %more, label %loop, label %exit

exit:
  ret void
}
