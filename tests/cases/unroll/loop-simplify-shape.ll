; RUN: -passes=loop-simplify
; Two ways into the loop (a preheader merges them), two blocks branching
; back to the header (a backedge block merges them) and an exit also
; entered from before the loop (the loop's edge gets its own exit block).
; The convergent call keeps its block: only new blocks on existing edges.
; expect-remark: added 3 blocks
define i32 @shape(i32 %n, i1 %c, i1 %d) {
entry:
  br i1 %c, label %left, label %right

left:
  br i1 %d, label %loop, label %done

right:
  br label %loop

loop:
  %i = phi i32 [ 0, %left ], [ 1, %right ], [ %i.next, %odd ], [ %i.next, %even ]
  %s = phi i32 [ %n, %left ], [ 0, %right ], [ %s.a, %odd ], [ %s.b, %even ]
  %v = call i32 @sync(i32 %s)
  %i.next = add i32 %i, 1
  %bit = and i32 %i, 1
  %is.odd = icmp ne i32 %bit, 0
  br i1 %is.odd, label %odd, label %even

odd:
  %s.a = add i32 %v, 3
  %stop = icmp eq i32 %i.next, %n
  br i1 %stop, label %done, label %loop

even:
  %s.b = mul i32 %v, 2
  br label %loop

done:
  %r = phi i32 [ -1, %left ], [ %s.a, %odd ]
  ret i32 %r
}

declare i32 @sync(i32) convergent
