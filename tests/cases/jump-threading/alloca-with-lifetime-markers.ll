; RUN: -passes=jump-threading
; Threading %alloca.block for either predecessor would copy the alloca, and
; the lifetime markers in %use would need a phi of the two copies, which
; LLVM 22's verifier rejects: a marker names one alloca.
; expect-remark: not copying %alloca.block: lifetime markers outside it use %buf
; expect-count: 2 (ptr %buf)
define void @f(i1 %c) {
entry:
  br i1 %c, label %side, label %alloca.block

side:                                             ; preds = %entry
  call void @g()
  br label %alloca.block

alloca.block:                                     ; preds = %side, %entry
  %buf = alloca [16 x i32], align 4
  br i1 %c, label %more, label %use

more:                                             ; preds = %alloca.block
  br label %use

use:                                              ; preds = %more, %alloca.block
  call void @llvm.lifetime.start.p0(ptr %buf)
  call void @llvm.lifetime.end.p0(ptr %buf)
  ret void
}

declare void @g()
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
