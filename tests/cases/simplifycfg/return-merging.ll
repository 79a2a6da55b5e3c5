; RUN: -passes=simplifycfg
; Three returns become one block `common.ret` returning a phi of the
; returned values; the blocks left holding only a branch to it are
; forwarded. Same output as opt-22 -passes=simplifycfg.
; expect-output: %common.ret.op = phi i32 [ 1, %a ], [ 2, %b ], [ 3, %d ]
; expect-count: 1 ret i32

declare void @g()
declare void @h()
declare void @k()

define i32 @three_returns(i32 %s) {
entry:
  switch i32 %s, label %d [ i32 0, label %a
                            i32 1, label %b ]

a:
  call void @g()
  ret i32 1

b:
  call void @h()
  ret i32 2

d:
  call void @k()
  ret i32 3
}
