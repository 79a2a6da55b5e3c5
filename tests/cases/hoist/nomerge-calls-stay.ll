; RUN: -passes=hoist
; Calls marked nomerge are never merged (LangRef; opt-22's gvn-hoist
; leaves them too): the identical read-only calls stay in their arms,
; whether the call sites or the callee carry the attribute.
; expect-count: 2 call i32 @r(i32 %x)
; expect-count: 2 call i32 @r_nomerge(i32 %x)
; expect-remark: cannot hoist %p: a nomerge call
; expect-no-remark: hoisted

declare i32 @r(i32) memory(read) nounwind willreturn
declare i32 @r_nomerge(i32) memory(read) nounwind willreturn nomerge

define i32 @site(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %p = call i32 @r(i32 %x) #0
  br label %j

b:
  %q = call i32 @r(i32 %x) #0
  br label %j

j:
  %v = phi i32 [ %p, %a ], [ %q, %b ]
  ret i32 %v
}

define i32 @callee(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %p = call i32 @r_nomerge(i32 %x)
  br label %j

b:
  %q = call i32 @r_nomerge(i32 %x)
  br label %j

j:
  %v = phi i32 [ %p, %a ], [ %q, %b ]
  ret i32 %v
}

attributes #0 = { nomerge }
