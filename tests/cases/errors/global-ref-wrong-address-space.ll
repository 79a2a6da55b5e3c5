; expect: 4:24: '@g' defined with type 'ptr' but expected 'ptr addrspace(1)'
@g = global i32 0
define ptr addrspace(1) @f() {
  ret ptr addrspace(1) @g
}
