; expect: 3:28: invalid DWARF tag 'DW_TAG_class_ty'
!n = !{!0}
!0 = !DICompositeType(tag: DW_TAG_class_ty, name: "C")
