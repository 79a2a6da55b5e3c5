; RUN: -passes=loop-simplify
; The self-loop %h lies in the irreducible cycle {%h, %x}, which is entered
; at %h (even threads) and at %x (odd threads, through %side). Its
; predecessors outside the loop are %entry, outside the cycle, and %x,
; inside it. A preheader taking both edges would join the cycle and become
; its entry in place of %h: as header it would count the visits from %x
; only, where %h counts the self-loop's iterations too. Thread 0 runs %r
; three times (twice round the self-loop, then once after %x), thread 1
; twice (after %x each time). With %h as header they reduce together in
; their first and second visits, with %x as header thread 1's first
; reduction meets thread 0's third; with the preheader as header thread
; 1's second would meet thread 0's third, which neither header of the
; original gives. So no preheader is made (rule irreducible-edge); the
; dedicated exit %x.loopexit stays inside the cycle and changes no entry.
; expect-count: 0 h.preheader
; expect-output: br i1 %even, label %h, label %side
; expect-output: br i1 %done, label %exit, label %h
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @f() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = trunc i32 %tid to i1
  %stop = select i1 %odd, i32 3, i32 2
  %even = xor i1 %odd, true
  br i1 %even, label %h, label %side

side:
  br label %x

h:
  %n = phi i32 [ 0, %entry ], [ %n1, %h ], [ %m, %x ]
  %v = phi i32 [ 0, %entry ], [ %v, %h ], [ %v1, %x ]
  %r = call i32 @subgroupAdd(i32 %n)
  call void @use(i32 %r)
  %n1 = add i32 %n, 1
  %stay = icmp eq i32 %n1, 1
  br i1 %stay, label %h, label %x

x:
  %m = phi i32 [ 10, %side ], [ %n1, %h ]
  %vx = phi i32 [ 0, %side ], [ %v, %h ]
  %v1 = add i32 %vx, 1
  %done = icmp uge i32 %v1, %stop
  br i1 %done, label %exit, label %h

exit:
  ret void
}
