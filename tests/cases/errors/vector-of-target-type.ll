; expect: 3:21: invalid vector element type
; DirectX handles cannot be vector elements.
define void @f(<2 x target("dx.RawBuffer", i32, 1, 0)> %v) {
  ret void
}
