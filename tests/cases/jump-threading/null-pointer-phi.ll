; RUN: -passes=jump-threading
; A compare for equality of a phi of pointers with null is known on the
; edges where the phi is null: in @eq_null, the edge from %entry, where %pm
; is null, is threaded to %isnull. Pointers are known only as null, and
; only equality is decided: in @ult_null, the unsigned compare is left
; alone, and in @global_not_null the edge where %q2 is a global is not
; decided. opt-22 threads @eq_null the same way (its phi of the threaded
; value is named %pm3, its entries in the other order); it also folds the
; compare of @ult_null (nothing is below null) and knows that @g is not
; null: there we do less.
; expect-remark: threaded %entry -> %m to %isnull
; expect-count: 1 icmp ult ptr %q, null
; expect-count: 1 icmp eq ptr %q2, null

@g = global i32 0

declare void @use(ptr)

define void @eq_null(ptr %ptr, i1 %c) {
entry:
  br i1 %c, label %d1, label %m

d1:
  %p1 = load ptr, ptr %ptr, align 8
  br label %m

m:
  %pm = phi ptr [ null, %entry ], [ %p1, %d1 ]
  %c2 = icmp eq ptr %pm, null
  br i1 %c2, label %isnull, label %notnull

isnull:
  call void @use(ptr %pm)
  ret void

notnull:
  call void @use(ptr %ptr)
  ret void
}

define void @ult_null(ptr %ptr, i1 %c) {
entry:
  br i1 %c, label %d1, label %m

d1:
  %p1 = load ptr, ptr %ptr, align 8
  br label %m

m:
  %q = phi ptr [ null, %entry ], [ %p1, %d1 ]
  %c2 = icmp ult ptr %q, null
  br i1 %c2, label %yes, label %no

yes:
  call void @use(ptr %q)
  ret void

no:
  call void @use(ptr %ptr)
  ret void
}

define void @global_not_null(ptr %ptr, i1 %c) {
entry:
  br i1 %c, label %d1, label %m

d1:
  %p1 = load ptr, ptr %ptr, align 8
  br label %m

m:
  %q2 = phi ptr [ @g, %entry ], [ %p1, %d1 ]
  %c2 = icmp eq ptr %q2, null
  br i1 %c2, label %yes, label %no

yes:
  call void @use(ptr %q2)
  ret void

no:
  call void @use(ptr %ptr)
  ret void
}
