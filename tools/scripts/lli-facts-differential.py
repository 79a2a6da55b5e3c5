#!/usr/bin/env python3
"""Differential testing of jump threading's value facts against LLVM's own
interpreter. Random functions @f of two i8 arguments compute values of odd
and boundary widths (i1, i2, i3, i8, i16, i32, i64, i128) with add, sub
(either side), and, or, or disjoint, xor, trunc (nuw, nsw), zext (nneg),
sext, compares (samesign too) with constants at the type's bounds, selects,
freezes and llvm.assume calls; they branch on those, switch with several
cases to one block or to the default, branch to one block on both sides,
merge in phis and go round self loops whose phis change every iteration.

Poison-generating flags and assumptions are what the facts read, so a
program may have undefined behaviour on some inputs: each comes with @chk,
the same code without the flags or assumptions that sets @ubflag where @f
would make poison (an overflow, a disjoint or samesign or nneg violated, a
lossy trunc) or assume false. main runs @chk first on every input pair
(all 256 x 256) and sums @f only over the inputs @chk passes, so lli-22
judges only executions without undefined behaviour (a poison value no
branch reads also excludes its input: a blind spot, not a false alarm).

usage: lli-facts-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...']
                                 [--loops P] [--print]
`--loops P` is the chance that a block is a loop (default 0.25).
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, sys

from lli_judge import differential

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

WIDTHS = [1, 2, 3, 8, 8, 8, 16, 32, 64, 128]
PREDS = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"]

def consts(w, r):
    smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
    if w == 1:
        return r.choice(["true", "false"])
    c = r.choice([0, 1, 2, -1, -2, smin, smin + 1, smax, smax - 1, r.randint(smin, smax), r.randint(-5, 5)])
    return str(c)

class G:
    def __init__(self, seed, loops=0.25):
        self.loops = loops
        self.r = random.Random(seed)
        self.n = 0
        self.f = []   # lines of f
        self.c = []   # lines of chk
        self.decl = set()

    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def both(self, s, chk=None):
        self.f.append("  " + s)
        self.c.append("  " + (s if chk is None else chk))

    def ub_if(self, bit):
        o, nw = self.fresh("o"), self.fresh("o")
        self.c.append(f"  {o} = load i1, ptr @ubflag")
        self.c.append(f"  {nw} = or i1 {o}, {bit}")
        self.c.append(f"  store i1 {nw}, ptr @ubflag")

    def program(self):
        r = self.r
        n = r.randint(3, 8)
        succs, preds = {}, {k: [] for k in range(n)}
        loops = set()
        for k in range(n):
            later = list(range(k + 1, n))
            need = [k + 1] if k + 1 < n and not preds[k + 1] else []
            if not later or (not need and r.random() < 0.1):
                succs[k] = []
            elif len(later) == 1 or r.random() < 0.15:
                succs[k] = need or [r.choice(later)]
            else:
                width = 3 if len(later) >= 3 and r.random() < 0.35 else 2
                rest = [b for b in later if b not in need]
                succs[k] = need + r.sample(rest, min(width - len(need), len(rest)))
                if len(succs[k]) == 1 or r.random() < 0.08:
                    succs[k] = [succs[k][0], succs[k][0]] if width == 2 else succs[k]
                r.shuffle(succs[k])
            for s in succs[k]:
                preds[s].append(k)
            if k > 0 and r.random() < self.loops:
                loops.add(k)
        # The dominators of each block (the values it may use).
        self.preds = preds
        self.relabel = {}
        dom = {0: {0}}
        for k in range(1, n):
            ps = preds[k]
            d = set.intersection(*[dom[p] for p in set(ps)]) if ps else set()
            dom[k] = d | {k}
        avail = {}  # block -> list of (name, width) defined in block
        params = [("%x", 8), ("%y", 8)]
        self.f.append("define i32 @f(i8 %x, i8 %y) {")
        self.c.append("define void @chk(i8 %x, i8 %y) {")
        for k in range(n):
            lbl = f"b{k}"
            self.f.append(f"{lbl}:"); self.c.append(f"{lbl}:")
            if k == 0:
                for W in (16, 32, 64, 128):
                    self.both(f"%xs{W} = sext i8 %x to i{W}")
                    self.both(f"%xh{W} = shl i{W} %xs{W}, {W - 8}")
                    self.both(f"%yz{W} = zext i8 %y to i{W}")
                    self.both(f"%s{W} = add i{W} %xh{W}, %yz{W}")
                    self.both(f"%t{W} = xor i{W} %s{W}, {r.choice([0, 1, -1, 1 << (W - 2)])}")
                    params.append((f"%s{W}", W)); params.append((f"%t{W}", W))
            pool = list(params)
            for d in sorted(dom[k]):
                if d != k:
                    pool += avail.get(d, [])
            mine = []
            if len(preds[k]) > 1 or (k in loops):
                for pi in range(r.randint(1, 2)):
                    w = r.choice([w for (_, w) in pool])
                    inc = []
                    chosen = {}
                    for p in preds[k]:
                        if p in chosen:
                            inc.append(f"[ {chosen[p]}, %b{p} ]")
                            continue
                        cands = [v for v, ww in params + [a for d in dom[p] for a in avail.get(d, [])] if ww == w]
                        val = r.choice(cands) if cands and r.random() < 0.5 else consts(w, r)
                        chosen[p] = val
                        inc.append(f"[ {val}, %b{p} ]")
                    if k in loops and pi == 0:
                        lp = self.fresh("lp")
                        inc.append(f"[ {lp}.next, %{lbl}.latch ]")
                    name = self.fresh("phi")
                    if k in loops and pi > 0:
                        inc.append(f"[ {name}, %{lbl}.latch ]")
                    if not inc:
                        continue
                    self.both(f"{name} = phi i{w} " + ", ".join(inc))
                    mine.append((name, w))
                    if k in loops and pi == 0:
                        self.loopvar = (name, w, lp)
            pool += mine
            cur_lbl = lbl
            if k in loops:
                # the header's phis: first one gets a latch value; make a counter
                cnt = self.fresh("cnt")
                pre = ", ".join(f"[ 0, %b{p} ]" for p in preds[k])
                self.both(f"{cnt} = phi i8 {pre}{', ' if pre else ''}[ {cnt}.next, %{lbl}.latch ]")
            for _ in range(r.randint(2, 6)):
                mine.append(self.inst(pool + mine))
            if k in loops:
                name, w, lp = self.loopvar
                # body: branch on something, then latch that changes the phi
                cands = [v for v, ww in pool + mine if ww == w]
                src = r.choice(cands)
                flag = r.choice(["", "", "nsw ", "nuw "]) if w > 1 else ""
                kk = consts(w, r) if w > 1 else "true"
                op = r.choice(["add", "sub", "xor"]) if w > 1 else "xor"
                c1 = [v for v, ww in pool + mine if ww == 1]
                bc = r.choice(c1) if c1 and r.random() < 0.7 else "true"
                self.both(f"br i1 {bc}, label %{lbl}.mid, label %{lbl}.latch")
                self.f.append(f"{lbl}.mid:"); self.c.append(f"{lbl}.mid:")
                mid = [self.inst(pool + mine) for _ in range(r.randint(1, 3))]
                self.both(f"br label %{lbl}.latch")
                self.f.append(f"{lbl}.latch:"); self.c.append(f"{lbl}.latch:")
                self.arith(f"{lp}.next", op, flag, w, src, kk)
                self.both(f"{cnt}.next = add i8 {cnt}, 1")
                lc = self.fresh("lc")
                self.both(f"{lc} = icmp ult i8 {cnt}.next, {r.randint(1, 5)}")
                cur_lbl = f"{lbl}.latch"
                self.both(f"br i1 {lc}, label %{lbl}, label %{lbl}.exit")
                self.f.append(f"{lbl}.exit:"); self.c.append(f"{lbl}.exit:")
                # block k's successors now come from .exit: fix pred labels
                self.relabel[k] = f"{lbl}.exit"
                mine.append(self.inst(pool + mine))
            avail[k] = mine
            self.term(k, succs[k], pool + mine)
        self.f.append("}"); self.c.append("}")
        out = "\n".join(self.f) + "\n" + "\n".join(self.c) + "\n"
        for k, v in self.relabel.items():
            out = out.replace(f", %b{k} ]", f", %{v} ]")
        return out + "@ubflag = global i1 false\ndeclare void @llvm.assume(i1)\n" + "\n".join(sorted(self.decl)) + "\n"

    def arith(self, name, op, flag, w, a, k):
        flag = flag if op in ("add", "sub") else ""
        self.both(f"{name} = {op} {flag}i{w} {a}, {k}", f"{name} = {op} i{w} {a}, {k}")
        if flag:
            kind = ("s" if "nsw" in flag else "u") + ("add" if op == "add" else "sub")
            intr = f"@llvm.{kind}.with.overflow.i{w}"
            self.decl.add(f"declare {{i{w}, i1}} {intr}(i{w}, i{w})")
            o, b = self.fresh("ov"), self.fresh("ov")
            self.c.append(f"  {o} = call {{i{w}, i1}} {intr}(i{w} {a}, i{w} {k})")
            self.c.append(f"  {b} = extractvalue {{i{w}, i1}} {o}, 1")
            self.ub_if(b)

    def inst(self, pool):
        r = self.r
        a, w = r.choice(pool)
        name = self.fresh()
        x = r.random()
        y = r.random()
        if y < 0.25:
            return self.extra(name, a, w, pool)
        if x < 0.3 and w > 1:
            op = r.choice(["add", "add", "sub", "and", "or", "xor"])
            flag = r.choice(["", "", "nsw ", "nuw "]) if op in ("add", "sub") else ""
            self.arith(name, op, flag, w, a, consts(w, r))
            return (name, w)
        if x < 0.5:
            nw = r.choice([v for v in WIDTHS if v != w])
            op = "trunc" if nw < w else r.choice(["zext", "sext"])
            self.both(f"{name} = {op} i{w} {a} to i{nw}")
            return (name, nw)
        if x < 0.75:
            pred = r.choice(PREDS)
            same = [v for v, ww in pool if ww == w]
            b = consts(w, r) if r.random() < 0.85 else r.choice(same)
            if r.random() < 0.15:
                self.both(f"{name} = icmp {pred} i{w} {b}, {a}")
            else:
                self.both(f"{name} = icmp {pred} i{w} {a}, {b}")
            return (name, 1)
        ones = [v for v, ww in pool if ww == 1]
        if x < 0.83 and ones:
            c = r.choice(ones)
            same = [v for v, ww in pool if ww == w]
            self.both(f"{name} = select i1 {c}, i{w} {a}, i{w} {r.choice(same + [consts(w, r)])}")
            return (name, w)
        if x < 0.88 and len(ones) >= 2:
            op = r.choice(["and", "or", "sel-and", "sel-or", "xor-not"])
            c1, c2 = r.sample(ones, 2)
            if op == "sel-and":
                self.both(f"{name} = select i1 {c1}, i1 {c2}, i1 false")
            elif op == "sel-or":
                self.both(f"{name} = select i1 {c1}, i1 true, i1 {c2}")
            elif op == "xor-not":
                self.both(f"{name} = xor i1 {c1}, true")
            else:
                self.both(f"{name} = {op} i1 {c1}, {c2}")
            return (name, 1)
        if x < 0.93 and ones:
            c = r.choice(ones)
            self.f.append(f"  call void @llvm.assume(i1 {c})")
            nb = self.fresh("na")
            self.c.append(f"  {nb} = xor i1 {c}, true")
            self.ub_if(nb)
            return (c, 1)
        self.both(f"{name} = freeze i{w} {a}")
        return (name, w)

    def extra(self, name, a, w, pool):
        r = self.r
        same = [v for v, ww in pool if ww == w]
        kind = r.choice(["subr", "disj", "samesign", "trunc", "zextnneg", "twovar", "selconst", "trunc1"])
        if kind == "subr" and w > 1:
            flag = r.choice(["", "nsw ", "nuw "])
            k = consts(w, r)
            self.both(f"{name} = sub {flag}i{w} {k}, {a}", f"{name} = sub i{w} {k}, {a}")
            if flag:
                intr = f"@llvm.{'s' if 'nsw' in flag else 'u'}sub.with.overflow.i{w}"
                self.decl.add(f"declare {{i{w}, i1}} {intr}(i{w}, i{w})")
                o, b = self.fresh("ov"), self.fresh("ov")
                self.c.append(f"  {o} = call {{i{w}, i1}} {intr}(i{w} {k}, i{w} {a})")
                self.c.append(f"  {b} = extractvalue {{i{w}, i1}} {o}, 1")
                self.ub_if(b)
            return (name, w)
        if kind == "disj" and w > 1:
            k = consts(w, r)
            self.both(f"{name} = or disjoint i{w} {a}, {k}", f"{name} = or i{w} {a}, {k}")
            t, b = self.fresh("ov"), self.fresh("ov")
            self.c.append(f"  {t} = and i{w} {a}, {k}")
            self.c.append(f"  {b} = icmp ne i{w} {t}, 0")
            self.ub_if(b)
            return (name, w)
        if kind == "samesign" and w > 1:
            k = consts(w, r)
            pred = r.choice(PREDS)
            self.both(f"{name} = icmp samesign {pred} i{w} {a}, {k}", f"{name} = icmp {pred} i{w} {a}, {k}")
            t, b = self.fresh("ov"), self.fresh("ov")
            self.c.append(f"  {t} = xor i{w} {a}, {k}")
            self.c.append(f"  {b} = icmp slt i{w} {t}, 0")
            self.ub_if(b)
            return (name, 1)
        if kind == "trunc" and w > 2:
            nw = r.choice([v for v in WIDTHS if v < w])
            flag = r.choice(["nuw ", "nsw ", ""])
            self.both(f"{name} = trunc {flag}i{w} {a} to i{nw}", f"{name} = trunc i{w} {a} to i{nw}")
            if flag:
                back = self.fresh("ov"); b = self.fresh("ov")
                self.c.append(f"  {back} = {'zext' if flag == 'nuw ' else 'sext'} i{nw} {name} to i{w}")
                self.c.append(f"  {b} = icmp ne i{w} {back}, {a}")
                self.ub_if(b)
            return (name, nw)
        if kind == "zextnneg" and w < 64:
            nw = r.choice([v for v in WIDTHS if v > w])
            self.both(f"{name} = zext nneg i{w} {a} to i{nw}", f"{name} = zext i{w} {a} to i{nw}")
            b = self.fresh("ov")
            self.c.append(f"  {b} = icmp slt i{w} {a}, 0")
            self.ub_if(b)
            return (name, nw)
        if kind == "twovar" and w > 1:
            op = r.choice(["add", "and", "or", "xor", "sub"])
            self.both(f"{name} = {op} i{w} {a}, {r.choice(same)}")
            return (name, w)
        if kind == "selconst":
            ones = [v for v, ww in pool if ww == 1]
            if ones:
                self.both(f"{name} = select i1 {r.choice(ones)}, i{w} {consts(w, r)}, i{w} {consts(w, r)}")
                return (name, w)
        if kind == "trunc1" and w > 1:
            self.both(f"{name} = trunc i{w} {a} to i1")
            return (name, 1)
        self.both(f"{name} = freeze i{w} {a}")
        return (name, w)

    def term(self, k, s, pool):
        r = self.r
        if not s:
            acc = "0"
            outs = [(v, w) for v, w in pool if v not in ("%x", "%y")]
            r.shuffle(outs)
            for i, (v, w) in enumerate(outs[:4]):
                z = self.fresh("z")
                self.both(f"{z} = zext i{w} {v} to i64" if w < 64 else (f"{z} = add i64 {v}, 0" if w == 64 else f"{z} = trunc i128 {v} to i64"))
                t = self.fresh("z")
                self.both(f"{t} = trunc i64 {z} to i32")
                s2 = self.fresh("z")
                self.both(f"{s2} = mul i32 {t}, {7 + 2 * i}")
                a2 = self.fresh("z")
                self.both(f"{a2} = add i32 {acc}, {s2}")
                acc = a2
            fin = self.fresh("z")
            self.both(f"{fin} = add i32 {acc}, {1000 * (k + 1)}")
            self.f.append(f"  ret i32 {fin}")
            self.c.append("  ret void")
            return
        if len(s) == 1:
            self.both(f"br label %b{s[0]}")
            return
        if len(s) == 2:
            ones = [v for v, w in pool if w == 1]
            c = r.choice(ones[-3:]) if ones else "true"
            self.both(f"br i1 {c}, label %b{s[0]}, label %b{s[1]}")
            return
        ints = [(v, w) for v, w in pool if w > 1]
        v, w = r.choice(ints[-4:])
        cs = []
        seen = set()
        edges = []
        for dst in [s[1], s[2]] + [r.choice(s) for _ in range(r.randint(0, 3))]:
            for _ in range(50):
                c = consts(w, r)
                val = int(c) % (1 << w)
                if val not in seen:
                    break
            if val in seen:
                continue
            seen.add(val)
            cs.append(f"i{w} {c}, label %b{dst}")
            edges.append(dst)
        if not any(f"%b{s[1]}" in c for c in cs) or not any(f"%b{s[2]}" in c for c in cs):
            raise RuntimeError("no distinct case values")
        self.both(f"switch i{w} {v}, label %b{s[0]} [ " + " ".join(cs) + " ]")
        base = list(s)
        for d in [s[0]] + edges:
            if d in base:
                base.remove(d)
            else:
                self.preds[d].append(k)

MAIN = """
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%d %d\\0A\\00"
define i32 @main() {
entry:
  br label %lx
lx:
  %i = phi i32 [ 0, %entry ], [ %i1, %lx.end ]
  %acc = phi i32 [ 0, %entry ], [ %a2, %lx.end ]
  %cnt = phi i32 [ 0, %entry ], [ %c2, %lx.end ]
  br label %ly
ly:
  %j = phi i32 [ 0, %lx ], [ %j1, %ly.end ]
  %a = phi i32 [ %acc, %lx ], [ %a2, %ly.end ]
  %cn = phi i32 [ %cnt, %lx ], [ %c2, %ly.end ]
  %x = trunc i32 %i to i8
  %y = trunc i32 %j to i8
  store i1 false, ptr @ubflag
  call void @chk(i8 %x, i8 %y)
  %ub = load i1, ptr @ubflag
  br i1 %ub, label %ly.end, label %run
run:
  %r = call i32 @f(i8 %x, i8 %y)
  %m = mul i32 %a, 31
  %a1 = add i32 %m, %r
  %c1 = add i32 %cn, 1
  br label %ly.end
ly.end:
  %a2 = phi i32 [ %a, %ly ], [ %a1, %run ]
  %c2 = phi i32 [ %cn, %ly ], [ %c1, %run ]
  %j1 = add i32 %j, 1
  %d = icmp ult i32 %j1, 256
  br i1 %d, label %ly, label %lx.end
lx.end:
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 256
  br i1 %done, label %out, label %lx
out:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a2, i32 %c2)
  ret i32 0
}
"""

def program(seed, loops=0.25):
    """The module of `seed`: @f, its checker @chk and main."""
    return G(seed, loops).program() + MAIN


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pipelines", default="jump-threading jump-threading,dce,simplifycfg,jump-threading")
    ap.add_argument("--loops", type=float, default=0.25)
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    a = ap.parse_args()
    if a.print:
        print(program(a.seed, a.loops))
        return 0
    return differential("lli-facts-differential", a.opt_conv, a.seed, a.programs,
                        lambda s: program(s, a.loops), a.pipelines.split())


if __name__ == "__main__":
    sys.exit(main())
