; RULE: every member of llvm.used and llvm.compiler.used is a global named by name, give or take a cast (valid: they are)
; expect: valid
@llvm.used = appending global [1 x ptr] [ptr @named]
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @h to ptr)]
@named = global i32 0
@h = addrspace(1) global i32 0
