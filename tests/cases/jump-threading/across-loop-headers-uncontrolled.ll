; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, a header with an uncontrolled convergent operation
; (%s) in a loop whose exit depends on the thread id is not copied: threads
; arriving from the latch %again come from different iterations
; (duplicate-under-divergence), and rewriting the control flow above %s
; could regroup its threads (uncontrolled-downstream).
; expect-unchanged
; expect-remark: not threading %entry -> %head -> %body: [uncontrolled-downstream]
; expect-remark: not threading %again -> %head -> %body: [duplicate-under-divergence]
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()

define i32 @divergent_exit(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %again ], [ %i.next, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %s = call i32 @subgroup_add(i32 %i)
  %i.next = add i32 %i, 1
  br i1 %go, label %body, label %exit

body:
  %lim = add i32 %n, %tid
  %more = icmp slt i32 %i.next, %lim
  br i1 %more, label %again, label %done

again:
  store volatile i32 %s, ptr addrspace(1) null
  br label %head

done:
  store volatile i32 0, ptr addrspace(1) null
  br label %head

exit:
  ret i32 %s
}
