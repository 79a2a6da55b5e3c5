; RUN: -passes=globaldce
; What stays: definitions whose linkage keeps them unused (@live_var,
; @root, @root2, the appending @llvm.used), what they name (@used_fn through
; @llvm.used, @in_d called by @root, @decl_used, @internal_var through the
; public alias), and the whole comdat of a live member ($d). What goes:
; globals only dead ones name (@dead_fn and @dead_fn2 name each other's
; chain, @dead_var, the alias @a_dead and through it nothing of $c, whose
; members @in_c1 and @in_c2 go together), unused declarations, an
; available_externally body nobody calls. The tuple that named @md_ref
; holds null and becomes distinct. Same output as opt-22 -passes=globaldce.
; expect-output: !0 = distinct !{null, i32 1}
; expect-output: $d = comdat any
; expect-count: 0 $c = comdat
; expect-count: 0 dead
; expect-count: 0 @avail
; expect-count: 0 @decl_only
; expect-count: 0 @ext_decl_var
; expect-count: 1 define internal void @used_fn()
; expect-count: 1 @internal_var = internal global i32 1
$c = comdat any
$d = comdat any
@llvm.used = appending global [1 x ptr] [ptr @used_fn], section "llvm.metadata"
@dead_var = internal global ptr @dead_fn2
@live_var = global i32 0
@in_c1 = linkonce_odr global i32 0, comdat($c)
@a_dead = internal alias i32, ptr @in_c1
@pub_alias = alias i32, ptr @internal_var
@internal_var = internal global i32 1
@ext_decl_var = external global i32

define internal void @used_fn() {
  ret void
}

define internal void @dead_fn() {
  call void @dead_fn2()
  ret void
}

define internal void @dead_fn2() {
  call void @decl_only()
  call void @dead_fn()
  ret void
}

define linkonce_odr void @in_c2() comdat($c) {
  ret void
}

define linkonce_odr void @in_d() comdat($d) {
  ret void
}

define void @root() {
  call void @in_d()
  ret void
}

define available_externally void @avail() {
  ret void
}

define internal void @md_ref() {
  ret void
}

declare void @decl_only()
declare void @decl_used()

define void @root2() {
  call void @decl_used()
  ret void
}

!named = !{!0}
!0 = !{ptr @md_ref, i32 1}
