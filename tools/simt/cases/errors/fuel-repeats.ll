; run: --threads 2 --func wait --args tid --fuel 500
; expect-error: limit reached: thread 0: fuel exhausted after 500 instructions in @wait/%poll, where its state repeats: it never leaves
; The loop could exit, but thread 0 comes back to %poll with the same
; values every time: it is not slow, it never leaves.
define void @wait(i32 %key) {
entry:
  %start = add i32 %key, 3
  br label %poll
poll:
  %cur = phi i32 [ %start, %entry ], [ %next, %poll ]
  %next = xor i32 %cur, 1
  %open = icmp eq i32 %cur, 100
  br i1 %open, label %out, label %poll
out:
  ret void
}
