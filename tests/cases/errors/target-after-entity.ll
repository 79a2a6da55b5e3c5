; expect: 5:1: expected top-level entity
; The target triple and data layout come before every other entity.
@g = global i32 0

target triple = "nvptx64-nvidia-cuda"
