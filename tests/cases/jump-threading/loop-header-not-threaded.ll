; RUN: -passes=jump-threading
; Without -jump-threading-across-loop-headers (LLVM's default), the loop
; header %head is not threaded through, although %go is known on every
; edge in (across-loop-headers-carried-value.ll threads it with the option).
; expect-unchanged
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
