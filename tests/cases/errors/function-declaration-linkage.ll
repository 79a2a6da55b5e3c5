; expect: 2:9: invalid linkage for function declaration
declare internal void @f()
