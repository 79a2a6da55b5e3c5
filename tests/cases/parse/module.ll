; Module-level syntax: header, comdats, linkage, legacy typed pointers,
; quoted names, attribute groups, metadata (named, numbered, specialised,
; self-referential loop ids) and attachments.
source_filename = "module.c"
target datalayout = "e-p:64:64-i64:64-n32:64"
target triple = "amdgcn-amd-amdhsa"

$kern = comdat any

@counter = internal addrspace(1) global i32 0, align 4
@tls = thread_local(initialexec) global i32 0
@"quoted name" = dso_local global i8 1, section ".data.q", align 1

declare void @legacy(i8*, i32 addrspace(1)*, void (i32)*) nounwind

define protected amdgpu_kernel void @kern(ptr %out) local_unnamed_addr #0 comdat align 32 !kmd !3 {
entry:
  br label %"loop body"

"loop body":
  %i = phi i32 [ 0, %entry ], [ %i.next, %"loop body" ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %"loop body", !llvm.loop !0

exit:
  ret void
}

attributes #0 = { convergent norecurse "target-cpu"="gfx900" }

!llvm.module.flags = !{!4}
!llvm.ident = !{!5}

!0 = distinct !{!0, !1, !{!"llvm.loop.unroll.count", i32 4}}
!1 = !{!"llvm.loop.mustprogress"}
!3 = !{!"kernel", null, ptr @kern}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{!"clang version 22"}
