; RULE: an ifunc has a linkage a symbol resolved at load time can have, and its resolver is a function defined here returning a pointer (valid: through an alias; any value type)
; expect: valid
@weak = weak ifunc void (), ptr @resolver
@through_alias = internal ifunc void (), ptr @resolver_alias
@not_a_function_type = ifunc i32, ptr @resolver
@resolver_alias = alias ptr (), ptr @resolver

define ptr @resolver() {
  ret ptr null
}
