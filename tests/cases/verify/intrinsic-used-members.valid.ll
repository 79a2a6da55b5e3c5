; RULE: every member of llvm.used and llvm.compiler.used is a global named by name, give or take a cast (valid: they are)
; expect: valid
@llvm.used = appending global [1 x ptr] [ptr @named]
@llvm.compiler.used = appending global [1 x ptr] [ptr getelementptr (i8, ptr @g, i64 0)]
@named = global i32 0
@g = global i32 0
