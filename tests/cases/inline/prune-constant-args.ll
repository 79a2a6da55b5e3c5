; RUN: -passes=inline
; As LLVM's pruning cloner: the inlined copy is simplified with the call's
; constant arguments. In @pick's copy the switch on 2 goes to %two only,
; the other arms are not copied, the phi of %join keeps its one entry and
; folds to the add, which folds to 12, and the fall-through blocks merge.
; In @loopy's copy (a controlled callee: its entry token becomes the call
; site's) the branch on the constant false goes to %done only: the
; convergent call on %odd, which no thread would run, is not copied, and
; %exit and %done join the loop's exit block. A branch on a constant goes
; the same way in every thread, so nothing about convergence changes.
; Compared with opt-22 -passes=inline: the same.
; expect-remark: inlined @pick into @user
; expect-remark: inlined @loopy into @k
; expect-output: ret i32 12
; expect-count: 0 switch i32
; expect-count: 0 call i32 @pick(
; expect-count: 1 %h.i = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
; expect-count: 0 call void @never(

declare void @use(i32)
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @never() convergent

define internal i32 @pick(i32 %k, i32 %x) {
entry:
  switch i32 %k, label %other [
    i32 1, label %one
    i32 2, label %two
  ]

one:
  call void @use(i32 1)
  br label %join

two:
  %t = add i32 %x, 6
  br label %join

other:
  call void @use(i32 3)
  br label %join

join:
  %r = phi i32 [ 0, %one ], [ %t, %two ], [ 1, %other ]
  ret i32 %r
}

define i32 @user() {
  %v = call i32 @pick(i32 2, i32 6)
  ret i32 %v
}

define internal i32 @loopy(i32 %n, i1 %rare) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  %s = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  %i.next = add i32 %i, 1
  %d = icmp sge i32 %i.next, %n
  br i1 %d, label %exit, label %loop

exit:
  br i1 %rare, label %odd, label %done

odd:
  call void @never() [ "convergencectrl"(token %t) ]
  br label %done

done:
  ret i32 %s
}

define i32 @k() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %r = call i32 @loopy(i32 0, i1 false) [ "convergencectrl"(token %e) ]
  ret i32 %r
}
