; RULE: a function calls llvm.localescape at most once
; expect: valid
declare void @llvm.localescape(...) nocallback nofree nosync nounwind willreturn

define void @f() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  call void (...) @llvm.localescape(ptr %a, ptr %b)
  ret void
}
