; RUN: -passes=globaldce
; @section_data is live (external) and says by !associated that it must
; not outlive @keeper, which nothing else names: @keeper stays, so the
; output still verifies (a null in !associated is refused). opt-22 deletes
; @keeper here and its output then fails its own verifier. @orphan_data is
; dead, so its !associated keeps nothing: @orphan_target goes with it.
; expect-output: @keeper = internal global i32 2
; expect-output: !0 = !{ptr @keeper}
; expect-count: 0 @orphan
@section_data = global i32 1, !associated !0
@keeper = internal global i32 2
@orphan_data = internal global i32 3, !associated !1
@orphan_target = internal global i32 4

!0 = !{ptr @keeper}
!1 = !{ptr @orphan_target}
