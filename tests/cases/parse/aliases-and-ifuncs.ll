; Aliases and ifuncs: read with their properties and printed in their own
; groups after the variables, aliases first, as opt-22 prints them.
%pair = type { i32, i32 }

@table = global %pair zeroinitializer
@0 = private alias i32, ptr @table

@pick = ifunc void (), ptr @resolve
@second = hidden alias i32, getelementptr inbounds (%pair, ptr @table, i64 0, i32 1)
@entry = dso_local unnamed_addr alias void (), ptr @impl, partition "part"

define internal ptr @resolve() {
  ret ptr @impl
}

define void @impl() {
  call void @pick()
  %v = load i32, ptr @second, align 4
  %w = load i32, ptr @0, align 4
  ret void
}
