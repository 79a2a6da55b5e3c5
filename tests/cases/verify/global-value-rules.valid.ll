; RULE: what every global value and global variable is held to: common and appending linkage, no comdat on a declaration, DLL storage consistent with visibility and linkage, !associated naming another global (valid: they are)
; expect: valid
$group = comdat any
@common_zero = common global i32 0
@appending_array = appending global [1 x i32] zeroinitializer
@defined_grouped = global i32 0, comdat($group)
@exported_protected = protected dllexport global i32 0
@imported = external dllimport global i32
@imported_available = available_externally dllimport global i32 0
@associated = global i32 0, !associated !0

define void @f() comdat($group) {
  ret void
}

!0 = !{ptr @common_zero}
