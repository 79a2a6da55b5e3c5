; run: --threads 4 --func f --args 2:0
; expect-error: undefined behaviour: thread 1: sdiv by zero in @f/%entry
define i32 @f(i32 %d) {
entry:
  %q = sdiv i32 100, %d
  ret i32 %q
}
