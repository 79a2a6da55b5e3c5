; expect: 6:3: PHINode should have one entry for each predecessor of its parent basic block!
define i32 @f() {
entry:
  br label %b
b:
  %p = phi i32 [ 0, %entry ], [ 1, %b ]
  ret i32 %p
}
