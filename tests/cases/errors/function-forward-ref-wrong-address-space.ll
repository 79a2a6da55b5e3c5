; expect: 2:30: invalid forward reference to function 'f' with wrong type: expected 'ptr' but was 'ptr addrspace(1)'
@p = global ptr addrspace(1) @f
define void @f() {
  ret void
}
