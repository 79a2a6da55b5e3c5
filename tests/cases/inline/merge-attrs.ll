; RUN: -passes=inline
; Inlining merges the callee's function attributes into the caller's, as
; LLVM does: the stronger stack protector in a caller that has one (a
; caller without any stays without), the larger "min-legal-vector-width"
; (dropped when the callee does not say), "true" FP-math flags kept only
; when the callee has them too, mustprogress only if both have it, and
; "no-jump-tables" or noimplicitfloat if either has it.
; expect-remark: inlined @req into @ssp_caller
; expect-remark: inlined @req into @plain_caller
; expect-remark: inlined @wide into @narrow_caller
; expect-remark: inlined @plain into @flags_caller
; expect-output: define void @ssp_caller() #0 {
; expect-output: define void @plain_caller() {
; expect-output: define void @narrow_caller() #1 {
; expect-output: define void @flags_caller() #2 {
; expect-output: attributes #0 = { sspreq }
; expect-output: attributes #1 = { noimplicitfloat "min-legal-vector-width"="512" "no-jump-tables"="true" }
; expect-output: attributes #2 = { "no-infs-fp-math"="false" }

declare void @use(ptr)

define internal void @req() sspreq {
  %buf = alloca [16 x i8], align 1
  call void @use(ptr %buf)
  ret void
}

define void @ssp_caller() ssp {
  call void @req()
  ret void
}

define void @plain_caller() {
  call void @req()
  ret void
}

define internal void @wide() noimplicitfloat "min-legal-vector-width"="512" "no-jump-tables"="true" {
  call void @use(ptr null)
  ret void
}

define void @narrow_caller() "min-legal-vector-width"="128" {
  call void @wide()
  ret void
}

define internal void @plain() {
  call void @use(ptr null)
  ret void
}

define void @flags_caller() mustprogress "no-infs-fp-math"="true" {
  call void @plain()
  ret void
}
