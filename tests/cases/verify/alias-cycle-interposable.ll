; RULE: an alias chain ends at a definition without a cycle and without an alias another module may replace; an available_externally alias names an available_externally global itself (LLVM 22's verifier)
; expect-error: Aliases cannot form a cycle
; expect-error: Aliases cannot form a cycle
; expect-error: Aliases cannot form a cycle
; expect-error: Alias cannot point to an interposable alias
; expect-error: available_externally alias must point to available_externally global value
; expect-error: available_externally alias must point to available_externally global value
; expect-error: Aliasee should be either GlobalValue or ConstantExpr
@v = global i32 0
@first = alias i32, ptr @second
@second = alias i32, ptr @first
@into_cycle = alias i32, getelementptr (i8, ptr @first, i64 4)
@replaceable = weak alias i32, ptr @v
@through_replaceable = alias i32, ptr @replaceable
@known = available_externally global i32 1
@not_available = available_externally alias i32, ptr @v
@offset = available_externally alias i32, getelementptr (i8, ptr @known, i64 4)
@null = alias i32, ptr null
