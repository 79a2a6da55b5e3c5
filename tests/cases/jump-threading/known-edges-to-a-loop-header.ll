; RUN: -passes=jump-threading
; The switch of %back is known on both edges in: from %head it goes to
; %done, from %work back to %head, the loop header. As LLVM, edges known to
; go to a loop header are set aside when the known edges go different
; ways, so %head -> %back is threaded to %done (the most popular way
; would otherwise be a tie that the header wins, and nothing is threaded).
; opt-22 gives the same output.
; expect-remark: threaded %head -> %back to %done
; expect-count: 0 switch i2

declare void @work()

define void @f(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %back ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i, %n
  br i1 %more, label %work, label %back

work:
  call void @work()
  br label %back

back:
  %way = phi i2 [ 1, %head ], [ 2, %work ]
  switch i2 %way, label %never [
    i2 2, label %head
    i2 1, label %done
  ]

never:
  unreachable

done:
  ret void
}
