; expect: 2:9: invalid function linkage type
declare common void @f()
