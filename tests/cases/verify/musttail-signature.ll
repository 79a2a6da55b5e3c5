; RULE: a musttail call and its caller agree on everything the frame depends
; on: variable arguments, return type, calling convention, parameter count and
; types (not for an intrinsic), and the parameter attributes that change how an
; argument is passed; the call is not inline asm, and only a ret of its result
; (through at most a bitcast of it) follows. tailcc and swifttailcc calls may
; differ in parameters but forbid some attributes and variable arguments.
; expect-error: cannot guarantee tail call due to mismatched varargs
; expect-error: cannot guarantee tail call due to mismatched return types
; expect-error: cannot guarantee tail call due to mismatched calling conv
; expect-error: cannot guarantee tail call due to mismatched parameter counts
; expect-error: cannot guarantee tail call due to mismatched parameter types
; expect-error: cannot guarantee tail call due to mismatched parameter types
; expect-error: cannot guarantee tail call due to mismatched ABI impacting function attributes
; expect-error: cannot guarantee tail call due to mismatched ABI impacting function attributes
; expect-error: cannot use musttail call with inline asm
; expect-error: bitcast following musttail call must use the call
; expect-error: musttail call result must be returned
; expect-error: inreg attribute not allowed in tailcc musttail caller
; expect-error: byref attribute not allowed in swifttailcc musttail callee
; expect-error: cannot guarantee tailcc tail call for varargs function
declare void @va(...)
declare i64 @wide()
declare fastcc void @fast()
declare void @one(i32)
declare void @to_global(ptr addrspace(1))
declare ptr @give()
declare i32 @num()
declare tailcc void @tc(i32)
declare swifttailcc void @stc(ptr)
declare tailcc void @tcva(...)

define void @varargs_differ() {
  musttail call void (...) @va()
  ret void
}

define i32 @return_differs() {
  %r = musttail call i64 @wide()
  ret i32 0
}

define void @convention_differs() {
  musttail call fastcc void @fast()
  ret void
}

define void @count_differs() {
  musttail call void @one(i32 1)
  ret void
}

define void @type_differs(i64 %x) {
  musttail call void @one(i32 1)
  ret void
}

define void @address_space_differs(ptr %p) {
  musttail call void @to_global(ptr addrspace(1) null)
  ret void
}

define void @abi_attr_on_caller_only(ptr inreg %p) {
  musttail call void @to_global_generic(ptr %p)
  ret void
}

define void @byval_alignment_differs(ptr byval(i32) align 8 %p) {
  musttail call void @to_global_generic(ptr byval(i32) align 4 %p)
  ret void
}

declare void @to_global_generic(ptr)

define void @inline_asm() {
  musttail call void asm "", ""()
  ret void
}

define ptr @bitcast_of_another_value() {
  %r = musttail call ptr @give()
  %c = bitcast ptr null to ptr
  ret ptr %c
}

define i32 @other_value_returned() {
  %r = musttail call i32 @num()
  ret i32 0
}

define tailcc void @tailcc_caller_inreg(i32 inreg %x) {
  musttail call tailcc void @tc(i32 %x)
  ret void
}

define swifttailcc void @swifttailcc_callee_byref(ptr %p) {
  musttail call swifttailcc void @stc(ptr byref(i32) %p)
  ret void
}

define tailcc void @tailcc_varargs(...) {
  musttail call tailcc void (...) @tcva(...)
  ret void
}
