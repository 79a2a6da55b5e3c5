; Thread 0 runs a long loop that ends (400 iterations), then meets the
; others at %join. The loop carries dead arithmetic.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %loop, label %join

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %d1 = mul i32 %i, 3
  %d2 = add i32 %d1, 7
  %d3 = xor i32 %d2, %i
  %d4 = mul i32 %d3, %d3
  %d5 = sub i32 %d4, %d1
  %d6 = or i32 %d5, 1
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 400
  br i1 %more, label %loop, label %join

join:
  %sum = call i32 @subgroupAdd(i32 1)
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  call void @report(i32 %sum)
  br label %done

done:
  ret void
}
