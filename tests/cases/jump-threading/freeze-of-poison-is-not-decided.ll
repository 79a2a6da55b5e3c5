; RUN: -passes=jump-threading
; A branch on a freeze is defined where the frozen value is poison, and
; the freeze's other users then see whatever it froze to: nothing decides
; a freeze, not a freeze of the same value (two freezes of one poison value
; may differ) and not a compare that is only known where it is not poison.
; Before, @two_freezes folded %f2 to true and could return 0 (the original
; returns 1, 2 or 3), and @and_with_poison folded %fr to false and could
; return 6 (the original returns 1, 2 or 5).
; expect-count: 3 br i1 %f
; expect-unchanged

define i32 @two_freezes(i8 %n) {
entry:
  %a = add nsw i8 %n, 1
  %x = icmp eq i8 %a, 0
  %f1 = freeze i1 %x
  br i1 %f1, label %t1, label %e1

t1:
  %f2 = freeze i1 %x
  br i1 %f2, label %t2, label %e2

t2:
  %r = zext i1 %f2 to i32
  ret i32 %r

e1:
  ret i32 2

e2:
  ret i32 3
}

define i32 @and_with_poison(i1 %p, i8 %n) {
entry:
  %a = add nsw i8 %n, 1
  %q = icmp eq i8 %a, 0
  br i1 %p, label %r2, label %mid

mid:
  %x = and i1 %p, %q
  %fr = freeze i1 %x
  br i1 %fr, label %t, label %e

t:
  ret i32 1

e:
  %z = zext i1 %fr to i32
  %r = add i32 %z, 5
  ret i32 %r

r2:
  ret i32 2
}
