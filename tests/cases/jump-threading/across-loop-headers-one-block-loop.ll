; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, the branch of the one-block loop %loop on its phi %c
; is copied into %entry, which falls through to it. %loop is its own
; successor: the copied branch's edge from %entry into %loop must get its
; phi entries after %entry's old entries are removed, not before (they
; were removed with them, leaving phis without an entry for %entry).
; expect-remark: copied the branch of %loop into %entry
; expect-output: %c = phi i1 [ %d1, %loop ], [ %d, %entry ]
; expect-output: %i = phi i32 [ %i.next, %loop ], [ 1, %entry ]
define i32 @one_block_loop(i1 %a, i32 %n) {
entry:
  %m = add i32 %n, 1
  br label %loop

loop:
  %c = phi i1 [ %a, %entry ], [ %d, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %m
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %i.next
}
