; RUN: -passes=inline
; The inlined copy folds `fneg` of a constant by flipping its sign bit: a
; signaling NaN stays signaling with its payload, in `float` (written as
; the `double` of the same payload) as in `half`, and the constants passed
; keep theirs too (`bfloat`: fold-fneg-signaling-nan-bfloat.ll, apart
; because the executor does not model bfloat).
; expect-output: %b.i = bitcast float 0xFFF4000000000000 to i32
; expect-output: ret float 0xFFF4000000000000
; expect-output: ret half 0xHFD01
; expect-count: 2 0xFFF4000000000000

define internal i32 @negbits(float %x) {
  %n = fneg float %x
  %b = bitcast float %n to i32
  ret i32 %b
}

define internal float @neg(float %x) {
  %n = fneg float %x
  ret float %n
}

define internal half @negh(half %x) {
  %n = fneg half %x
  ret half %n
}

define i32 @bits() {
  %r = call i32 @negbits(float 0x7FF4000000000000)
  ret i32 %r
}

define float @value() {
  %r = call float @neg(float 0x7FF4000000000000)
  ret float %r
}

define half @valueh() {
  %r = call half @negh(half 0xH7D01)
  ret half %r
}
