; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; With -jump-threading-across-loop-headers, the header %head is threaded
; from %entry and from the latch %again (%go is true on both). The copy
; for %again reads %i as %i.next, a value of %head coming round the loop:
; in the copy it must be the value on entry to the copy (a phi of the
; copies where they meet), not the copy's own %i.next (which made the copy
; use itself). Checked with simt-run --equiv.
; expect-remark: threaded %again -> %head to %body
; expect-output: %i.next = add i32 %i.next1, 1
; expect-output: %i.next1 = phi i32 [ 1, %head.thread ], [ %i.next, %head.thread1 ]
declare void @tick(i32)

define i32 @count(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %again ], [ %i.next, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %i.next = add i32 %i, 1
  br i1 %go, label %body, label %exit

body:
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %again, label %done

again:
  call void @tick(i32 %i.next)
  br label %head

done:
  call void @tick(i32 0)
  br label %head

exit:
  ret i32 %i.next
}
