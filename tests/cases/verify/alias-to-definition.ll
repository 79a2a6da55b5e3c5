; RULE: an alias stands for a definition (through constant expressions), and
; an ifunc's resolver is a definition (LLVM 22's verifier)
; expect-error: Alias must point to a definition
; expect-error: Alias must point to a definition
; expect-error: IFunc resolver must be a definition
@v = external global i32
@to_declaration = alias i32, ptr @v
@through_expression = alias i32, ptr getelementptr (i8, ptr @v, i64 4)
@resolved_by_declaration = ifunc void (), ptr @resolver

declare ptr @resolver()
