; run: --threads 1 --func wait --fuel 500
; expect-error: limit reached: thread 0: fuel exhausted after 500 instructions in @wait/%poll, where its state repeats: it never leaves
; The flag read in the loop is constant: nothing can change it.
@gate = internal constant i32 0

define void @wait() {
entry:
  br label %poll
poll:
  %g = load i32, ptr @gate
  %open = icmp ne i32 %g, 0
  br i1 %open, label %out, label %poll
out:
  ret void
}
