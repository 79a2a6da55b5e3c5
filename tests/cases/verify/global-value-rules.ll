; RULE: what every global value and global variable is held to: common and appending linkage, no comdat on a declaration, DLL storage consistent with visibility and linkage, !associated naming another global (LLVM 22's verifier)
; expect-error: Declaration may not be in a Comdat!
; expect-error: 'common' global must have a zero initializer!
; expect-error: 'common' global may not be marked constant!
; expect-error: 'common' global may not be in a Comdat!
; expect-error: Only global arrays can have appending linkage!
; expect-error: Declaration may not be in a Comdat!
; expect-error: Declaration may not be in a Comdat!
; expect-error: dllexport GlobalValue must have default or protected visibility
; expect-error: dllimport GlobalValue must have default visibility
; expect-error: Global is marked as dllimport, but not external
; expect-error: associated metadata must have one operand
; expect-error: associated metadata must be ValueAsMetadata
; expect-error: associated value must be pointer typed
; expect-error: global values should not associate to themselves
$group = comdat any
@common_one = common global i32 1
@common_constant = common constant i32 0
@common_grouped = common global i32 0, comdat($group)
@appending_scalar = appending global i32 0
@declared_grouped = external global i32, comdat($group)
@available_grouped = available_externally global i32 0, comdat($group)
@exported_hidden = hidden dllexport global i32 0
@imported_hidden = external hidden dllimport global i32
@imported_defined = dllimport global i32 0
@two = global i32 0, !associated !0
@node = global i32 0, !associated !1
@integer = global i32 0, !associated !2
@itself = global i32 0, !associated !3

declare void @f() comdat($group)

!0 = !{ptr @common_one, ptr @node}
!1 = !{!0}
!2 = !{i32 1}
!3 = !{ptr @itself}
