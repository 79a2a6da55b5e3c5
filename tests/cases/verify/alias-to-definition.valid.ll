; RULE: an alias stands for a definition (through constant expressions), and an ifunc's resolver is a definition (valid: they are)
; expect: valid
@v = global i32 0
@to_definition = alias i32, ptr @v
@through_expression = alias i32, ptr getelementptr (i8, ptr @v, i64 4)
@to_alias = alias i32, ptr @to_definition
@resolved = ifunc void (), ptr @resolver

define ptr @resolver() {
  ret ptr null
}
