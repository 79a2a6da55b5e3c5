; RULE: an ifunc has a linkage a symbol resolved at load time can have, and its resolver is a function defined here returning a pointer (LLVM 22's verifier)
; expect-error: IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!
; expect-error: Only global variables can have appending linkage!
; expect-error: IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!
; expect-error: IFunc must have a Function resolver
; expect-error: IFunc must have a Function resolver
; expect-error: IFunc resolver must return a pointer
@v = global i32 0
@external_weak = extern_weak ifunc void (), ptr @resolver
@appending = appending ifunc void (), ptr @resolver
@variable = ifunc void (), ptr @v
@offset = ifunc void (), ptr getelementptr (i8, ptr @resolver, i64 1)
@integer = ifunc void (), ptr @returns_integer

define ptr @resolver() {
  ret ptr null
}

define i32 @returns_integer() {
  ret i32 0
}
