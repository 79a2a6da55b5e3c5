#!/usr/bin/env python3
"""Differential testing of jump threading's redundant loads against lli-22:
random functions of four to nine blocks whose branches and switches test
loads (i8 to i64, at offsets 0, 4 and 8 of a global or an alloca, some
through a phi of addresses, some after a load of the same address, some
through a freeze), with back edges, switches with duplicate edges, and
above them stores of constants and of values, memsets (constant or not,
short or long, volatile or not), calls that write only their argument (a
select of two addresses), opaque calls and plain loads; one program in
seven is big-endian. @main calls the function six times with different
arguments and prints a checksum of the global. Programs that do not end
within a few seconds are skipped.

usage: lli-load-shapes-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...'] [--print]
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, sys

from lli_judge import differential

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TY = [("i8", 1), ("i16", 2), ("i32", 4), ("i64", 8)]


def program(seed):
    R = random.Random(seed)
    n = R.randint(4, 9)
    be = R.random() < 0.15
    term = {}
    for i in range(n - 1):
        k = R.random()
        fwd = lambda: R.randint(i + 1, n - 1)
        anyb = lambda: (R.randint(1, i) if (R.random() < 0.15 and i > 0) else fwd())
        if k < 0.25: term[i] = ("br", [fwd()])
        elif k < 0.8: term[i] = ("cbr", [anyb(), fwd()])
        else:
            m = R.randint(2, 4)
            term[i] = ("sw", [fwd()] + [R.choice([fwd(), anyb()]) for _ in range(m)])
    term[n - 1] = ("ret", [])
    preds = {i: [] for i in range(n)}
    for i, (k, ts) in term.items():
        for t in ts: preds[t].append(i)
    objs = ["@A", "%L"]
    def addr(lines, tag):
        o = R.choice(objs); off = R.choice([0, 0, 4, 8])
        nm = f"%a{tag}"
        lines.append(f"  {nm} = getelementptr i8, ptr {o}, i64 {off}")
        return nm
    out = []
    out.append('target datalayout = "%s"' % ("E" if be else "e"))
    out.append("@A = global [32 x i8] zeroinitializer")
    out.append("@fmt = private constant [4 x i8] c\"%d\\0A\\00\"")
    out.append("declare i32 @printf(ptr, ...)")
    out.append("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)")
    out.append("define void @wr(ptr %p, i8 %v) memory(argmem: write) nounwind willreturn noinline {\n  store i8 %v, ptr %p\n  ret void\n}")
    out.append("define void @opaque() noinline {\n  ret void\n}")
    body = ["define i32 @f(i32 %s, i1 %q) noinline {", "b0:", "  %L = alloca [32 x i8], align 8",
            "  call void @llvm.memset.p0.i64(ptr %L, i8 1, i64 32, i1 false)"]
    cnt = [0]
    def t():
        cnt[0] += 1; return cnt[0]
    phis_needed = {}
    for b in range(n):
        lines = []
        if b > 0:
            lines.append(f"b{b}:")
            ps = preds[b]
            if not ps:
                pass
            # address phi
            if len(ps) >= 2 and R.random() < 0.4:
                vals = []
                for p in ps:
                    vals.append(f"[ {R.choice(['@A','%L'])}, %b{p} ]")
                # duplicate entries from same pred must agree
                seen = {}
                vv = []
                for p, v in zip(ps, vals):
                    if p in seen: v = seen[p]
                    seen[p] = v; vv.append(v)
                lines.append(f"  %pp{b} = phi ptr " + ", ".join(vv))
                phis_needed[b] = True
        nops = R.randint(0, 3)
        for _ in range(nops):
            k = R.random(); j = t()
            if k < 0.45:
                ty, sz = R.choice(TY)
                a = addr(lines, j)
                v = R.choice([str(R.randint(0, 3)), str(R.randint(0, 120)), "S"])
                if v == "S":
                    lines.append(f"  %v{j} = trunc i32 %s to {ty}" if ty != "i32" else f"  %v{j} = add i32 %s, 0")
                    v = f"%v{j}"
                if ty == "i64" and v.startswith("%"):
                    lines[-1] = f"  %v{j} = zext i32 %s to i64"
                vol = " volatile" if R.random() < 0.1 else ""
                lines.append(f"  store{vol} {ty} {v}, ptr {a}, align 1")
            elif k < 0.6:
                a = addr(lines, j)
                ln = R.choice([1, 2, 4, 8, 16])
                byte = R.choice(["0", "1", "255", "%%bb%d" % j])
                if byte.startswith("%"): lines.append(f"  {byte} = trunc i32 %s to i8")
                vol = R.choice(["false", "false", "true"])
                lines.append(f"  call void @llvm.memset.p0.i64(ptr {a}, i8 {byte}, i64 {ln}, i1 {vol})")
            elif k < 0.72:
                a = addr(lines, j); a2 = addr(lines, f"{j}x")
                lines.append(f"  %sel{j} = select i1 %q, ptr {a}, ptr {a2}")
                lines.append(f"  call void @wr(ptr %sel{j}, i8 {R.randint(0,3)})")
            elif k < 0.8:
                lines.append("  call void @opaque()")
            else:
                ty, sz = R.choice(TY)
                a = addr(lines, j)
                lines.append(f"  %ld{j} = load {ty}, ptr {a}, align 1")
        k, ts = term[b]
        if k == "ret":
            lines.append("  ret i32 0")
        elif k == "br":
            lines.append(f"  br label %b{ts[0]}")
        else:
            ty, sz = R.choice(TY)
            j = t()
            if b in phis_needed and R.random() < 0.7:
                off = R.choice([0, 4])
                lines.append(f"  %a{j} = getelementptr i8, ptr %pp{b}, i64 {off}")
                a = f"%a{j}"
            else:
                a = addr(lines, j)
            if R.random() < 0.3:
                # an earlier load of the same address in the block
                lines.insert(len(lines), f"  %e{j} = load {ty}, ptr {a}, align 1")
            lines.append(f"  %x{j} = load {ty}, ptr {a}, align 1")
            c = R.randint(0, 3)
            if k == "cbr":
                if R.random() < 0.2:
                    lines.append(f"  %fz{j} = freeze {ty} %x{j}")
                    lines.append(f"  %c{j} = icmp eq {ty} %fz{j}, {c}")
                else:
                    lines.append(f"  %c{j} = icmp eq {ty} %x{j}, {c}")
                lines.append(f"  br i1 %c{j}, label %b{ts[0]}, label %b{ts[1]}")
            else:
                cases = " ".join(f"{ty} {v}, label %b{d}" for v, d in zip(range(len(ts) - 1), ts[1:]))
                lines.append(f"  switch {ty} %x{j}, label %b{ts[0]} [ {cases} ]")
        body += lines
    body.append("}")
    out += body
    out.append("""define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
  %qq = trunc i32 %i to i1
  %r = call i32 @f(i32 %i, i1 %qq)
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, 6
  br i1 %d, label %l, label %out
out:
  br label %l2
l2:
  %k = phi i64 [ 0, %out ], [ %k1, %l2 ]
  %h = phi i32 [ 0, %out ], [ %h2, %l2 ]
  %pa = getelementptr i8, ptr @A, i64 %k
  %v = load i8, ptr %pa
  %vz = zext i8 %v to i32
  %h1 = mul i32 %h, 31
  %h2 = add i32 %h1, %vz
  %k1 = add i64 %k, 1
  %e = icmp ult i64 %k1, 32
  br i1 %e, label %l2, label %done
done:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %h2)
  ret i32 0
}""")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pipelines", default="jump-threading", help="space-separated pipelines, each run on every program")
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    a = ap.parse_args()
    if a.print:
        print(program(a.seed)); return 0
    # A run counts as a change when the number of loads moved.
    return differential("lli-load-shapes-differential", a.opt_conv, a.seed, a.programs, program, a.pipelines.split(),
                        changed=lambda src, out: out.count(" load ") != src.count(" load "), lli_timeout=5)


if __name__ == "__main__":
    sys.exit(main())
