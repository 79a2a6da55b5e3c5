; invoke, landingpad (cleanup, catch and filter clauses) and resume.
declare i32 @__gxx_personality_v0(...)
declare i32 @may_throw(i32)
declare void @may_throw_void()
@typeinfo = external constant ptr

define i32 @landingpads(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke noundef i32 @may_throw(i32 %x) #0 [ "tag"(i32 1) ]
          to label %next unwind label %lpad
next:
  invoke fastcc void @may_throw_void() to label %done unwind label %lpad
done:
  %p = phi i32 [ %r, %next ]
  ret i32 %p
lpad:
  %lp = landingpad { ptr, i32 } cleanup catch ptr @typeinfo catch ptr null filter [1 x ptr] [ptr @typeinfo] filter [0 x ptr] zeroinitializer
  %sel = extractvalue { ptr, i32 } %lp, 1
  %caught = icmp eq i32 %sel, 1
  br i1 %caught, label %handler, label %rethrow
handler:
  ret i32 0
rethrow:
  resume { ptr, i32 } %lp
}

; The invoke's result flows into a phi of its normal destination.
define i32 @result_in_phi(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @may_throw(i32 %x)
          to label %join unwind label %lpad
join:
  %v = phi i32 [ %r, %entry ]
  ret i32 %v
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  ret i32 -1
}

attributes #0 = { nounwind }
