; expect: 7:23: unknown intrinsic 'llvm.vp.addx.v4i32'
; A call to an llvm.* function nobody declared must name an intrinsic LLVM
; knows: a known namespace (llvm.vp) is not enough. Declared, the same name
; would be accepted, as opt-22 does.
define <4 x i32> @f(<4 x i32> %a, <4 x i1> %m, i32 %n) {
  %s = call <4 x i32> @llvm.vp.add.v4i32(<4 x i32> %a, <4 x i32> %a, <4 x i1> %m, i32 %n)
  %t = call <4 x i32> @llvm.vp.addx.v4i32(<4 x i32> %s, <4 x i32> %a, <4 x i1> %m, i32 %n)
  ret <4 x i32> %t
}
