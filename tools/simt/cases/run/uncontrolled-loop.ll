; run: --threads 4 --func uncontrolled --args 1:3:2:0
; Maximal convergence without tokens (ConvergenceAndUniformity.rst, "Maximal
; Convergence"): in the loop, threads communicate per iteration of the
; header; after the loop all threads reconverge.
declare i32 @llvm.amdgcn.wave.reduce.umax.i32(i32, i32) convergent
declare i64 @llvm.amdgcn.ballot.i64(i1) convergent
declare void @report(i32, i64)

define void @uncontrolled(i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %latch, label %exit

latch:
  %m = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %n, i32 0)
  %i.next = add i32 %i, 1
  br label %header

exit:
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  call void @report(i32 %i, i64 %b)
  ret void
}
