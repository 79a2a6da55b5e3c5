#!/usr/bin/env python3
"""Differential testing of loop unrolling with -unroll-add-parallel-reductions
against LLVM's own interpreter: random single-block counted loops (a
variable from 0 or from an argument, stepped by one, leaving on eq/ne/slt/
ult against the argument %n) carrying one or two accumulators, each updated
by add, sub, mul, and, or or xor (either operand order) with a value read
from a table or computed from the variable, in i8 to i64. Some accumulators
have other users (a store of the running value, the exit reading the phi
rather than its update, a second use in the loop), which must keep them
from being split. lli-22 runs each program on a range of %n before and
after opt-conv's `loop-unroll` under several option sets; outputs must
agree, and opt-22 must accept every output.

usage: unroll-reduction-differential.py [OPT_CONV] [--programs N] [--seed S]
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

BASE = ["-unroll-add-parallel-reductions"]
OPTIONS = [
    ["-unroll-runtime", "-unroll-count=2"],
    ["-unroll-runtime", "-unroll-count=3"],
    ["-unroll-runtime", "-unroll-count=4"],
    ["-unroll-runtime", "-unroll-count=8"],
    ["-unroll-runtime", "-unroll-count=2", "-unroll-runtime-epilog=false"],
    ["-unroll-runtime"],
    [],
]
OPS = ["add", "add", "sub", "mul", "and", "or", "xor"]


def program(r):
    T = r.choice(["i8", "i16", "i32", "i64"])
    IV = r.choice(["i32", "i64"])
    pred = r.choice(["eq", "ne", "slt", "ult"])
    from_arg = r.random() < 0.2
    L = ["@tbl = internal global [64 x %s] [%s]" % (T, ", ".join(f"{T} {r.randint(-9, 300)}" for _ in range(64))),
         f"define {T} @f({IV} %n, {IV} %s, ptr %out) {{", "entry:"]
    if pred in ("eq", "ne"):
        L.append(f"  %g = icmp sgt {IV} %n, 0")
    else:
        L.append(f"  %g = icmp sgt {IV} %n, 0")
    L += ["  br i1 %g, label %loop, label %none", "loop:",
          f"  %i = phi {IV} [ {'%s' if from_arg else '0'}, %entry ], [ %i.next, %loop ]"]
    nacc = r.choice([1, 1, 2])
    accs = []
    for a in range(nacc):
        op = r.choice(OPS)
        start = r.choice(["0", "1", "-1", "7"])
        accs.append((op, start, r.random() < 0.5, r.random() < 0.2 and op in ("add", "mul"),
                     r.choice(["none", "none", "none", "store", "exitphi", "twice"])))
        L.append(f"  %r{a} = phi {T} [ {start}, %entry ], [ %r{a}.next, %loop ]")
    L += [f"  %idx = and {IV} %i, 63", f"  %p = getelementptr [64 x {T}], ptr @tbl, i32 0, {IV} %idx",
          f"  %v = load {T}, ptr %p"]
    if T != IV:
        cast = "trunc" if int(T[1:]) < int(IV[1:]) else "sext"
        L.append(f"  %iv.t = {cast} {IV} %i to {T}")
    else:
        L.append(f"  %iv.t = add {T} %i, 0")
    L.append(f"  %w = xor {T} %iv.t, 5")
    for a, (op, start, swap, flags, extra) in enumerate(accs):
        x = r.choice(["%v", "%w", "%v"])
        if op == "mul":
            # Keep products from collapsing to 0 too soon.
            L.append(f"  %m{a} = or {T} {x}, 1")
            x = f"%m{a}"
        fl = " nsw" if flags and T == "i64" else ""
        lhs, rhs = (f"%r{a}", x) if not swap or op == "sub" else (x, f"%r{a}")
        L.append(f"  %r{a}.next = {op}{fl} {T} {lhs}, {rhs}")
        if extra == "store":
            L.append(f"  store {T} %r{a}.next, ptr %out")
        if extra == "twice":
            L.append(f"  %t{a} = add {T} %r{a}, 3")
            L.append(f"  store {T} %t{a}, ptr %out")
    L.append(f"  %i.next = add nuw nsw {IV} %i, 1")
    if pred in ("eq", "ne"):
        L.append(f"  %c = icmp {pred} {IV} %i.next, %n")
        br = "%exit, label %loop" if pred == "eq" else "%loop, label %exit"
    else:
        L.append(f"  %c = icmp {pred} {IV} %i.next, %n")
        br = "%loop, label %exit"
    L.append(f"  br i1 %c, label {br}")
    L.append("exit:")
    res = None
    for a, (op, start, swap, flags, extra) in enumerate(accs):
        v = f"%r{a}" if extra == "exitphi" else f"%r{a}.next"
        L.append(f"  %e{a} = phi {T} [ {v}, %loop ]")
        if res is None:
            res = f"%e{a}"
        else:
            L.append(f"  %x{a} = xor {T} {res}, %e{a}")
            res = f"%x{a}"
    L += [f"  ret {T} {res}", "none:", f"  ret {T} -3", "}"]
    return T, IV, from_arg, "\n".join(L) + "\n"


def driver(T, IV, from_arg, ns):
    L = ["declare i32 @printf(ptr, ...)", '@fmt = private constant [5 x i8] c"%lx\\0A\\00"',
         "@sink = global i64 0", "define i32 @main() {", "entry:"]
    for k, n in enumerate(ns):
        s = 3 if from_arg else 0
        L.append(f"  %r{k} = call {T} @f({IV} {n}, {IV} {s}, ptr @sink)")
        L.append(f"  %z{k} = zext {T} %r{k} to i64" if T != "i64" else f"  %z{k} = add i64 %r{k}, 0")
        L.append(f"  %l{k} = load i64, ptr @sink")
        L.append(f"  %y{k} = xor i64 %z{k}, %l{k}")
        L.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i64 %y{k})")
    L += ["  ret i32 0", "}"]
    return "\n".join(L) + "\n"


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    lli, opt22 = os.environ.get("LLI", "lli-22"), os.environ.get("OPT22", "opt-22")
    keep = os.environ.get("KEEP", os.getcwd())
    bad = split = 0
    tmp = tempfile.mkdtemp()
    for p in range(a.programs):
        r = random.Random(a.seed * 100003 + p)
        T, IV, from_arg, src = program(r)
        # From an argument start of 3, the loop must run past it.
        ns = [n for n in range(0, 24) if not from_arg or n > 3] + [61, 64, 67]
        base = os.path.join(tmp, f"p{p}")
        with open(base + ".ll", "w") as fh:
            fh.write(src + driver(T, IV, from_arg, ns))
        ref = sh([lli, base + ".ll"], timeout=60)
        if ref.returncode != 0:
            print(f"program {p}: original fails under lli: {ref.stderr[:200]}")
            bad += 1
            continue
        for opts in OPTIONS:
            out = base + ".opt.ll"
            r2 = sh([a.opt_conv, "-passes=loop-unroll", *BASE, *opts, base + ".ll", "-S", "-o", out,
                     "-pass-remarks-analysis=loop-unroll"], timeout=120)
            tag = f"program {p} {' '.join(opts) or '(defaults)'}"
            why = None
            if r2.returncode != 0:
                why = f"opt-conv failed: {r2.stderr.strip()[:300]}"
            else:
                split += "parallel accumulators" in r2.stderr
                v = sh([opt22, "-passes=verify", "-disable-output", out])
                if v.returncode != 0:
                    why = f"opt-22 rejects: {v.stderr.strip()[:300]}"
                else:
                    o = sh([lli, out], timeout=60)
                    if o.stdout != ref.stdout:
                        why = "miscompile"
            if why:
                bad += 1
                name = f"unroll-reduction-{a.seed}-{p}-{OPTIONS.index(opts)}.ll"
                shutil.copy(base + ".ll", os.path.join(keep, name))
                print(f"{tag}: {why} -> {name}")
    shutil.rmtree(tmp)
    print(f"{a.programs} programs, {split} runs split a reduction, {bad} failures")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
