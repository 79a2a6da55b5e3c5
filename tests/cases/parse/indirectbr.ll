; indirectbr with several destinations, one listed twice, and with none.
define i32 @indirect(ptr %target, i1 %c) {
entry:
  br i1 %c, label %go, label %never
go:
  indirectbr ptr %target, [label %one, label %two, label %one]
one:
  ret i32 1
two:
  ret i32 2
never:
  indirectbr ptr null, []
}
