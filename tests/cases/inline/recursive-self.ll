; RUN: -passes=inline
; A function that calls itself is inlined only at a call whose constant
; arguments leave that call unreached (LLVM's cost analysis gives up on a
; callee that calls itself where the call would reach): @count(0) and
; @count(1) fold to their answer; @count(5) and the call with an unknown
; argument stay calls, and so does @count's own call to itself.
; An always-inline function that calls itself is never inlined (LLVM: it
; is not viable), whatever the arguments.
; expect-count: 3 call i32 @count(
; expect-output: %c = call i32 @count(i32 5)
; expect-remark: inlined @count into @constant_args
; expect-remark: cannot inline @count into @count: recursive
; expect-remark: cannot inline @count into @unknown_arg: recursive
; expect-remark: cannot inline @count_always into @constant_args: recursive call
; expect-output: %d = call i32 @count_always(i32 0)

define i32 @count(i32 %n) {
entry:
  %zero = icmp eq i32 %n, 0
  br i1 %zero, label %base, label %step

base:
  ret i32 0

step:
  %is.one = icmp eq i32 %n, 1
  br i1 %is.one, label %one, label %more

one:
  ret i32 1

more:
  %m = sub i32 %n, 1
  %r = call i32 @count(i32 %m)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @constant_args() {
  %a = call i32 @count(i32 0)
  %b = call i32 @count(i32 1)
  %c = call i32 @count(i32 5)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  %d = call i32 @count_always(i32 0)
  %u = add i32 %t, %d
  ret i32 %u
}

define i32 @unknown_arg(i32 %x) {
  %r = call i32 @count(i32 %x)
  ret i32 %r
}

define i32 @count_always(i32 %n) alwaysinline {
entry:
  %zero = icmp eq i32 %n, 0
  br i1 %zero, label %base, label %more

base:
  ret i32 0

more:
  %m = sub i32 %n, 1
  %r = call i32 @count_always(i32 %m)
  ret i32 %r
}
