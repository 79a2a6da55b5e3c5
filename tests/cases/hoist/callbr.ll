; RUN: -passes=hoist
; Hoisted code is placed before the branch block's terminator. Before a
; `callbr` that is wrong twice over: its result is not available there (the
; adds use it), and it may write memory the loads of both arms read (@g).
; Nothing is hoisted out of the successors of a `callbr`; a plain branch in
; the same function still gets its common code hoisted.
; expect-no-remark: hoisted %a1
; expect-no-remark: hoisted %l1
; expect-remark: hoisted %s1 from %t into %plain, merged with %s2 from %e
; expect-output: %a1 = add i32 %r, 1
; expect-output: %l1 = load i32, ptr @g, align 4
@g = global i32 0

define i32 @uses_result(i1 %c) {
entry:
  %r = callbr i32 asm sideeffect "", "=r,!i"()
          to label %fall [label %indirect]

fall:
  %a1 = add i32 %r, 1
  br label %plain

indirect:
  %a2 = add i32 %r, 1
  ret i32 %a2

plain:
  br i1 %c, label %t, label %e

t:
  %s1 = mul i32 %a1, 3
  ret i32 %s1

e:
  %s2 = mul i32 %a1, 3
  ret i32 %s2
}

define i32 @writes_memory() {
entry:
  callbr void asm "", "=*m,!i"(ptr elementtype(i32) @g)
          to label %fall [label %indirect]

fall:
  %l1 = load i32, ptr @g, align 4
  ret i32 %l1

indirect:
  %l2 = load i32, ptr @g, align 4
  ret i32 %l2
}
