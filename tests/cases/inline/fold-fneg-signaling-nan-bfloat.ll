; RUN: -passes=inline
; The inlined copy folds `fneg` of a `bfloat` constant by flipping its sign
; bit: a signaling NaN stays signaling with its payload.
; expect-output: ret bfloat 0xR7FA1

define internal bfloat @negb(bfloat %x) {
  %n = fneg bfloat %x
  ret bfloat %n
}

define bfloat @valueb() {
  %r = call bfloat @negb(bfloat 0xRFFA1)
  ret bfloat %r
}
