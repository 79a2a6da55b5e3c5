; expect: equivalent
; func: main
; The same kernel with its values computed otherwise: the count as the
; population count of the ballot's first word (the subgroup has at most 32
; lanes here), the vote folded (id.y is 0 in every lane), and the handle
; used directly.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

define void @main() #0 {
entry:
  %h = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @.str)
  %id = call i32 @llvm.dx.thread.id(i32 0)
  %lane = call i32 @llvm.dx.wave.getlaneindex()
  %bit = and i32 %lane, 1
  %odd = icmp ne i32 %bit, 0
  %b = call <4 x i32> @llvm.dx.wave.ballot(i1 %odd)
  %b0 = extractelement <4 x i32> %b, i64 0
  %n = call i32 @llvm.ctpop.i32(i32 %b0)
  %first = call i1 @llvm.dx.wave.is.first.lane()
  %f = zext i1 %first to i32
  %f16 = shl i32 %f, 16
  %t = or i32 %n, 256
  %r = or i32 %t, %f16
  %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %h, i32 %id)
  store i32 %r, ptr %p, align 4
  ret void
}

declare i32 @llvm.dx.thread.id(i32) #2
declare i32 @llvm.dx.wave.getlaneindex() #1
declare <4 x i32> @llvm.dx.wave.ballot(i1) #1
declare i32 @llvm.ctpop.i32(i32) #2
declare i1 @llvm.dx.wave.is.first.lane() #1
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr) #2
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32) #2

attributes #0 = { convergent noinline "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
attributes #1 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }
