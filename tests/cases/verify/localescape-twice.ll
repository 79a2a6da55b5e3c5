; RULE: a function calls llvm.localescape at most once
; expect-error: multiple calls to llvm.localescape in one function
declare void @llvm.localescape(...) nocallback nofree nosync nounwind willreturn

define void @f() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  call void (...) @llvm.localescape(ptr %a)
  call void (...) @llvm.localescape(ptr %b)
  ret void
}
