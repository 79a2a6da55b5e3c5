; Types and constants: integers, floats in every spelling, aggregates,
; strings, constant expressions, vectors and aggregate operations.
%pair = type { i32, ptr }
%packed = type <{ i8, i32 }>
%opaque = type opaque

@s = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@arr = global [2 x i32] [i32 1, i32 -2]
@st = global %pair { i32 7, ptr null }
@pk = global %packed <{ i8 1, i32 2 }>
@vec = global <4 x float> <float 1.0, float 0.5, float -0.0, float 0x3FB99999A0000000>
@z = global [8 x i64] zeroinitializer
@gep = global ptr getelementptr inbounds ([4 x i8], ptr @s, i64 0, i64 1)
@cast = global i64 ptrtoint (ptr @s to i64)
@as = global ptr addrspace(1) addrspacecast (ptr @arr to ptr addrspace(1))
@h = global half 0xH3C00
@bf = global bfloat 0xR3F80
@q = global fp128 0xL00000000000000003FFF000000000000
@big = global i128 -170141183460469231731687303715884105728
@e = external addrspace(1) global [0 x i32]

define <4 x i32> @vectors(<4 x i32> %v, { i32, i1 } %agg, double %d) {
  %x = extractelement <4 x i32> %v, i32 0
  %y = insertelement <4 x i32> %v, i32 %x, i64 3
  %s = shufflevector <4 x i32> %v, <4 x i32> %y, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %e = extractvalue { i32, i1 } %agg, 0
  %i = insertvalue { i32, i1 } %agg, i1 true, 1
  %fn = fneg fast double %d
  %fa = fadd nnan ninf double %fn, 1.500000e+00
  %fc = fcmp olt double %fa, 0x7FF0000000000000
  %t = trunc nuw i32 %e to i8
  %z = zext nneg i8 %t to i64
  %fp = sitofp i64 %z to float
  %ext = fpext float %fp to double
  %vc = icmp eq <4 x i32> %s, zeroinitializer
  %u = add <4 x i32> %s, <i32 1, i32 1, i32 1, i32 1>
  %sel = select <4 x i1> %vc, <4 x i32> %u, <4 x i32> poison
  ret <4 x i32> %sel
}
