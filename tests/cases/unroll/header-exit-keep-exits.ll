; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; A while loop testing %i < %n in its header, its latch branching back
; unconditionally: no remainder loop is made for such a loop (as in
; opt-22), so the count given on the command line is taken with every copy
; keeping its header's test. The sums from %i, never negative (it starts at
; 0 and steps by an nsw add), get nuw, all but the step back to the header.
; expect-remark: unrolled loop by a factor of 4, keeping every copy's exit test
; expect-no-remark: remainder
; expect-count: 4 icmp slt i64
; expect-count: 0 xtraiter
; expect-output: %inc.2 = add nuw nsw i64 %i, 3
; expect-output: %inc.3 = add nsw i64 %i, 4
define void @scale(ptr %a, i64 %n) {
entry:
  br label %cond

cond:
  %i = phi i64 [ 0, %entry ], [ %inc, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end

body:
  %q = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %q, align 4
  %w = shl i32 %v, 1
  store i32 %w, ptr %q, align 4
  %inc = add nsw i64 %i, 1
  br label %cond

end:
  ret void
}
