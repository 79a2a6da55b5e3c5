; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by the second adversarial review: the heart %h comes from the anchor
; %a in the outer loop, whose group may hold threads of different outer
; iterations. The inner trip count %j is uniform within one outer iteration
; but not across them, so threads of one group may have 3 and 4 inner
; iterations: a remainder is refused (the spec's unrolling example).
; expect-remark: [heart-remainder]
; expect-no-remark: with run-time trip count
target triple = "amdgcn-amd-amdhsa"
declare i32 @op(i32) convergent
declare void @use(i32)

define amdgpu_kernel void @k(i32 %m) {
entry:
  br label %oh
oh:
  %j = phi i32 [ 1, %entry ], [ %j.next, %olatch ]
  %a = call token @llvm.experimental.convergence.anchor()
  br label %ih
ih:
  %i = phi i32 [ 0, %oh ], [ %i.next, %ih ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  %x = call i32 @op(i32 %i) [ "convergencectrl"(token %h) ]
  call void @use(i32 %x)
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %j
  br i1 %c, label %ih, label %olatch
olatch:
  %j.next = add i32 %j, 1
  %oc = icmp slt i32 %j.next, %m
  br i1 %oc, label %oh, label %exit, !llvm.loop !0
exit:
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
