; Temporal divergence of a cycle left for a cycle beside it
; (ConvergenceAndUniformity.rst, "Divergent Cycle Exits": "Nodes along the
; diverged path that lie outside the cycle experience temporal divergence").
; The divergent branch of %inner (a cycle in %outer, itself in %top) leaves
; both %inner and %outer for %side, a cycle in %top as deep as %outer. Lane t
; leaves %outer in iteration %j = t, so %use in %side differs between lanes.
; LLVM 22 walks out of cycles deeper than the exit's own only: it records
; %inner alone as having a divergent exit, and %use stays uniform there.
; expect: llvm uniform %use
; expect: tokens divergent %use
; expect: llvm uniform %other
; expect: tokens uniform %other
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %top

top:
  %o = phi i32 [ 0, %entry ], [ %o.next, %latch ]
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
  %other = add i32 %o, 100
  store i32 %use, ptr addrspace(1) %out
  store i32 %other, ptr addrspace(1) %out
  %twice = icmp slt i32 %s.next, 2
  br i1 %twice, label %side, label %latch

latch:
  %o.next = add i32 %o, 1
  %loop = icmp slt i32 %o.next, %n
  br i1 %loop, label %top, label %end

end:
  ret void
}
