; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, a header holding the loop heart (the loop intrinsic
; that every iteration's convergent operations use) is never copied: not
; threaded from the entry or the latch, nor copied into a predecessor. The
; oracle refuses each under token-placement (naming the heart, which is
; used in %head alone), and the function is unchanged.
; expect-unchanged
; expect-remark: not threading %entry -> %head -> %body: [token-placement] threading %entry -> %head -> %body would duplicate %h (in %head), a call to llvm.experimental.convergence.loop, which is never copied
; expect-remark: not threading %again -> %head -> %body: [token-placement]
; expect-remark: not copying the branch of %head into %again: [token-placement]
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent

define i32 @heart(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %again ], [ %i.next, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %i.next = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  br i1 %go, label %body, label %exit

body:
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %again, label %done

again:
  store volatile i32 %i.next, ptr addrspace(1) null
  br label %head

done:
  store volatile i32 0, ptr addrspace(1) null
  br label %head

exit:
  ret i32 %i.next
}
