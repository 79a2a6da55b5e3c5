; RUN: -passes=simplifycfg<hoist-common-insts>
; With hoist-common-insts the common leading code moves: the loads, then
; the adds (past the different calls, which only read memory and return;
; the merged add keeps only the flags both had), while the stores stay:
; a store may not pass a skipped call that reads memory. Same output as
; opt-22.
; expect-remark: hoisted %v1 from %then, %else into %entry
; expect-remark: hoisted %w1 from %then, %else into %entry
; expect-count: 2 store i32
; expect-count: 1 load i32

declare void @g() nounwind willreturn memory(read)
declare void @h() nounwind willreturn memory(read)

define void @common(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  %v1 = load i32, ptr %p, align 4
  call void @g()
  %w1 = add nsw i32 %v1, 1
  store i32 %w1, ptr %q, align 4
  br label %end

else:
  %v2 = load i32, ptr %p, align 4
  call void @h()
  %w2 = add i32 %v2, 1
  store i32 %w2, ptr %q, align 4
  br label %end

end:
  ret void
}
