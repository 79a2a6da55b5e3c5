; RUN: -passes=inline
; The inlined copy folds the equality and the difference of pointers that
; are one base at constant `inbounds` offsets, but not through a
; `getelementptr` over a scalable type: its stride is a multiple of
; `vscale`, known only at run time (here 2, so %a is %p plus 32 bytes, not
; 16). The fixed-size offsets beside them still fold.
; expect-count: 1 icmp eq ptr %a.i, %b.i
; expect-count: 1 sub i64 %ia.i, %ip.i
; expect-output: ret i1 false
; expect-output: ret i64 24

define internal i1 @same(ptr %p) {
  %a = getelementptr inbounds <vscale x 4 x i32>, ptr %p, i64 1
  %b = getelementptr inbounds i8, ptr %p, i64 16
  %c = icmp eq ptr %a, %b
  ret i1 %c
}

define internal i64 @distance(ptr %p) {
  %a = getelementptr inbounds <vscale x 4 x i32>, ptr %p, i64 1
  %ia = ptrtoint ptr %a to i64
  %ip = ptrtoint ptr %p to i64
  %d = sub i64 %ia, %ip
  ret i64 %d
}

define internal i1 @fixed_same(ptr %p) {
  %a = getelementptr inbounds <4 x i32>, ptr %p, i64 1
  %b = getelementptr inbounds i8, ptr %p, i64 8
  %c = icmp eq ptr %a, %b
  ret i1 %c
}

define internal i64 @fixed_distance(ptr %p) {
  %a = getelementptr inbounds [3 x i64], ptr %p, i64 1
  %ia = ptrtoint ptr %a to i64
  %ip = ptrtoint ptr %p to i64
  %d = sub i64 %ia, %ip
  ret i64 %d
}

define i1 @f(ptr %p) vscale_range(2,2) {
  %r = call i1 @same(ptr %p)
  ret i1 %r
}

define i64 @g(ptr %p) vscale_range(2,2) {
  %r = call i64 @distance(ptr %p)
  ret i64 %r
}

define i1 @h(ptr %p) {
  %r = call i1 @fixed_same(ptr %p)
  ret i1 %r
}

define i64 @k(ptr %p) {
  %r = call i64 @fixed_distance(ptr %p)
  ret i64 %r
}
