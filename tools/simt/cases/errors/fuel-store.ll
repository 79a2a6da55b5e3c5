; run: --threads 1 --func wait --fuel 500
; expect-error: limit reached: thread 0: fuel exhausted after 500 instructions in @wait/%poll
; The loop stores on every iteration: what it wrote is not in the state
; compared, so it is not judged never to leave.
@seen = internal global i32 0

define void @wait(i32 %x) {
entry:
  br label %poll
poll:
  store i32 1, ptr @seen
  %open = icmp eq i32 %x, 7
  br i1 %open, label %out, label %poll
out:
  ret void
}
