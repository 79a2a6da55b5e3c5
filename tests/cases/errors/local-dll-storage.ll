; expect: 2:8: symbol with local linkage cannot have a DLL storage class
define internal dllexport void @f() {
  ret void
}
