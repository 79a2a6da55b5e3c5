; run: --threads 3 --func f --args 0:0:1
; expect-error: undefined behaviour: thread 2: reached unreachable in @f/%bad
define void @f(i1 %c) {
entry:
  br i1 %c, label %bad, label %ok
bad:
  unreachable
ok:
  ret void
}
