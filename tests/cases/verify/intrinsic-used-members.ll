; RULE: every member of llvm.used and llvm.compiler.used is a global named by name, give or take a cast (LLVM 22's verifier)
; expect-error: members of llvm.used must be named
; expect-error: invalid llvm.compiler.used member
@llvm.used = appending global [1 x ptr] [ptr @0]
@llvm.compiler.used = appending global [1 x ptr] [ptr getelementptr (i8, ptr @g, i64 1)]
@0 = global i32 0
@g = global i32 0
