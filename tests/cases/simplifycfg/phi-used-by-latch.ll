; RUN: -passes=simplifycfg<no-keep-loops>
; %mid is empty but its phi %p is also what the loop's latch feeds back
; into %h: forwarding %mid's predecessors to %header would leave that
; entry without a definition. It stays, as in opt-22 with the same
; parameters.
; expect-output: %p = phi i32 [ 1, %a ], [ 2, %b ]
; expect-output: %h = phi i32 [ %p, %mid ], [ %p, %header ]

declare void @f()
declare void @g()
declare i1 @more(i32)

define void @loop(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @f()
  br label %mid

b:
  call void @g()
  br label %mid

mid:
  %p = phi i32 [ 1, %a ], [ 2, %b ]
  br label %header

header:
  %h = phi i32 [ %p, %mid ], [ %p, %header ]
  %m = call i1 @more(i32 %h)
  br i1 %m, label %header, label %exit

exit:
  ret void
}
