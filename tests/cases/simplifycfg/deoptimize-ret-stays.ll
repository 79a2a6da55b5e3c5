; RUN: -passes=simplifycfg<hoist-common-insts>
; A call of llvm.experimental.deoptimize must be followed by a `ret` of its
; value. Merging that `ret` into `common.ret` (LLVM leaves it out too) or
; hoisting the identical calls of @hoist_past past the different
; instructions before them would leave the call before a branch.
; expect-output:   ret i32 %v
; expect-count: 3 call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x)
; expect-count: 1 ret i32 %v
; expect-no-remark: hoisted %d1

declare i32 @llvm.experimental.deoptimize.i32(...)

define i32 @merge_returns(i32 %x, i1 %c, i1 %e) {
entry:
  br i1 %c, label %deopt, label %other

deopt:
  %v = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  ret i32 %v

other:
  br i1 %e, label %one, label %two

one:
  ret i32 1

two:
  ret i32 2
}

define i32 @hoist_past(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %p = add i32 %x, 1
  %d1 = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  ret i32 %d1

b:
  %q = mul i32 %x, 3
  %d2 = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  ret i32 %d2
}
