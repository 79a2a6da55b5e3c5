#!/usr/bin/env python3
"""Differential testing of `hoist` on memory, against LLVM's own interpreter:
random functions whose branch has two arms with nearly the same memory
accesses (one arm is the other with neighbours swapped, accesses dropped,
values changed, accesses added), so that hoisting finds pairs of equal
stores, loads and read-only calls in orders that differ. Pointers may be
the same, overlap or be apart (the driver calls the function with several
pointer pairs); the arms hold GEPs and values they compute themselves,
stores of other widths to the same place, loads between stores, read-only
and writing calls, memset, fences, volatile and atomic accesses, calls that
may not return (the driver makes one of them print memory and exit), arms
that branch again with mirrored arms of their own (hoisted into, then
hoisted from), switches, and arms ending in `unreachable` (never taken).

lli-22 runs each program before and after the pipelines; the printed
results and final memory must agree, and opt-22 must accept the output.

usage: hoist-memory-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...']
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, sys

from lli_judge import differential

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

HEADER = """
@M = global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8]
@N = global [8 x i32] [i32 10, i32 20, i32 30, i32 40, i32 50, i32 60, i32 70, i32 80]
@fmt = private constant [4 x i8] c"%d\\0A\\00"
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i32 @printf(ptr, ...)
declare void @exit(i32)

define i32 @rd(ptr %p) memory(argmem: read) nounwind willreturn {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define void @wr(ptr %p, i32 %v) memory(argmem: write) nounwind willreturn {
  store i32 %v, ptr %p, align 4
  ret void
}

define i32 @sum(ptr %p) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
  %a = phi i32 [ 0, %entry ], [ %a2, %l ]
  %g = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %g, align 4
  %a1 = mul i32 %a, 33
  %a2 = add i32 %a1, %v
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, 8
  br i1 %d, label %l, label %out
out:
  ret i32 %a2
}

define void @dump() {
  %m = call i32 @sum(ptr @M)
  %n = call i32 @sum(ptr @N)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %m)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n)
  ret void
}

; May not return: prints memory and exits when %k is %stop.
define void @bail(i32 %k, i32 %stop) nounwind {
  %d = icmp eq i32 %k, %stop
  br i1 %d, label %out, label %go
out:
  call void @dump()
  call void @exit(i32 0)
  unreachable
go:
  ret void
}
"""

# Pointer pairs the driver passes: apart, equal, overlapping, and so on
# (each points at four i32 the function may use).
PAIRS = [
    ("@M", "@N"),
    ("@M", "@M"),
    ("@M", "getelementptr inbounds (i32, ptr @M, i64 1)"),
    ("getelementptr inbounds (i32, ptr @N, i64 2)", "@N"),
    ("getelementptr inbounds (i32, ptr @M, i64 4)", "@M"),
]

BASES = ["%p", "%q", "%a"]
VALS = ["%x", "0", "1", "7", "-3"]


class Gen:
    def __init__(self, r):
        self.r = r
        self.n = 0

    def fresh(self):
        self.n += 1
        return self.n

    def value(self, vals):
        r = self.r
        return r.choice(vals) if vals and r.random() < 0.5 else ("c", r.choice(VALS))

    def pointer(self, ptrs):
        r = self.r
        if ptrs and r.random() < 0.4:
            return r.choice(ptrs)
        return ("b", r.choice(BASES), r.randint(0, 3))

    def op(self, vals, ptrs, bails):
        """One abstract access (or a value or pointer it needs)."""
        r = self.r
        c = r.random()
        k = self.fresh()
        if c < 0.34:
            ty = r.choice(["i32"] * 6 + ["i16", "i8"])
            return ("st", k, ty, self.value(vals), self.pointer(ptrs), r.choice([4, 4, 2, 1]))
        if c < 0.56:
            return ("ld", k, self.pointer(ptrs), r.choice([4, 4, 2]))
        if c < 0.63:
            return ("gep", k, ("b", r.choice(BASES), 0), r.randint(0, 3))
        if c < 0.67:
            return ("arith", k, r.choice(["add", "mul", "xor"]), self.value(vals), self.value(vals))
        if c < 0.70:
            # Twice a value, which each arm writes its own way.
            return ("twice", k, self.value(vals))
        if c < 0.75:
            return ("rd", k, self.pointer(ptrs))
        if c < 0.79:
            return ("wr", k, self.pointer(ptrs), self.value(vals))
        if c < 0.82:
            return ("memset", k, self.pointer(ptrs), r.randint(0, 255))
        if c < 0.84:
            return ("fence", k, r.choice(["acquire", "release", "seq_cst"]))
        if c < 0.88:
            return ("vst", k, self.value(vals), self.pointer(ptrs), r.choice(["volatile", "atomic"]))
        if c < 0.91:
            return ("vld", k, self.pointer(ptrs), r.choice(["volatile", "atomic"]))
        bails.append(k)
        return ("bail", k)

    def sequence(self, length, bails):
        seq, vals, ptrs = [], [], []
        for _ in range(length):
            o = self.op(vals, ptrs, bails)
            seq.append(o)
            if o[0] in ("ld", "arith", "twice", "rd", "vld"):
                vals.append(("v", o[1]))
            elif o[0] == "gep":
                ptrs.append(("g", o[1]))
        return seq

    def mirror(self, seq, bails):
        """The other arm: the same accesses, a little disturbed."""
        r = self.r
        out = list(seq)
        for i in range(len(out) - 1):
            if r.random() < 0.25:
                out[i], out[i + 1] = out[i + 1], out[i]
        out = [o for o in out if r.random() > 0.1]
        for i, o in enumerate(out):
            if o[0] == "st" and r.random() < 0.1:
                out[i] = o[:3] + (("c", r.choice(VALS)),) + o[4:]
            elif o[0] == "st" and r.random() < 0.1:
                out[i] = o[:5] + (r.choice([4, 2, 1]),)
        vals = [("v", o[1]) for o in seq if o[0] in ("ld", "arith", "twice", "rd", "vld")]
        ptrs = [("g", o[1]) for o in seq if o[0] == "gep"]
        for _ in range(r.randint(0, 2)):
            out.insert(r.randint(0, len(out)), self.op(vals, ptrs, bails))
        return out


def render(seq, tag, L, r):
    """Instructions of one arm for `seq`; returns the arm's running sum.
    Equal values and pointers may be written differently in each arm
    (operands swapped, `mul x, 2` as `shl x, 1`, GEPs with or without
    inbounds)."""
    defined = {}
    acc = "0"
    cnt = [0]

    def name(p):
        cnt[0] += 1
        return f"%{tag}{p}{cnt[0]}"

    def val(v):
        if v[0] == "c":
            return v[1]
        return defined.get(v[1], "%x")

    def ptr(p):
        if p[0] == "g":
            return defined.get(p[1], "%p")
        _, base, off = p
        if off == 0:
            return base
        g = name("g")
        ib = "inbounds " if r.random() < 0.8 else ""
        L.append(f"  {g} = getelementptr {ib}i32, ptr {base}, i64 {off}")
        return g

    def fold(v):
        nonlocal acc
        m, s = name("m"), name("s")
        L.append(f"  {m} = mul i32 {acc}, 31")
        L.append(f"  {s} = add i32 {m}, {v}")
        acc = s

    for o in seq:
        kind, k = o[0], o[1]
        if kind == "st":
            _, _, ty, v, p, al = o
            pv = ptr(p)
            x = val(v)
            if ty != "i32":
                t = name("t")
                L.append(f"  {t} = trunc i32 {x} to {ty}")
                x = t
            L.append(f"  store {ty} {x}, ptr {pv}, align {min(al, 4 if ty == 'i32' else 1)}")
        elif kind == "ld":
            pv = ptr(o[2])
            v = name("l")
            L.append(f"  {v} = load i32, ptr {pv}, align {o[3]}")
            defined[k] = v
            fold(v)
        elif kind == "gep":
            g = name("q")
            L.append(f"  {g} = getelementptr inbounds i32, ptr {o[2][1]}, i64 {o[3]}")
            defined[k] = g
        elif kind == "arith":
            v = name("v")
            a, b = val(o[3]), val(o[4])
            if r.random() < 0.5:
                a, b = b, a
            L.append(f"  {v} = {o[2]} i32 {a}, {b}")
            defined[k] = v
        elif kind == "twice":
            v = name("v")
            a = val(o[2])
            L.append(f"  {v} = " + r.choice([f"mul i32 {a}, 2", f"shl i32 {a}, 1", f"add i32 {a}, {a}", f"mul nsw i32 {a}, 2"]))
            defined[k] = v
        elif kind == "rd":
            v = name("r")
            L.append(f"  {v} = call i32 @rd(ptr {ptr(o[2])})")
            defined[k] = v
            fold(v)
        elif kind == "wr":
            pv = ptr(o[2])
            L.append(f"  call void @wr(ptr {pv}, i32 {val(o[3])})")
        elif kind == "memset":
            pv = ptr(o[2])
            L.append(f"  call void @llvm.memset.p0.i64(ptr {pv}, i8 {o[3]}, i64 4, i1 false)")
        elif kind == "fence":
            L.append(f"  fence {o[2]}")
        elif kind == "vst":
            pv = ptr(o[3])
            x = val(o[2])
            if o[4] == "volatile":
                L.append(f"  store volatile i32 {x}, ptr {pv}, align 4")
            else:
                L.append(f"  store atomic i32 {x}, ptr {pv} monotonic, align 4")
        elif kind == "vld":
            pv = ptr(o[2])
            v = name("l")
            if o[3] == "volatile":
                L.append(f"  {v} = load volatile i32, ptr {pv}, align 4")
            else:
                L.append(f"  {v} = load atomic i32, ptr {pv} acquire, align 4")
            defined[k] = v
            fold(v)
        elif kind == "bail":
            L.append(f"  call void @bail(i32 {k}, i32 %stop)")
    return acc


def program(seed):
    r = random.Random(seed)
    g = Gen(r)
    bails = []
    L = ["define i32 @f(ptr %p, ptr %q, i32 %c, i32 %x, i32 %stop) {", "entry:"]
    L.append("  %a = alloca [4 x i32], align 4")
    L.append("  call void @llvm.memset.p0.i64(ptr %a, i8 3, i64 16, i1 false)")
    # Which arm the driver never takes (it ends in unreachable), if any.
    dead = r.choice([None] * 6 + ["t", "e"])
    if r.random() < 0.25:
        # One case, or two cases to the same arm (two edges into it).
        more = "\n                            i32 5, label %e" if r.random() < 0.3 else ""
        L.append(f"  switch i32 %c, label %t [ i32 1, label %e{more} ]")
    else:
        L.append("  %cc = icmp eq i32 %c, 0")
        L.append("  br i1 %cc, label %t, label %e")
    base = g.sequence(r.randint(2, 9), bails)
    arms = {"t": base, "e": g.mirror(base, bails)}
    if r.random() < 0.5:
        arms["t"], arms["e"] = arms["e"], arms["t"]
    inner = r.random() < 0.3 and dead is None
    incoming = []
    for tag in ("t", "e"):
        L.append(f"{tag}:")
        acc = render(arms[tag], tag, L, r)
        if tag == dead:
            L.append("  unreachable")
        elif inner:
            # The arm branches again, on %x, into mirrored arms of its own.
            L.append(f"  %{tag}c = icmp slt i32 %x, 3")
            L.append(f"  br i1 %{tag}c, label %{tag}1, label %{tag}2")
            sub = g.sequence(r.randint(1, 5), bails)
            for k, s in enumerate([sub, g.mirror(sub, bails)]):
                L.append(f"{tag}{k + 1}:")
                a2 = render(s, f"{tag}{k + 1}", L, r)
                sum_ = f"%{tag}{k + 1}acc"
                L.append(f"  {sum_} = add i32 {acc}, {a2}")
                L.append("  br label %join")
                incoming.append((sum_, f"{tag}{k + 1}"))
        else:
            L.append("  br label %join")
            incoming.append((acc, tag))
    L.append("join:")
    phis = ", ".join(f"[ {v}, %{b} ]" for v, b in incoming)
    L.append(f"  %acc = phi i32 {phis}")
    prev = "%acc"
    for i in range(4):
        e, l, m, s = f"%ae{i}", f"%al{i}", f"%am{i}", f"%as{i}"
        L.append(f"  {e} = getelementptr inbounds i32, ptr %a, i64 {i}")
        L.append(f"  {l} = load i32, ptr {e}, align 4")
        L.append(f"  {m} = mul i32 {prev}, 7")
        L.append(f"  {s} = add i32 {m}, {l}")
        prev = s
    L.append(f"  ret i32 {prev}")
    L.append("}")
    # The driver: every pointer pair, both arms (but a dead one), two %x;
    # the last call may stop at one of the calls that may not return.
    cs = [c for c, arm in [(0, "t"), (1, "e")] if arm != dead]
    calls = []
    for (p, q) in r.sample(PAIRS, 3):
        for c in cs:
            for x in (0, 5):
                calls.append((p, q, c, x, -1))
    if bails:
        p, q = r.choice(PAIRS)
        calls.append((p, q, r.choice(cs), r.choice([0, 5]), r.choice(bails)))
    M = ["define i32 @main() {"]
    for i, (p, q, c, x, stop) in enumerate(calls):
        M.append(f"  %r{i} = call i32 @f(ptr {p}, ptr {q}, i32 {c}, i32 {x}, i32 {stop})")
        M.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r{i})")
    M.append("  call void @dump()")
    M.append("  ret i32 0")
    M.append("}")
    return HEADER + "\n".join(L) + "\n\n" + "\n".join(M) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=150)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pipelines", default="hoist hoist,hoist", help="space-separated pipelines, each run on every program")
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    a = ap.parse_args()
    if a.print:
        print(program(a.seed))
        return 0
    return differential("hoist-memory-differential", a.opt_conv, a.seed, a.programs, program, a.pipelines.split())


if __name__ == "__main__":
    sys.exit(main())
