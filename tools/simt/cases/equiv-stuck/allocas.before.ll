; Thread 0 makes an alloca at every iteration of a loop it never leaves;
; the others make one each and pass it on.
declare void @sink(ptr)
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %loop, label %rest

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %slot = alloca i32, align 4
  store i32 %i, ptr %slot, align 4
  %dead = mul i32 %i, 7
  %i1 = add i32 %i, 1
  br label %loop

rest:
  %mine = alloca i32, align 4
  call void @sink(ptr %mine)
  ret void
}
