; A Vulkan compute kernel as clang emits it for HLSL: Out[id] = the sum of
; In[id] over the wave, plus 100 in the first four lanes.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

@.str.out = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.in = private unnamed_addr constant [3 x i8] c"In\00", align 1

define void @main() #0 {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %in = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 1, i32 1, i32 0, ptr @.str.in)
  %id = call i32 @llvm.spv.thread.id.i32(i32 0)
  %pin = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) %in, i32 %id)
  %x = load i32, ptr addrspace(11) %pin, align 4
  %sum = call spir_func i32 @llvm.spv.wave.reduce.sum.i32(i32 %x) [ "convergencectrl"(token %tok) ]
  %low = icmp ult i32 %id, 4
  br i1 %low, label %then, label %join

then:
  %more = add i32 %sum, 100
  br label %join

join:
  %r = phi i32 [ %more, %then ], [ %sum, %entry ]
  %out = call target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32 0, i32 0, i32 1, i32 0, ptr @.str.out)
  %pout = call ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1) %out, i32 %id)
  store i32 %r, ptr addrspace(11) %pout, align 4
  ret void
}

declare token @llvm.experimental.convergence.entry() #1
declare i32 @llvm.spv.thread.id.i32(i32) #2
declare i32 @llvm.spv.wave.reduce.sum.i32(i32) #1
declare target("spirv.VulkanBuffer", [0 x i32], 12, 1) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_a0i32_12_1t(i32, i32, i32, i32, ptr) #2
declare ptr addrspace(11) @llvm.spv.resource.getpointer.p11.tspirv.VulkanBuffer_a0i32_12_1t(target("spirv.VulkanBuffer", [0 x i32], 12, 1), i32) #2

attributes #0 = { convergent "hlsl.numthreads"="64,1,1" "hlsl.shader"="compute" }
attributes #1 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(none) }
