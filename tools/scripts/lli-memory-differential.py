#!/usr/bin/env python3
"""Differential testing of opt-conv's transforms on memory, against LLVM's
own interpreter: random branchy functions that load and store through
allocas, globals, plain, noalias and byval pointer arguments (with GEPs,
negative offsets, selects and phis of pointers, ptrtoint/inttoptr, pointers
kept in memory, memset/memmove, calls that write their argument, volatile
and atomic accesses, fences) are run by lli-22 before and after each pass,
and the printed checksums (results and final memory) must agree.

Every access stays inside its object and noalias arguments get a buffer of
their own, so the programs have no undefined behaviour; the driver decides
per program whether the plain arguments share a buffer, overlap, or point
at a global the function uses.

With --tested-loads, blocks also store small constants to one address
before they branch, and blocks with several predecessors load it first and
branch on it: the loads jump threading forwards or makes phis of
(redundant and partially redundant loads).

usage: lli-memory-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...']
         [--tested-loads]
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, sys

from lli_judge import differential

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
N = 4  # i32 elements per object

HEADER = """
@G0 = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@G1 = global [4 x i32] [i32 10, i32 20, i32 30, i32 40]
@GA = alias [4 x i32], ptr @G1
@K = constant [4 x i32] [i32 7, i32 8, i32 9, i32 11]
@D0 = global [8 x i32] [i32 100, i32 101, i32 102, i32 103, i32 104, i32 105, i32 106, i32 107]
@D1 = global [4 x i32] [i32 200, i32 201, i32 202, i32 203]
@NB = global [4 x i32] [i32 300, i32 301, i32 302, i32 303]
@BV = global [4 x i32] [i32 400, i32 401, i32 402, i32 403]
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\\0A\\00"

define void @wr(ptr %p, i32 %v) memory(argmem: write) nounwind willreturn {
  store i32 %v, ptr %p, align 4
  ret void
}

define i32 @rd(ptr %p) memory(argmem: read) nounwind willreturn {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
"""

MAIN = """
define i32 @sum(ptr %p, i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
  %a = phi i32 [ 0, %entry ], [ %a2, %l ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q, align 4
  %a1 = mul i32 %a, 33
  %a2 = add i32 %a1, %v
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %n
  br i1 %d, label %l, label %out
out:
  ret i32 %a2
}

define i32 @main() {
entry:
  br label %lx
lx:
  %i = phi i32 [ 0, %entry ], [ %i1, %lx.end ]
  %acc = phi i32 [ 0, %entry ], [ %a1, %lx.end ]
  br label %ly
ly:
  %j = phi i32 [ 0, %lx ], [ %j1, %ly ]
  %a = phi i32 [ %acc, %lx ], [ %a1, %ly ]
  %x = trunc i32 %i to i8
  %y = trunc i32 %j to i8
  %r = call i32 @f(ptr ARG0, ptr ARG1, ptr @NB, ptr @BV, i8 %x, i8 %y)
  %m = mul i32 %a, 31
  %a1 = add i32 %m, %r
  %j1 = add i32 %j, 61
  %d = icmp ult i32 %j1, 256
  br i1 %d, label %ly, label %lx.end
lx.end:
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 256
  br i1 %done, label %out, label %lx
out:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a1)
  %s0 = call i32 @sum(ptr @G0, i32 4)
  %s1 = call i32 @sum(ptr @G1, i32 4)
  %s2 = call i32 @sum(ptr @D0, i32 8)
  %s3 = call i32 @sum(ptr @D1, i32 4)
  %s4 = call i32 @sum(ptr @NB, i32 4)
  %s5 = call i32 @sum(ptr @BV, i32 4)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s0)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s3)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s4)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s5)
  ret i32 0
}
"""

# What the driver passes as the two plain arguments: distinct buffers, the
# same one, overlapping windows of one, or globals the function itself uses.
DRIVERS = [
    ("@D0", "@D1"),
    ("@D0", "@D0"),
    ("@D0", "getelementptr inbounds (i32, ptr @D0, i64 2)"),
    ("@G0", "@D1"),
    ("@D1", "@G1"),
    ("@G1", "@G0"),
    ("@G0", "@G0"),
]


class Ptr:
    """A pointer value: its name, the object it points into, and the range
    of i32 offsets it may have in it."""

    def __init__(self, name, obj, lo, hi, writable=True):
        self.name, self.obj, self.lo, self.hi, self.writable = name, obj, lo, hi, writable


def dominators(n, preds):
    dom = {0: {0}}
    for k in range(1, n):
        ds = [dom[p] for p in preds[k]]
        dom[k] = set.intersection(*ds) | {k} if ds else {k}
    return dom


def program(seed, tested_loads=False):
    r = random.Random(seed)
    # Decisions of the tested-loads motif come from their own stream, so
    # that the rest of a seed's program stays the same with or without it.
    tl = random.Random(seed * 7919 + 1)
    hot = tl.choice(["%a1", "@G1", "%p0", "%n0", "@G0"]) if tested_loads else None
    tested = {}
    n = r.randint(3, 8)
    preds = {k: [] for k in range(n)}
    succs = {}
    for k in range(n):
        later = list(range(k + 1, n))
        need = [k + 1] if k + 1 < n and not preds[k + 1] else []
        if not later or (not need and r.random() < 0.1):
            succs[k] = []
        elif len(later) == 1 or r.random() < 0.35:
            succs[k] = need or [r.choice(later)]
        else:
            rest = [b for b in later if b not in need]
            succs[k] = need + r.sample(rest, 2 - len(need))
            r.shuffle(succs[k])
        for s in succs[k]:
            preds[s].append(k)
    dom = dominators(n, preds)
    idom_chain = lambda k: sorted(dom[k])  # blocks are numbered in a topological order

    lines = ["define i32 @f(ptr %p0, ptr %p1, ptr noalias %n0, ptr byval([4 x i32]) %bv, i8 %x, i8 %y) {"]
    cnt = [0]

    def fresh(p):
        cnt[0] += 1
        return f"%{p}{cnt[0]}"

    # Per block: the pointers and i32 values it defines (visible in the
    # blocks it dominates).
    ptrs = {k: [] for k in range(n)}
    ints = {k: [] for k in range(n)}
    out = {}
    motif = {}

    def entry_setup(L):
        L.append("b0:")
        L.append("  %a0 = alloca [4 x i32], align 4")
        L.append("  %a1 = alloca [4 x i32], align 4")
        L.append("  %slot = alloca ptr, align 8")
        L.append("  call void @llvm.memset.p0.i64(ptr %a0, i8 0, i64 16, i1 false)")
        L.append("  store i32 5, ptr %a1, align 4")
        L.append("  %a1.1 = getelementptr inbounds i32, ptr %a1, i64 1")
        L.append("  store i32 6, ptr %a1.1, align 4")
        L.append("  %a1.2 = getelementptr inbounds i32, ptr %a1, i64 2")
        L.append("  store i32 7, ptr %a1.2, align 4")
        L.append("  %a1.3 = getelementptr inbounds i32, ptr %a1, i64 3")
        L.append("  store i32 8, ptr %a1.3, align 4")
        L.append("  store ptr %a0, ptr %slot, align 8")
        L.append("  %xi = zext i8 %x to i32")
        L.append("  %yi = zext i8 %y to i32")
        L.append("  %x3 = and i64 0, 0")
        ints[0].extend(["%xi", "%yi"])
        # Base objects. p1 may point into D0 at offset 2 (8 elements), but
        # the function only uses offsets 0..3 of each argument.
        for name, obj in [("%a0", "a0"), ("%a1", "a1"), ("%p0", "p0"), ("%p1", "p1"), ("%n0", "n0"),
                          ("%bv", "bv"), ("@G0", "G0"), ("@G1", "G1"), ("@GA", "G1")]:
            ptrs[0].append(Ptr(name, obj, 0, 0))
        ptrs[0].append(Ptr("@K", "K", 0, 0, writable=False))
        ptrs[0].append(Ptr("getelementptr inbounds ([4 x i32], ptr @G0, i64 0, i64 2)", "G0", 2, 2))
        ptrs[0].append(Ptr("getelementptr (i8, ptr @G1, i64 4)", "G1", 1, 1))
        ptrs[0].append(Ptr("addrspacecast (ptr addrspace(1) addrspacecast (ptr @G0 to ptr addrspace(1)) to ptr)",
                           "G0", 0, 0))

    def visible(k, what):
        return [v for d in idom_chain(k) for v in what[d]]

    def pick(k):
        # Mostly a value from a dominating block: loads used only further
        # down are what sink.
        above = [v for d in idom_chain(k) if d != k for v in ints[d]]
        return r.choice(above) if above and r.random() < 0.8 else r.choice(visible(k, ints))

    for k in range(n):
        L = []
        if k == 0:
            entry_setup(L)
        else:
            L.append(f"b{k}:")
        P = visible(k, ptrs) if k else ptrs[0]
        I = visible(k, ints) if k else ints[0]
        # Some blocks with one successor loop on themselves three times.
        loops = k > 0 and len(succs[k]) == 1 and r.random() < 0.3
        ps = preds[k]
        if loops:
            inc = ", ".join(f"[ 0, %b{p} ]" for p in sorted(set(ps)))
            L.append(f"  %it{k} = phi i32 {inc}, [ %itn{k}, %b{k} ]")
            ints[k].append(f"%it{k}")
        # Phis of values and of pointers from distinct predecessors.
        elif len(ps) > 1 and len(set(ps)) == len(ps):
            if r.random() < 0.7:
                inc, objs, lo, hi = [], set(), N, 0
                for p in ps:
                    cand = [q for q in visible(p, ptrs) if q.writable]
                    q = r.choice(cand)
                    inc.append(f"[ {q.name}, %b{p} ]")
                    objs.add(q.obj); lo = min(lo, q.lo); hi = max(hi, q.hi)
                nm = fresh("pp")
                L.append(f"  {nm} = phi ptr {', '.join(inc)}")
                ptrs[k].append(Ptr(nm, objs.pop() if len(objs) == 1 else "?", lo, hi))
            inc = []
            for p in ps:
                cand = visible(p, ints)
                inc.append(f"[ {r.choice(cand)}, %b{p} ]")
            nm = fresh("vp")
            L.append(f"  {nm} = phi i32 {', '.join(inc)}")
            ints[k].append(nm)
        if hot and len(preds[k]) > 1 and not loops and tl.random() < 0.7:
            v = fresh("hl")
            vol = "volatile " if tl.random() < 0.05 else ""
            L.append(f"  {v} = load {vol}i32, ptr {hot}, align 4")
            ints[k].append(v)
            tested[k] = v
        P = (visible(k, ptrs) if k else ptrs[0])
        I = (visible(k, ints) if k else ints[0])
        recent = []
        # Use the loads at the bottom of the dominating predecessors.
        for p in sorted(set(preds[k])):
            if p in motif and p in dom[k] and p != k:
                u = fresh("u")
                L.append(f"  {u} = add i32 {motif[p]}, {p + 1}")
                ints[k].append(u)
        for _ in range(r.randint(3, 9)):
            P = visible(k, ptrs) if k else ptrs[0]
            I = visible(k, ints) if k else ints[0]
            W = [q for q in P if q.writable]
            c = r.random()
            if c < 0.30:
                # A load; sometimes of constant memory with !invariant.load.
                q = r.choice(P)
                off = r.randint(-q.lo, N - 1 - q.hi)
                base = q.name
                if off:
                    g = fresh("g")
                    L.append(f"  {g} = getelementptr inbounds i32, ptr {q.name}, i64 {off}")
                    base = g
                v = fresh("l")
                if q.lo == q.hi:
                    recent.append((q.obj, q.lo + off))
                md = ", !invariant.load !0" if q.obj == "K" and r.random() < 0.7 else ""
                vol = "volatile " if r.random() < 0.05 else ""
                L.append(f"  {v} = load {vol}i32, ptr {base}, align 4{md}")
                ints[k].append(v)
            elif c < 0.50:
                q = r.choice(W)
                off = r.randint(-q.lo, N - 1 - q.hi)
                # Mostly, write what a load above read, through whatever
                # pointer into the same object there is (or one that may be).
                if recent and r.random() < 0.6:
                    obj, at = r.choice(recent)
                    same = [w for w in W if w.lo == w.hi and w.obj in (obj, "?")]
                    if same:
                        q = r.choice(same)
                        off = at - q.lo
                base = q.name
                if off:
                    g = fresh("g")
                    L.append(f"  {g} = getelementptr inbounds i32, ptr {q.name}, i64 {off}")
                    base = g
                val = pick(k)
                kind = r.random()
                if kind < 0.75:
                    L.append(f"  store i32 {val}, ptr {base}, align 4")
                elif kind < 0.82:
                    L.append(f"  store volatile i32 {val}, ptr {base}, align 4")
                elif kind < 0.88:
                    L.append(f"  store atomic i32 {val}, ptr {base} {r.choice(['monotonic', 'seq_cst', 'unordered'])}, align 4")
                elif kind < 0.92:
                    t = fresh("t")
                    L.append(f"  {t} = atomicrmw add ptr {base}, i32 {val} seq_cst, align 4")
                elif kind < 0.95:
                    t = fresh("t")
                    L.append(f"  {t} = trunc i32 {val} to i8")
                    L.append(f"  call void @llvm.memset.p0.i64(ptr {base}, i8 {t}, i64 4, i1 false)")
                elif kind < 0.98:
                    src = r.choice(P)
                    L.append(f"  call void @llvm.memmove.p0.p0.i64(ptr {base}, ptr {src.name}, i64 4, i1 false)")
                else:
                    L.append(f"  call void @wr(ptr {base}, i32 {val})")
            elif c < 0.62:
                # Derived pointers: GEP (also non-inbounds, negative), select,
                # ptrtoint/inttoptr, a pointer kept in memory.
                q = r.choice(W)
                how = r.random()
                nm = fresh("q")
                if how < 0.35:
                    off = r.randint(-q.lo, N - 1 - q.hi)
                    ib = "inbounds " if r.random() < 0.6 else ""
                    L.append(f"  {nm} = getelementptr {ib}i8, ptr {q.name}, i64 {4 * off}")
                    ptrs[k].append(Ptr(nm, q.obj, q.lo + off, q.hi + off))
                elif how < 0.5 and q.lo == q.hi == 0:
                    t, t2 = fresh("t"), fresh("t")
                    L.append(f"  {t} = and i8 %x, 3")
                    L.append(f"  {t2} = zext i8 {t} to i64")
                    L.append(f"  {nm} = getelementptr inbounds i32, ptr {q.name}, i64 {t2}")
                    ptrs[k].append(Ptr(nm, q.obj, 0, 3))
                elif how < 0.7:
                    q2 = r.choice(W)
                    cond = fresh("c")
                    L.append(f"  {cond} = icmp ult i32 {pick(k)}, {pick(k)}")
                    L.append(f"  {nm} = select i1 {cond}, ptr {q.name}, ptr {q2.name}")
                    ptrs[k].append(Ptr(nm, q.obj if q.obj == q2.obj else "?", min(q.lo, q2.lo), max(q.hi, q2.hi)))
                elif how < 0.85:
                    t, t2 = fresh("t"), fresh("t")
                    off = r.randint(-q.lo, N - 1 - q.hi)
                    L.append(f"  {t} = ptrtoint ptr {q.name} to i64")
                    L.append(f"  {t2} = add i64 {t}, {4 * off}")
                    L.append(f"  {nm} = inttoptr i64 {t2} to ptr")
                    ptrs[k].append(Ptr(nm, q.obj, q.lo + off, q.hi + off))
                else:
                    if r.random() < 0.5:
                        L.append(f"  store ptr {q.name}, ptr %slot, align 8")
                        # What the slot holds is now q (straight-line in this block).
                        L.append(f"  {nm} = load ptr, ptr %slot, align 8")
                        ptrs[k].append(Ptr(nm, q.obj, q.lo, q.hi))
                    else:
                        L.append(f"  {nm} = addrspacecast ptr {q.name} to ptr addrspace(1)")
                        nm2 = fresh("q")
                        L.append(f"  {nm2} = addrspacecast ptr addrspace(1) {nm} to ptr")
                        ptrs[k].append(Ptr(nm2, q.obj, q.lo, q.hi))
            elif c < 0.66:
                q = r.choice(P)
                v = fresh("l")
                L.append(f"  {v} = call i32 @rd(ptr {q.name})")
                ints[k].append(v)
            elif c < 0.68:
                L.append(f"  fence {r.choice(['acquire', 'release', 'seq_cst'])}")
            else:
                a, b = pick(k), pick(k)
                v = fresh("v")
                L.append(f"  {v} = {r.choice(['add', 'xor', 'mul', 'sub'])} i32 {a}, {b}")
                ints[k].append(v)
        # What sink looks for: a load at the bottom of a block, used only
        # further down, above a store to the same place through another
        # pointer (or to another object).
        if succs[k] and r.random() < 0.7:
            P = visible(k, ptrs) if k else ptrs[0]
            q = r.choice([w for w in P if w.lo == w.hi])
            at = r.randint(0, N - 1)
            g = fresh("g")
            L.append(f"  {g} = getelementptr inbounds i32, ptr {q.name}, i64 {at - q.lo}")
            v = fresh("l")
            L.append(f"  {v} = load i32, ptr {g}, align 4")
            same = [w for w in P if w.lo == w.hi and w.writable and (w.obj == q.obj or r.random() < 0.2)]
            if same:
                w = r.choice(same)
                g2 = fresh("g")
                L.append(f"  {g2} = getelementptr i8, ptr {w.name}, i64 {4 * (at - w.lo)}")
                L.append(f"  store i32 {pick(k)}, ptr {g2}, align 4")
            ints[k].append(v)
            motif[k] = v
        I = visible(k, ints) if k else ints[0]
        s = succs[k]
        if hot and s and tl.random() < 0.5:
            L.append(f"  store i32 {tl.choice([0, 1, 2, pick(k)])}, ptr {hot}, align 4")
        if hot and len(s) == 2 and k not in tested and tl.random() < 0.5:
            # Reloaded in the block, maybe right after the store above.
            v = fresh("hf")
            L.append(f"  {v} = load i32, ptr {hot}, align 4")
            tested[k] = v
        if not s:
            # Return a mix of what this block sees, and the allocas' contents.
            acc = f"{1000 * (k + 1)}"
            for v in [pick(k) for _ in range(min(len(I), 4))] + ["A0", "A1"]:
                if v in ("A0", "A1"):
                    src = "%a0" if v == "A0" else "%a1"
                    l = fresh("e")
                    off = r.randint(0, N - 1)
                    g = fresh("g")
                    L.append(f"  {g} = getelementptr inbounds i32, ptr {src}, i64 {off}")
                    L.append(f"  {l} = load i32, ptr {g}, align 4")
                    v = l
                m, a2 = fresh("m"), fresh("m")
                L.append(f"  {m} = mul i32 {acc}, 7")
                L.append(f"  {a2} = add i32 {m}, {v}")
                acc = a2
            L.append(f"  ret i32 {acc}")
        elif loops:
            L.append(f"  %itn{k} = add i32 %it{k}, 1")
            L.append(f"  %lc{k} = icmp ult i32 %itn{k}, 3")
            L.append(f"  br i1 %lc{k}, label %b{k}, label %b{s[0]}")
        elif len(s) == 1:
            L.append(f"  br label %b{s[0]}")
        else:
            cond = fresh("c")
            L.append(f"  {cond} = icmp {r.choice(['ult', 'eq', 'sgt', 'ne'])} i32 {pick(k)}, {r.choice([pick(k), '3', '100'])}")
            if k in tested and tl.random() < 0.8:
                L.append(f"  {cond}.t = icmp {tl.choice(['eq', 'ne', 'ult'])} i32 {tested[k]}, {tl.choice([0, 1, 2])}")
                cond = f"{cond}.t"
            L.append(f"  br i1 {cond}, label %b{s[0]}, label %b{s[1]}")
        out[k] = L
    for k in range(n):
        lines.extend(out[k])
    lines.append("}")
    lines.append("!0 = !{}")
    a0, a1 = r.choice(DRIVERS)
    main = MAIN.replace("ARG0", a0).replace("ARG1", a1)
    return HEADER + "\n".join(lines) + "\n" + main


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pipelines", default="sink sink,hoist,jump-threading jump-threading,sink hoist,sink",
                    help="space-separated pipelines, each run on every program")
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    ap.add_argument("--tested-loads", action="store_true",
                    help="add loads that branches test, and stores of small constants above them")
    a = ap.parse_args()
    if a.print:
        print(program(a.seed, a.tested_loads)); return 0
    return differential("lli-memory-differential", a.opt_conv, a.seed, a.programs,
                        lambda seed: program(seed, a.tested_loads), a.pipelines.split())


if __name__ == "__main__":
    sys.exit(main())
