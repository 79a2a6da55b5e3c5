; RUN: -passes=hoist
; Temporal divergence of a loop left for a loop beside it. %inner (a loop
; nested in %outer) branches on the lane: lane t leaves %outer from %inner
; into %side in iteration %j = t of %outer, the other lanes go on. %side is
; a loop of its own, nested in %top as %outer is, so it is as deep as
; %outer. The lanes meet in %side having left %outer in different
; iterations: %use (%j + 100) differs between them, and so does the branch
; of %test. Merging the reductions of %A and %B into %test would make the
; lanes of both arms count each other.
; expect-remark: cannot hoist %ra and %rb: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @k(i32 %n, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br label %top

top:
  %o = phi i32 [ 0, %entry ], [ %o.next, %latch ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  br label %outer

outer:
  %j = phi i32 [ 0, %top ], [ %j.next, %outer.latch ]
  %j.next = add i32 %j, 1
  br label %inner

inner:
  %m = phi i32 [ 0, %outer ], [ %m.next, %inner ]
  %m.next = add i32 %m, 1
  %mine = icmp eq i32 %j, %tid
  %way = select i1 %mine, i32 1, i32 2
  %again = icmp eq i32 %m, %n
  %go = select i1 %again, i32 0, i32 %way
  switch i32 %go, label %inner [ i32 1, label %side
                                 i32 2, label %outer.latch ]

outer.latch:
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %outer, label %latch

side:
  %s = phi i32 [ 0, %inner ], [ %s.next, %side ]
  %s.next = add i32 %s, 1
  %use = add i32 %j, 100
  %twice = icmp slt i32 %s.next, 2
  br i1 %twice, label %side, label %test

test:
  %first = icmp eq i32 %use, 100
  br i1 %first, label %A, label %B

A:
  %ra = call i32 @subgroupAdd(i32 1) [ "convergencectrl"(token %h) ]
  store i32 %ra, ptr addrspace(1) %slot
  br label %latch

B:
  %rb = call i32 @subgroupAdd(i32 1) [ "convergencectrl"(token %h) ]
  %rb.tag = add i32 %rb, 1000
  store i32 %rb.tag, ptr addrspace(1) %slot
  br label %latch

latch:
  %o.next = add i32 %o, 1
  %loop = icmp slt i32 %o.next, 1
  br i1 %loop, label %top, label %end

end:
  ret void
}
