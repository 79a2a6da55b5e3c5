; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, a select in the header on `%i == 0` is unfolded and
; the entry edge, where %i is 0, threaded through the header. The copy peels
; the first iteration, and its own edge into the loop carries %i = 1, so the
; compare is decided on it again: each copy of the header leads to another,
; without end (opt-22 does not return on this). Copies of blocks heading a
; cycle are bounded per function (as many as it had blocks, at least 8):
; the pass stops with a missed remark, and the result is equivalent
; (simt-run --equiv).
; expect-remark: copies of loop headers were made in this function already
target triple = "amdgcn-amd-amdhsa"

define i32 @f(i32 %n, i32 %m, i32 %a, i1 %p) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %go = phi i1 [ %p, %entry ], [ %go.next, %latch ]
  %h = phi i32 [ %a, %entry ], [ %h.next, %latch ]
  %sc = icmp eq i32 %i, 0
  %sv = select i1 %sc, i32 %m, i32 %a
  br i1 %go, label %body, label %exit

body:
  %x = xor i32 %m, %h
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %go.next = icmp slt i32 %i.next, %n
  %h.next = add i32 %h, 0
  br label %head

exit:
  ret i32 %h
}
