; Metadata attachments: a declaration's follow `declare`; a definition's
; follow its header; named metadata may follow a declaration directly.
declare !annotation !0 void @decl()

define void @def() !annotation !0 {
  ret void
}

declare void @last()
!named = !{!0}
!0 = !{!"note"}
