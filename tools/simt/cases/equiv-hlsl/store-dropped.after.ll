; expect: not equivalent
; func: main
; The store to Out dropped, and with it every use of its handle: after
; never asks for the buffer, which keeps the contents it starts with.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

define void @main() #0 {
entry:
  %id = call i32 @llvm.dx.thread.id(i32 0)
  %idy = call i32 @llvm.dx.thread.id(i32 1)
  %lane = call i32 @llvm.dx.wave.getlaneindex()
  %bit = and i32 %lane, 1
  %odd = icmp ne i32 %bit, 0
  %n = call i32 @llvm.dx.wave.active.countbits(i1 %odd)
  %y0 = icmp eq i32 %idy, 0
  %all = call i1 @llvm.dx.wave.all(i1 %y0)
  %first = call i1 @llvm.dx.wave.is.first.lane()
  %a = zext i1 %all to i32
  %f = zext i1 %first to i32
  %a8 = shl i32 %a, 8
  %f16 = shl i32 %f, 16
  %t = or i32 %n, %a8
  %r = or i32 %t, %f16
  ret void
}

declare i32 @llvm.dx.thread.id(i32) #2
declare i32 @llvm.dx.wave.getlaneindex() #1
declare i32 @llvm.dx.wave.active.countbits(i1) #1
declare i1 @llvm.dx.wave.all(i1) #1
declare i1 @llvm.dx.wave.is.first.lane() #1
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr) #2
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32) #2

attributes #0 = { convergent noinline "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
attributes #1 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }
