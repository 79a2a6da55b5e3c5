; RUN: -passes=inline,simplifycfg
; A pipeline that starts with the inliner is a CGSCC pipeline (as in opt):
; simplifycfg runs on each function once inlining into it is done, before
; its callers inline it. @pick is simplified first (its two returns become
; one select, %a.b), so @caller inlines the select (named %a.b.i, an
; inlined value), and @caller is then simplified in turn. Same output as
; opt-22 -passes=inline,simplifycfg (inlining first and simplifying after
; would make the select in @caller, named %a.b).
; expect-remark: pick:entry: simplifycfg: hoisted the terminator of %first, %second into %entry
; expect-output: %a.b.i = select i1 %c.i, i32 %a, i32 %b
; expect-count: 1 select
; expect-count: 0 br
; expect-no-remark: not inlining
declare i1 @cond(i32)

define internal i32 @pick(i32 %a, i32 %b) {
entry:
  %c = call i1 @cond(i32 %a)
  br i1 %c, label %first, label %second

first:
  ret i32 %a

second:
  ret i32 %b
}

define i32 @caller(i32 %a, i32 %b) {
entry:
  %r = call i32 @pick(i32 %a, i32 %b)
  br label %done

done:
  ret i32 %r
}
