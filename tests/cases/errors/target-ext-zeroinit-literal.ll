; expect: 3:37: invalid type for null constant
; spirv.Literal only parameterises other SPIR-V types: it has no zero value.
@g = global target("spirv.Literal") zeroinitializer
