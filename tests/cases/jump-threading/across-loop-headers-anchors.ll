; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, the oracle decides which headers may be copied. In
; @used_beyond the header's anchor %a controls an operation in %body too:
; a copy of %head would need a phi of tokens, so every copy is refused
; (token-placement). In @local the anchor is used only in %head: each copy
; gets its own anchor (whose threads are the implementation's choice), and
; the header is threaded from %entry and from the latch, as LLVM does
; where nothing is convergent. Both checked with simt-run --equiv.
; expect-remark: used_beyond:head: jump-threading: not threading %entry -> %head -> %body: [token-placement]
; expect-remark: used_beyond:head: jump-threading: not copying the branch of %head into %again: [token-placement]
; expect-remark: local:head: jump-threading: threaded %again -> %head to %body
; expect-count: 4 call token @llvm.experimental.convergence.anchor()
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent

define i32 @used_beyond(i32 %n) convergent {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %t, %again ], [ %t, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %a = call token @llvm.experimental.convergence.anchor()
  %s = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %a) ]
  br i1 %go, label %body, label %exit

body:
  %t = call i32 @subgroup_add(i32 %s) [ "convergencectrl"(token %a) ]
  %more = icmp slt i32 %t, %n
  br i1 %more, label %again, label %done

again:
  store volatile i32 %t, ptr addrspace(1) null
  br label %head

done:
  store volatile i32 0, ptr addrspace(1) null
  br label %head

exit:
  ret i32 %s
}

define i32 @local(i32 %n) convergent {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %s, %again ], [ %s, %done ]
  %go = phi i1 [ true, %entry ], [ true, %again ], [ false, %done ]
  %a = call token @llvm.experimental.convergence.anchor()
  %s = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %a) ]
  br i1 %go, label %body, label %exit

body:
  %more = icmp slt i32 %s, %n
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
