; RUN: -passes=inline
; The inlined copy folds the overflow-checking intrinsics on constants at
; their widest (64 bits), where the unsigned product of the largest values
; needs all of 128 bits, and at one bit, where the signed minimum is -1:
; each result and flag as lli-22 computes them (the value times two, plus
; the flag). The signed ones are free of effects as LLVM declares them,
; so they fold like the unsigned ones.
; expect-count: 3 ret i64 3
; expect-count: 2 ret i64 1
; expect-count: 1 ret i64 0
; expect-count: 0 extractvalue

declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
declare { i64, i1 } @llvm.smul.with.overflow.i64(i64, i64)
declare { i1, i1 } @llvm.sadd.with.overflow.i1(i1, i1)
declare { i1, i1 } @llvm.ssub.with.overflow.i1(i1, i1)
declare { i1, i1 } @llvm.smul.with.overflow.i1(i1, i1)

; The value times two, plus the flag.
define internal i64 @umul(i64 %x, i64 %y) {
  %r = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %x, i64 %y)
  %v = extractvalue { i64, i1 } %r, 0
  %o = extractvalue { i64, i1 } %r, 1
  %s = shl i64 %v, 1
  %z = zext i1 %o to i64
  %t = or i64 %s, %z
  ret i64 %t
}

define internal i64 @smul(i64 %x, i64 %y) {
  %r = call { i64, i1 } @llvm.smul.with.overflow.i64(i64 %x, i64 %y)
  %v = extractvalue { i64, i1 } %r, 0
  %o = extractvalue { i64, i1 } %r, 1
  %s = shl i64 %v, 1
  %z = zext i1 %o to i64
  %t = or i64 %s, %z
  ret i64 %t
}

define internal i64 @one(i1 %x, i1 %y, i32 %which) {
  switch i32 %which, label %mul [ i32 0, label %add
                                  i32 1, label %sub ]
add:
  %a = call { i1, i1 } @llvm.sadd.with.overflow.i1(i1 %x, i1 %y)
  br label %done
sub:
  %b = call { i1, i1 } @llvm.ssub.with.overflow.i1(i1 %x, i1 %y)
  br label %done
mul:
  %c = call { i1, i1 } @llvm.smul.with.overflow.i1(i1 %x, i1 %y)
  br label %done
done:
  %r = phi { i1, i1 } [ %a, %add ], [ %b, %sub ], [ %c, %mul ]
  %v = extractvalue { i1, i1 } %r, 0
  %o = extractvalue { i1, i1 } %r, 1
  %vz = zext i1 %v to i64
  %s = shl i64 %vz, 1
  %z = zext i1 %o to i64
  %t = or i64 %s, %z
  ret i64 %t
}

; (2^64 - 1)^2 is 1 modulo 2^64, and overflows.
define i64 @umul_largest() {
  %r = call i64 @umul(i64 -1, i64 -1)
  ret i64 %r
}

; (-2^63) * (-1) overflows to -2^63: twice that (0 in 64 bits) plus one.
define i64 @smul_minimum() {
  %r = call i64 @smul(i64 -9223372036854775808, i64 -1)
  ret i64 %r
}

; -1 + -1 = -2: 0, overflow.
define i64 @sadd_i1() {
  %r = call i64 @one(i1 true, i1 true, i32 0)
  ret i64 %r
}

; 0 - (-1) = 1: -1 (true), overflow.
define i64 @ssub_i1() {
  %r = call i64 @one(i1 false, i1 true, i32 1)
  ret i64 %r
}

; -1 * -1 = 1: -1 (true), overflow.
define i64 @smul_i1() {
  %r = call i64 @one(i1 true, i1 true, i32 2)
  ret i64 %r
}

; 0 * -1 = 0: no overflow.
define i64 @smul_i1_zero() {
  %r = call i64 @one(i1 false, i1 true, i32 2)
  ret i64 %r
}
