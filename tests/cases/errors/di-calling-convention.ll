; expect: 4:28: invalid DWARF calling convention 'DW_CC_LLVM_OpenCLKernel'
; Names LLVM 22 no longer has (OpenCLKernel became DeviceKernel) are refused.
!named = !{!0}
!0 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !1)
!1 = !{}
