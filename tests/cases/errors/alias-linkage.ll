; expect: 3:1: invalid linkage type for alias
@v = global i32 0
@a = extern_weak alias i32, ptr @v
