; RUN: -passes=jump-threading
; The "flag at a distance" of the convergent-attribute discussion (D85603,
; seeds/004): bool flag = false; if (cc1) { if (cc2) flag = true; }
; if (flag) { result = ballot(true); }. The ballot is not in any block
; threading looks at, but it is reachable from %join, where %flag is known
; on some edges; without tokens, the regrouping would reach it. Refused.
; expect-remark: [uncontrolled-downstream]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @store(i64)

define void @flag(i32 %a) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cc1 = icmp slt i32 %tid, %a
  br i1 %cc1, label %outer, label %join

outer:
  %cc2 = icmp eq i32 %tid, 3
  br i1 %cc2, label %set, label %join

set:
  br label %join

join:
  %flag = phi i1 [ false, %entry ], [ false, %outer ], [ true, %set ]
  br i1 %flag, label %use, label %done

use:
  %result = call i64 @ballot(i1 true)
  call void @store(i64 %result)
  br label %done

done:
  ret void
}
