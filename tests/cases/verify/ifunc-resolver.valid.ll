; RULE: an ifunc has a linkage a symbol resolved at load time can have, and its resolver is a function defined here returning a pointer (valid: through an alias and a zero offset; any value type)
; expect: valid
@weak = weak ifunc void (), ptr @resolver
@through_alias = internal ifunc void (), ptr @resolver_alias
@zero_offset = ifunc void (), ptr getelementptr (i8, ptr @resolver, i64 0)
@not_a_function_type = ifunc i32, ptr @resolver
@resolver_alias = alias ptr (), ptr @resolver

define ptr @resolver() {
  ret ptr null
}
