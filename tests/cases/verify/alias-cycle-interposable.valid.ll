; RULE: an alias chain ends at a definition without a cycle and without an alias another module may replace; an available_externally alias names an available_externally global itself (valid: they do)
; expect: valid
@v = global i32 0
@first = alias i32, ptr @second
@second = alias i32, ptr @v
@offset = alias i32, getelementptr (i8, ptr @first, i64 4)
@same_everywhere = weak_odr alias i32, ptr @v
@through_odr = alias i32, ptr @same_everywhere
@known = available_externally global i32 1
@available = available_externally alias i32, ptr @known
@available_alias = available_externally alias i32, ptr @available
