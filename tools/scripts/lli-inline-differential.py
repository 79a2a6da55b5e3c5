#!/usr/bin/env python3
"""Differential testing of the inliner against LLVM's own interpreter:
random modules whose callees branch on what the call's arguments decide
(overflow-checking intrinsics and their `extractvalue`, `fcmp` and `fneg`
of floats, `inttoptr`/`ptrtoint` chains, differences and compares of
pointers into one object, compares of a value with itself) are called with
constants and with values known only at run time, then run by lli-22
before and after `-passes=inline` (at the default threshold and at a high
one, so that most calls are inlined and their copies folded), and
`-passes=inline,simplifycfg` at the high one (a CGSCC pipeline: each callee
is simplified before it is inlined). The printed
checksums must agree. Pointers enter the checksum only as differences
within one object, which do not depend on where the object is.

usage: lli-inline-differential.py [OPT_CONV] [--programs N] [--seed S]
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

from lli_judge import judge, keep_input, run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
IPREDS = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"]
FPREDS = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
          "uno", "true"]
OVF = [f"{s}{o}" for s in "us" for o in ("add", "sub", "mul")]
FLOATS = ["0.0", "-0.0", "1.0", "-42.0", "42.0", "0x7FF8000000000000", "0x7FF0000000000000", "2.5"]

HEAD = """declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\\0A\\00"
""" + "".join(f"declare {{i8, i1}} @llvm.{o}.with.overflow.i8(i8, i8)\n" for o in OVF)


def callee(rng, k):
    """A callee of (i8 %x, i8 %y, float %f, ptr %p, ptr %q) returning i32:
    conditions from its arguments, each deciding a diamond that adds to a
    running sum."""
    lines = [f"define internal i32 @c{k}(i8 %x, i8 %y, float %f, ptr %p, ptr %q) {{", "b0:"]
    acc, n, blk = "0", 0, 0

    def v(prefix="v"):
        nonlocal n
        n += 1
        return f"%{prefix}{n}"

    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        conds, vals = [], []
        if kind == 0:
            r, s, o = v(), v(), v()
            lines += [f"  {r} = call {{i8, i1}} @llvm.{rng.choice(OVF)}.with.overflow.i8(i8 %x, i8 %y)",
                      f"  {s} = extractvalue {{i8, i1}} {r}, 0", f"  {o} = extractvalue {{i8, i1}} {r}, 1"]
            conds.append(o)
            vals.append((s, "i8"))
        elif kind == 1:
            g, c = v(), v()
            src = "%f"
            if rng.random() < 0.5:
                lines.append(f"  {g} = fneg float %f")
                src = g
            lines.append(f"  {c} = fcmp {rng.choice(FPREDS)} float {src}, {rng.choice(FLOATS)}")
            conds.append(c)
        elif kind == 2:
            a, b, d, t, c = v(), v(), v(), v(), v()
            width = rng.choice([64, 32])
            lines += [f"  {a} = ptrtoint ptr %q to i{width}", f"  {b} = ptrtoint ptr %p to i{width}",
                      f"  {d} = sub i{width} {a}, {b}", f"  {t} = trunc i{width} {d} to i8",
                      f"  {c} = icmp {rng.choice(IPREDS)} i8 {t}, {rng.choice([0, 1, 4, 8, -4])}"]
            conds.append(c)
            vals.append((t, "i8"))
        elif kind == 3:
            c = v()
            lines.append(f"  {c} = icmp {rng.choice(['eq', 'ne', 'ult', 'uge'])} ptr %p, %q")
            conds.append(c)
        elif kind == 4:
            z, ip, pi, t, zz, c = v(), v(), v(), v(), v(), v()
            lines += [f"  {z} = zext i8 %x to i64", f"  {ip} = inttoptr i64 {z} to ptr",
                      f"  {pi} = ptrtoint ptr {ip} to i64", f"  {t} = trunc i64 {pi} to i32",
                      f"  {zz} = zext i32 {t} to i64", f"  {c} = icmp {rng.choice(IPREDS)} i64 {zz}, {rng.randrange(256)}"]
            conds.append(c)
            vals.append((t, "i32"))
        else:
            c = v()
            src = rng.choice(["%x", "%y"])
            lines.append(f"  {c} = icmp {rng.choice(IPREDS)} i8 {src}, {src}")
            conds.append(c)
        for val, ty in vals:
            w = v("w")
            lines.append(f"  {w} = {'zext' if ty == 'i8' else 'add'} {ty} {val}{' to i32' if ty == 'i8' else ', 0'}")
            a2 = v("a")
            lines.append(f"  {a2} = add i32 {acc}, {w}")
            acc = a2
        for c in conds:
            blk += 1
            t, e, j = f"t{blk}", f"e{blk}", f"j{blk}"
            x1, x2 = v("m"), v("m")
            ph = v("a")
            lines += [f"  br i1 {c}, label %{t}, label %{e}", f"{t}:", f"  {x1} = mul i32 {acc}, 3",
                      f"  br label %{j}", f"{e}:", f"  {x2} = add i32 {acc}, {rng.randrange(1, 100)}",
                      f"  br label %{j}", f"{j}:", f"  {ph} = phi i32 [ {x1}, %{t} ], [ {x2}, %{e} ]"]
            acc = ph
    lines += [f"  ret i32 {acc}", "}"]
    return "\n".join(lines)


def program(seed):
    rng = random.Random(seed)
    ncallees = rng.randint(1, 4)
    out = [HEAD] + [callee(rng, k) for k in range(ncallees)]
    body = ["define i32 @run(i8 %x, i8 %y) {", "entry:", "  %obj = alloca [64 x i8], align 8",
            "  %fx = sitofp i8 %x to float"]
    geps = {0: "%obj"}
    for off in sorted(set(rng.randrange(1, 64) for _ in range(3))):
        body.append(f"  %g{off} = getelementptr inbounds i8, ptr %obj, i64 {off}")
        geps[off] = f"%g{off}"
    acc = "0"
    for k in range(rng.randint(2, 6)):
        c = rng.randrange(ncallees)
        i8s = [rng.choice(["%x", "%y", str(rng.randrange(-128, 128))]) for _ in range(2)]
        fl = rng.choice(["%fx"] + FLOATS)
        p, q = rng.choice(list(geps.values())), rng.choice(list(geps.values()))
        body.append(f"  %r{k} = call i32 @c{c}(i8 {i8s[0]}, i8 {i8s[1]}, float {fl}, ptr {p}, ptr {q})")
        body.append(f"  %s{k} = add i32 {acc}, %r{k}")
        acc = f"%s{k}"
    body += [f"  ret i32 {acc}", "}"]
    out.append("\n".join(body))
    out.append("""define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %a1, %loop ]
  %x = trunc i32 %i to i8
  %j = mul i32 %i, 7
  %y = trunc i32 %j to i8
  %r = call i32 @run(i8 %x, i8 %y)
  %m = mul i32 %acc, 31
  %a1 = add i32 %m, %r
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, 256
  br i1 %d, label %loop, label %done
done:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a1)
  ret i32 0
}
""")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    lli, opt22 = os.environ.get("LLI", "lli-22"), os.environ.get("OPT22", "opt-22")
    if not shutil.which(lli) or not shutil.which(opt22):
        if os.environ.get("CI", "") not in ("", "0", "false"):
            print(f"lli-inline-differential: {lli} and {opt22} are required under CI"); return 1
        print(f"lli-inline-differential: {lli} or {opt22} not found; skipped"); return 0
    keep = os.environ.get("KEEP", os.getcwd())
    runs = [("inline", ()), ("inline", ("-inline-threshold=2000",)),
            ("inline,simplifycfg", ("-inline-threshold=2000",))]
    work = tempfile.mkdtemp()
    bad = changed = total = 0
    try:
        src_path, out_path = os.path.join(work, "in.ll"), os.path.join(work, "out.ll")
        for seed in range(a.seed, a.seed + a.programs):
            with open(src_path, "w") as f:
                f.write(program(seed))
            if run([opt22, "-passes=verify", "-disable-output", src_path]).returncode:
                print(f"seed {seed}: generated an invalid program (generator bug)"); bad += 1; continue
            want = run([lli, src_path]).stdout
            same = run([a.opt_conv, "-S", "-passes=verify", src_path]).stdout
            for p, args in runs:
                total += 1
                why = judge(a.opt_conv, opt22, lli, src_path, out_path, p, want, args)
                changed += why is None and open(out_path).read() != same
                if why:
                    bad += 1
                    dst = keep_input(src_path, keep, f"lli-inline-differential-{seed}.ll")
                    print(f"seed {seed}, -passes={p} {' '.join(args)}: {why} (input kept as {dst})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"lli-inline-differential: {a.programs} programs, {total} runs ({changed} changed the program), {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
