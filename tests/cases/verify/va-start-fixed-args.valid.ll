; RULE: va_start is called only in a function with variable arguments
; expect: valid
declare void @llvm.va_start.p0(ptr) nocallback nofree nosync nounwind willreturn
declare void @llvm.va_end.p0(ptr) nocallback nofree nosync nounwind willreturn

define void @f(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_end.p0(ptr %ap)
  ret void
}
