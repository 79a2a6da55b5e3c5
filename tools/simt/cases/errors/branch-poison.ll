; run: --threads 2 --func f --args 5
; expect-error: undefined behaviour: thread 0: branch on poison in @f/%entry
define i32 @f(i32 %x) {
entry:
  %s = add nsw i32 %x, 2147483647
  %c = icmp sgt i32 %s, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
