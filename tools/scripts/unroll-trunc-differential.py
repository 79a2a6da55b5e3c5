#!/usr/bin/env python3
"""Differential testing of loop unrolling on counted loops whose exit test
compares a truncated induction variable (or, in a quarter of them, the
untruncated variable or its increment): random loops (wide variable of
any width and step, start near the narrow type's limits, nsw/nuw flags,
guards, side exits, reads of a constant table indexed by the narrow
variable) are run by lli-22 on many arguments before and after opt-conv's
`loop-unroll` under several option sets; outputs must agree.

Each loop is first simulated here, so that only arguments on which the
original terminates soon and has no undefined behaviour (a wrap flag that
does not hold) are passed to it.

With --header-exit, every loop tests for its exit in its header instead
(on the variable itself, before the body runs) and its latch branches back
unconditionally or, in half of them, tests a side exit of its own (the
increment reaching %m); the exit's value is then the accumulator or the
variable as the header sees them.

With --masks, the accumulator also adds `and` of the variable and of
its sum with a constant with masks (low bits, or others), which the
unroller may find redundant from the variable's range.

With --facts, the entry also establishes facts about %n that the
unroller may use for the trip count: a branch entering the loop only when
`icmp P %n, C` holds (signed and unsigned orders, ne), and low bits of %n
known zero, by a branch on `and`/`urem`/`srem` of %n being 0 or by an
`llvm.assume` of it (arguments breaking an assume are not passed); the
loops mostly count up by one from 0.

usage: unroll-trunc-differential.py [OPT_CONV] [--programs N] [--seed S] [--exploit] [--header-exit] [--masks]
                                    [--facts]
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

OPTIONS = [
    [],
    ["-unroll-runtime"],
    ["-unroll-count=2"],
    ["-unroll-count=3"],
    ["-unroll-count=4", "-unroll-runtime"],
    ["-unroll-count=8"],
    ["-unroll-threshold=2000"],
    ["-unroll-threshold=20"],
    ["-unroll-runtime", "-unroll-allow-partial"],
    # The remainder before the unrolled loop; counts not dividing a
    # constant trip count (the copy running the last iteration keeps the
    # exit test).
    ["-unroll-count=4", "-unroll-runtime", "-unroll-runtime-epilog=false"],
    ["-unroll-count=2", "-unroll-runtime", "-unroll-runtime-epilog=false"],
    ["-unroll-count=3", "-unroll-allow-remainder"],
    # Small thresholds a large boost can lift: the full-unroll simulation
    # (constant tables, dead products) decides.
    ["-unroll-threshold=8", "-unroll-max-percent-threshold-boost=2000", "-unroll-max-iteration-count-to-analyze=64"],
]
PREDS = ["eq", "ne", "ult", "slt", "ule", "sle", "ugt", "sgt"]


def mask(v, b):
    return v & ((1 << b) - 1)


def sx(v, b):
    v = mask(v, b)
    return v - (1 << b) if v >> (b - 1) else v


def holds(pred, a, b, bits):
    ua, ub, sa, sb = mask(a, bits), mask(b, bits), sx(a, bits), sx(b, bits)
    return {"eq": ua == ub, "ne": ua != ub, "ult": ua < ub, "ule": ua <= ub, "ugt": ua > ub,
            "uge": ua >= ub, "slt": sa < sb, "sle": sa <= sb, "sgt": sa > sb, "sge": sa >= sb}[pred]


class Loop:
    def __init__(self, r, header_exit=False, masks=False, facts=False):
        # Some loops compare the variable itself, untruncated (narrow and
        # wide then the same small width).
        self.direct = r.random() < 0.25
        if self.direct:
            self.wide = self.narrow = r.choice([3, 4, 5, 8])
        else:
            self.wide = r.choice([9, 12, 16, 32, 64])
            self.narrow = r.choice([w for w in [2, 3, 4, 5, 8] if w < self.wide])
        nb = self.narrow
        near = [0, 1, 2, (1 << nb) - 1, (1 << nb) - 2, (1 << (nb - 1)) - 1, 1 << (nb - 1), (1 << (nb - 1)) + 1]
        self.start_const = r.random() < 0.7
        hi = r.choice([0, 0, 1, 3, (1 << (self.wide - nb)) - 1])
        self.start = mask(r.choice(near) + (hi << nb), self.wide)
        steps = [1, 1, 1, -1, 2, 3, -3, (1 << nb) + 1, (1 << nb) - 1, 5]
        self.step = r.choice(steps)
        self.flags = r.choice(["", "", "nsw ", "nuw ", "nuw nsw "])
        self.tests_next = r.random() < 0.75
        self.pred = r.choice(PREDS)
        self.exit_on_true = r.random() < 0.5
        self.swap = r.random() < 0.2
        self.limit_const = r.random() < 0.15
        self.limit = r.randrange(1 << nb)
        # guard: None or (pred eq/ne, constant, exit when true?)
        self.guard = None
        if r.random() < 0.4:
            gc = mask(self.start, nb) if r.random() < 0.7 else r.randrange(1 << nb)
            self.guard = (r.choice(["eq", "ne"]), gc)
        self.side = r.random() < 0.25
        self.out = r.choice(["acc", "iv", "ivn", "mix"])
        # A sum of the variable and a constant that is not a step of it.
        self.k = r.choice([1, 3, 100, (1 << (self.wide - 1)) - 40, (1 << (self.wide - 1)) - 2])
        # A constant table indexed by the narrow variable, mostly zeros.
        self.table = None
        if r.random() < 0.4:
            self.tbits = r.choice([8, 16, 32])
            zero = r.choice([0.5, 0.8, 0.95, 1.0])
            self.table = [0 if r.random() < zero else r.randrange(1, 1 << self.tbits) for _ in range(1 << nb)]
        self.header_exit = header_exit
        # Masks drawn apart, so that the programs are otherwise as without.
        self.masks = None
        if masks:
            mr = random.Random(r.random())
            pick = lambda: mask(mr.choice([(1 << mr.randint(1, self.wide)) - 1, mr.randrange(1 << self.wide), 255, 7]), self.wide)
            self.masks = (pick(), pick())
        # Facts drawn apart, so that the programs are otherwise as without.
        self.fguard = self.low = None
        if facts:
            fr = random.Random(r.random())
            if fr.random() < 0.7:
                self.step, self.start_const, self.start, self.tests_next = 1, True, 0, True
                self.pred = fr.choice(["slt", "ult", "ne", "slt"])
                self.exit_on_true = self.pred == "ne" and fr.random() < 0.5
                if self.exit_on_true:
                    self.pred = "eq"
                self.limit_const = False
            if fr.random() < 0.8:
                self.fguard = (fr.choice(["sgt", "sge", "ugt", "uge", "ne", "slt"]), fr.choice([0, 0, 1, -1, 2]))
            if fr.random() < 0.8:
                self.low = (fr.choice(["and", "urem", "srem"]), fr.randint(1, min(3, nb - 1)), fr.random() < 0.5)
        self.latch_side = False
        if header_exit:
            self.tests_next = False
            self.latch_side = r.random() < 0.5
            if self.out == "ivn":
                self.out = "iv"

    def narrowed(self, name, v):
        """`name = trunc v` (a copy when the variable is not truncated)."""
        W, N = f"i{self.wide}", f"i{self.narrow}"
        return f"  {name} = add {N} {v}, 0" if self.direct else f"  {name} = trunc {W} {v} to {N}"

    def ir(self):
        W, N = f"i{self.wide}", f"i{self.narrow}"
        start = str(sx(self.start, self.wide)) if self.start_const else "%s"
        limit = str(sx(self.limit, self.narrow)) if self.limit_const else "%n"
        L = [f"define i64 @f({N} %n, {W} %s, {N} %m) {{", "entry:"]
        if self.low:
            op, k, assume = self.low
            L += [f"  %lowv = {op} {N} %n, {(1 << k) - 1 if op == 'and' else sx(1 << k, self.narrow)}",
                  f"  %lowz = icmp eq {N} %lowv, 0"]
            if assume:
                L.append("  call void @llvm.assume(i1 %lowz)")
            else:
                L += ["  br i1 %lowz, label %low.ok, label %exit.early", "low.ok:"]
        if self.fguard:
            gp, gc = self.fguard
            L += [f"  %fg = icmp {gp} {N} %n, {gc}", "  br i1 %fg, label %fg.ok, label %exit.early", "fg.ok:"]
        if self.guard:
            gp, gc = self.guard
            L.append(f"  %g = icmp {gp} {N} %n, {sx(gc, self.narrow)}")
            # eq: leave when equal; ne: enter when not equal.
            if gp == "eq":
                L.append("  br i1 %g, label %exit.early, label %pre")
            else:
                L.append("  br i1 %g, label %pre, label %exit.early")
        else:
            L.append("  br label %pre")
        L += ["pre:", "  br label %loop", "loop:",
              f"  %iv = phi {W} [ {start}, %pre ], [ %iv.next, %latch ]",
              "  %acc = phi i64 [ 7, %pre ], [ %acc.next, %latch ]"]
        if self.header_exit:
            L += self.exit_test("%iv", limit) + ["body:"]
        L += [
              f"  %w = zext {W} %iv to i64" if self.wide < 64 else "  %w = add i64 %iv, 0",
              "  %a1 = mul i64 %acc, 31",
              f"  %k = add {W} %iv, {sx(self.k, self.wide)}",
              f"  %kneg = icmp slt {W} %k, 0",
              "  %kz = zext i1 %kneg to i64",
              "  %a2 = add i64 %a1, %kz" if self.masks is None else "  %a2n = add i64 %a1, %kz"]
        if self.masks is not None:
            m1, m2 = (sx(x, self.wide) for x in self.masks)
            zx = (lambda d, v: f"  {d} = zext {W} {v} to i64") if self.wide < 64 else (lambda d, v: f"  {d} = add i64 {v}, 0")
            L += [f"  %mk1 = and {W} %iv, {m1}", f"  %mk2 = and {W} %k, {m2}", zx("%mz1", "%mk1"), zx("%mz2", "%mk2"),
                  "  %mz = add i64 %mz1, %mz2", "  %a2 = add i64 %a2n, %mz"]
        if self.table is not None:
            T, S = f"i{self.tbits}", len(self.table)
            L += [self.narrowed("%tbn", "%iv"), f"  %tbx = zext {N} %tbn to i64",
                  f"  %tbp = getelementptr inbounds [{S} x {T}], ptr @tbl, i64 0, i64 %tbx",
                  f"  %tbv = load {T}, ptr %tbp", f"  %tbz = icmp eq {T} %tbv, 0",
                  f"  %tbw = zext {T} %tbv to i64", "  %tbm = mul i64 %tbw, %w",
                  "  %tbs = select i1 %tbz, i64 5, i64 %tbm", "  %a3 = add i64 %a2, %tbs",
                  "  %acc.next = add i64 %a3, %w"]
        else:
            L += ["  %acc.next = add i64 %a2, %w"]
        if self.side:
            L += [self.narrowed("%tm", "%iv"), f"  %se = icmp eq {N} %tm, %m",
                  "  br i1 %se, label %exit.side, label %latch"]
        else:
            L += ["  br label %latch"]
        L += ["latch:", f"  %iv.next = add {self.flags}{W} %iv, {self.step}"]
        if self.header_exit:
            if self.latch_side:
                L += [self.narrowed("%lt", "%iv.next"), f"  %le = icmp eq {N} %lt, %m",
                      "  br i1 %le, label %exit.latch, label %loop"]
            else:
                L.append("  br label %loop")
            val = {"acc": "%acc", "iv": "%iv", "mix": "%acc"}[self.out]
            L += ["exit:", f"  %v = phi {'i64' if self.out in ('acc', 'mix') else W} [ {val}, %loop ]"]
        else:
            L += self.exit_test("%iv.next" if self.tests_next else "%iv", limit)
            val = {"acc": "%acc.next", "iv": "%iv", "ivn": "%iv.next", "mix": "%acc.next"}[self.out]
            L += ["exit:", f"  %v = phi {'i64' if self.out in ('acc', 'mix') else W} [ {val}, %latch ]"]
        if self.out in ("acc", "mix"):
            L.append("  %r = add i64 %v, 0" if self.out == "acc" else "  %r = xor i64 %v, 12345")
        else:
            L.append(f"  %r = zext {W} %v to i64" if self.wide < 64 else "  %r = add i64 %v, 0")
        L.append("  ret i64 %r")
        if self.guard or self.fguard or (self.low and not self.low[2]):
            L += ["exit.early:", "  ret i64 -1"]
        if self.side:
            body = "%body" if self.header_exit else "%loop"
            L += ["exit.side:", f"  %sv = phi i64 [ %acc.next, {body} ]", "  %sr = add i64 %sv, 99", "  ret i64 %sr"]
        if self.latch_side:
            L += ["exit.latch:", "  %lv = phi i64 [ %acc.next, %latch ]", "  %lr = add i64 %lv, 55", "  ret i64 %lr"]
        L.append("}")
        if self.low and self.low[2]:
            L.append("declare void @llvm.assume(i1 noundef)")
        if self.table is not None:
            T = f"i{self.tbits}"
            L.append(f"@tbl = internal constant [{len(self.table)} x {T}] [{', '.join(f'{T} {v}' for v in self.table)}]")
        return "\n".join(L) + "\n"

    def exit_test(self, v, limit):
        """The exit test on `v` (the variable or its increment), leaving
        to %exit and going on to the next block (%loop from the latch,
        %body from the header)."""
        N = f"i{self.narrow}"
        L = [] if self.direct else [self.narrowed("%t", v)]
        t = v if self.direct else "%t"
        a, b = (t, limit) if not self.swap else (limit, t)
        pred = self.pred
        if self.swap:
            pred = {"eq": "eq", "ne": "ne", "ult": "ugt", "ugt": "ult", "ule": "uge", "uge": "ule",
                    "slt": "sgt", "sgt": "slt", "sle": "sge", "sge": "sle"}[pred]
        L.append(f"  %c = icmp {pred} {N} {a}, {b}")
        on = "%body" if self.header_exit else "%loop"
        L.append(f"  br i1 %c, label %exit, label {on}" if self.exit_on_true else f"  br i1 %c, label {on}, label %exit")
        return L

    def run(self, n, s, m, fuel=3000):
        """The result, or None if undefined or too long."""
        W, N = self.wide, self.narrow
        if self.low:
            op, k, assume = self.low
            ok = mask(n, k) == 0
            if not ok:
                return None if assume else mask(-1, 64)
        if self.fguard:
            gp, gc = self.fguard
            if not holds(gp, n, gc, N):
                return mask(-1, 64)
        if self.guard:
            gp, gc = self.guard
            # Both forms leave early on equality.
            if mask(n, N) == gc:
                return mask(-1, 64)
        iv = self.start if self.start_const else mask(s, W)
        limit = self.limit if self.limit_const else mask(n, N)
        acc = 7
        for _ in range(fuel):
            if self.header_exit and holds(self.pred, mask(iv, N), limit, N) == self.exit_on_true:
                if self.out == "acc":
                    return acc
                if self.out == "mix":
                    return acc ^ 12345
                return iv
            tb = 0
            if self.table is not None:
                t = self.table[mask(iv, N)]
                tb = 5 if t == 0 else t * iv
            mz = 0
            if self.masks is not None:
                mz = (iv & self.masks[0]) + (mask(iv + self.k, W) & self.masks[1])
            acc = mask(acc * 31 + (1 if sx(iv + self.k, W) < 0 else 0) + mz + tb + iv, 64)
            if self.side and mask(iv, N) == mask(m, N):
                return mask(acc + 99, 64)
            nxt = iv + self.step
            if "nsw" in self.flags and not (-(1 << (W - 1)) <= sx(iv, W) + sx(self.step, W) < (1 << (W - 1))):
                return None
            if "nuw" in self.flags and iv + mask(self.step, W) >= (1 << W):
                return None
            nxt = mask(nxt, W)
            if self.header_exit:
                if self.latch_side and mask(nxt, N) == mask(m, N):
                    return mask(acc + 55, 64)
                iv = nxt
                continue
            t = mask(nxt if self.tests_next else iv, N)
            c = holds(self.pred, t, limit, N)
            if c == self.exit_on_true:
                if self.out == "acc":
                    return acc
                if self.out == "mix":
                    return acc ^ 12345
                return iv if self.out == "iv" else nxt
            iv = nxt
        return None


def main_fn(lp, inputs):
    W, N = f"i{lp.wide}", f"i{lp.narrow}"
    L = ["declare i32 @printf(ptr, ...)", '@fmt = private constant [5 x i8] c"%lx\\0A\\00"',
         "define i32 @main() {", "entry:"]
    for k, (n, s, m) in enumerate(inputs):
        L.append(f"  %r{k} = call i64 @f({N} {sx(n, lp.narrow)}, {W} {sx(s, lp.wide)}, {N} {sx(m, lp.narrow)})")
        L.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r{k})")
    L += ["  ret i32 0", "}"]
    return "\n".join(L) + "\n"


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--header-exit", action="store_true", help="loops test for their exit in the header")
    ap.add_argument("--masks", action="store_true", help="masks of the variable in the accumulator")
    ap.add_argument("--facts", action="store_true", help="guards and low-bit facts about the limit on entry")
    ap.add_argument("--exploit", action="store_true",
                    help="also run opt-22 instcombine on each output (poison from wrong flags becomes visible)")
    a = ap.parse_args()
    lli, opt22 = os.environ.get("LLI", "lli-22"), os.environ.get("OPT22", "opt-22")
    keep = os.environ.get("KEEP", os.getcwd())
    bad = 0
    tmp = tempfile.mkdtemp()
    for p in range(a.programs):
        r = random.Random(a.seed * 100003 + p)
        lp = Loop(r, a.header_exit, a.masks, a.facts)
        src = lp.ir()
        inputs = []
        for n in range(1 << lp.narrow):
            for s in ([0, 1, lp.start] if lp.start_const else [0, 1, 2, (1 << lp.narrow) - 1, 1 << (lp.narrow - 1), r.randrange(1 << lp.wide)]):
                m = r.randrange(1 << lp.narrow)
                if lp.run(n, s, m) is not None:
                    inputs.append((n, s, m))
        if not inputs:
            continue
        inputs = inputs[:400]
        drv = main_fn(lp, inputs)
        base = os.path.join(tmp, f"p{p}")
        with open(base + ".ll", "w") as fh:
            fh.write(src + drv)
        try:
            ref = sh([lli, base + ".ll"], timeout=60)
        except subprocess.TimeoutExpired:
            print(f"program {p}: original times out under lli (generator bug)")
            shutil.copy(base + ".ll", os.path.join(keep, f"unroll-trunc-hang-{a.seed}-{p}.ll"))
            continue
        if ref.returncode != 0:
            print(f"program {p}: original fails under lli: {ref.stderr[:200]}")
            continue
        expect = [lp.run(*i) for i in inputs]
        got = [int(x, 16) for x in ref.stdout.split()]
        if got != expect:
            print(f"program {p}: simulation disagrees with lli (generator bug)")
            shutil.copy(base + ".ll", os.path.join(keep, f"unroll-trunc-sim-{a.seed}-{p}.ll"))
            bad += 1
            continue
        for opts in OPTIONS:
            out = base + ".opt.ll"
            r2 = sh([a.opt_conv, "-passes=loop-unroll", *opts, base + ".ll", "-S", "-o", out], timeout=120)
            tag = f"program {p} {' '.join(opts) or '(defaults)'}"
            why = None
            if r2.returncode != 0:
                why = f"opt-conv failed: {r2.stderr.strip()[:300]}"
            else:
                v = sh([opt22, "-passes=verify", "-disable-output", out])
                if v.returncode != 0:
                    why = f"opt-22 rejects: {v.stderr.strip()[:300]}"
                else:
                    try:
                        o = sh([lli, out], timeout=60)
                    except subprocess.TimeoutExpired:
                        o = None
                    if o is None:
                        why = "timeout after transform"
                    elif o.stdout != ref.stdout:
                        g = o.stdout.split()
                        k = next((i for i in range(min(len(g), len(got))) if int(g[i], 16) != got[i]), None)
                        why = f"miscompile: first difference at input {inputs[k] if k is not None else '?'} (n, s, m)"
                    elif a.exploit:
                        # LLVM's optimizer takes the output's wrap flags at
                        # their word: flags that do not hold show here.
                        # instcombine's own fixpoint check fails on some
                        # of these loops (LLVM ERROR, not a wrong result):
                        # it says nothing about our output, so it is off.
                        o2 = sh([opt22, "-passes=function(instcombine<no-verify-fixpoint>,simplifycfg,instcombine<no-verify-fixpoint>)", out, "-S", "-o", base + ".o2.ll"])
                        o3 = sh([lli, base + ".o2.ll"], timeout=60) if o2.returncode == 0 else None
                        if o3 is None or o3.stdout != ref.stdout:
                            why = "miscompile once opt-22 instcombine uses the output's flags"
            if why:
                bad += 1
                name = f"unroll-trunc-{a.seed}-{p}-{len(opts)}.ll"
                shutil.copy(base + ".ll", os.path.join(keep, name))
                print(f"{tag}: {why} -> {name}")
    shutil.rmtree(tmp)
    print(f"{a.programs} programs, {bad} failures")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
