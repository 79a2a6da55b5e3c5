; Unnamed globals, functions and types (@N, %N) read in any increasing
; order and print renumbered as LLVM does: variables first, then functions;
; types in the order the printer meets them.
%1 = type { i32, ptr }
%0 = type { %1, [2 x %1] }

@0 = private constant [3 x i8] c"ab\00"
@named = global ptr @3
@2 = internal global %0 zeroinitializer

define internal void @3(ptr %p) {
entry:
  %v = load %1, ptr %p, align 8
  call void @5(ptr @0)
  ret void
}

declare void @5(ptr)
