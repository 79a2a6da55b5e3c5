; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, empty blocks before a header may be forwarded, but
; %pre must stay: it falls through to the header %head of a loop it
; dominates, and %step, its phi, is used inside the loop. Sending %x and %y
; straight to %head would leave that use without a definition (LLVM's
; TryToSimplifyUncondBranchFromEmptyBlock keeps it for the same reason).
; expect-unchanged
define i32 @preheader_phi(i1 %a, i32 %n) {
entry:
  br i1 %a, label %x, label %y

x:
  store volatile i32 1, ptr null
  br label %pre

y:
  store volatile i32 2, ptr null
  br label %pre

pre:
  %step = phi i32 [ 1, %x ], [ 2, %y ]
  br label %head

head:
  %i = phi i32 [ 0, %pre ], [ %i.next, %head ]
  %i.next = add i32 %i, %step
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %head, label %exit

exit:
  ret i32 %i.next
}
