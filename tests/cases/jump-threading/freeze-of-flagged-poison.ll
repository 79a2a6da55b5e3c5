; RUN: -passes=jump-threading
; A compare or an `or` whose flags make it poison is not known, even of
; known values: under a `freeze` the poison becomes any value, the same one
; for every user of the freeze. Before, the branch of %j was folded in each
; function ("known on every edge"), while the freeze kept running: in
; @samesign, %x = -1 gives `icmp samesign ult -1, 3` poison, the freeze may
; give true, and the function then returned 21, which the original never
; does (true goes to %t: 11); in @disjoint, %x = 3 gives `or disjoint 3, 1`
; poison, the freeze may give 4, and the function returned 104 (the
; original returns 204 then). The edges where the value is defined are
; still threaded: the copy in the predecessor folds to the same constant
; the branch was decided by. (LLVM 22 folds the branch of @disjoint.)
; In @disjoint_i1, `or disjoint true, true` is poison, the freeze may give
; false, and the function returned 10 (the original returns 20 then).
; expect-no-remark: folded
; expect-remark: threaded %b -> %j to %e
; expect-remark: threaded %b -> %j to %t
; expect-output: br i1 %c1, label %t, label %e
; expect-output: br i1 %c, label %t, label %e

define i32 @samesign(i1 %d) {
entry:
  br i1 %d, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i8 [ -1, %a ], [ 5, %b ]
  %cmp = icmp samesign ult i8 %x, 3
  %c = freeze i1 %cmp
  br i1 %c, label %t, label %e
t:
  %r1 = zext i1 %c to i32
  %r1b = add i32 %r1, 10
  ret i32 %r1b
e:
  %r2 = zext i1 %c to i32
  %r2b = add i32 %r2, 20
  ret i32 %r2b
}

define i32 @disjoint(i1 %d) {
entry:
  br i1 %d, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i8 [ 3, %a ], [ 2, %b ]
  %o = or disjoint i8 %x, 1
  %fo = freeze i8 %o
  %c = icmp eq i8 %fo, 3
  br i1 %c, label %t, label %e
t:
  %r1 = zext i8 %fo to i32
  %r1b = add i32 %r1, 100
  ret i32 %r1b
e:
  %r2 = zext i8 %fo to i32
  %r2b = add i32 %r2, 200
  ret i32 %r2b
}

; The same of an `i1`: `or disjoint` of two trues is poison.
define i32 @disjoint_i1(i1 %d) {
entry:
  br i1 %d, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i1 [ true, %a ], [ false, %b ]
  %o = or disjoint i1 %x, true
  %c = freeze i1 %o
  br i1 %c, label %t, label %e
t:
  %r1 = zext i1 %c to i32
  %r1b = add i32 %r1, 10
  ret i32 %r1b
e:
  %r2 = zext i1 %c to i32
  %r2b = add i32 %r2, 20
  ret i32 %r2b
}
