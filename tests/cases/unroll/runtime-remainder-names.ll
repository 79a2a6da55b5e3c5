; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The names LLVM gives what its epilogue adds after the first lcmp.mod:
; it makes a name unique with a counter of the function's name collisions,
; and by then its split of the exit for the remainder has made a `.ph`
; phi for each of the exit's two phis, each colliding with the `.ph` phi
; of the split for the unrolled loop. So the remainder's phis are .ph1 and
; .ph2 and the preheader's assumption is %lcmp.mod3 (not %lcmp.mod1), in a
; function where nothing collided before. The exit's LCSSA phis are in
; LLVM's order (values of one block in order: %add.lcssa first), and so
; are the phis made from them.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-output: %lcmp.mod = icmp ne i32 %xtraiter, 0
; expect-output: %lcmp.mod3 = icmp ne i32 %xtraiter, 0
; expect-output: call void @llvm.assume(i1 %lcmp.mod3)
; expect-output: %add.lcssa.ph1 = phi i32 [ %add.epil, %h.epil ]
; expect-output: %i.next.lcssa.ph2 = phi i32 [ %i.next.epil, %h.epil ]
define i32 @f(ptr %a, i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %end, label %h
h:
  %i = phi i32 [ %i.next, %h ], [ 0, %entry ]
  %s = phi i32 [ %add, %h ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %add = add nsw i32 %v, %s
  %i.next = add i32 %i, 1
  %ec = icmp eq i32 %i.next, %n
  br i1 %ec, label %exit, label %h
exit:
  %r0 = mul i32 %add, %i.next
  br label %end
end:
  %r = phi i32 [ 0, %entry ], [ %r0, %exit ]
  ret i32 %r
}
