; RUN: -passes=sink
; The spec's last sinking snippet: "Note that the entry intrinsic behaves
; differently". %a and %b are controlled by the entry token; sinking them
; under the divergent condition would drop threads from the communication.
; Refused for both.
; expect-remark: cannot sink %a: [entry-or-heart-token]
; expect-remark: cannot sink %b: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @pure.convergent.operation(i32) convergent nounwind willreturn memory(none)
declare void @use(i32, i32)

define void @entry_sinking(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @pure.convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  %b = call i32 @pure.convergent.operation(i32 %tid) [ "convergencectrl"(token %tok) ]
  %condition = icmp slt i32 %tid, 16
  br i1 %condition, label %then, label %end

then:
  call void @use(i32 %a, i32 %b)
  br label %end

end:
  ret void
}
