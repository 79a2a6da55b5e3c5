#!/usr/bin/env python3
"""Differential testing of loads from constant globals folded by the shared
simplifier (`instsimplify`, and after unrolling): random globals (arrays,
vectors, strings, nested arrays, structs; integers of odd widths, floating
point of every kind, pointers; every linkage; `global` and `constant`;
16- and 32-bit address spaces; big- and little-endian layouts) are read by
loads of every type at offsets reached through constant `getelementptr`s
(byte and element steps, negative, past the end, wrapping in the index
width, over scalable vectors).

Judges, per function (one load each):
* a load opt-conv folds to poison must be poison for opt-22 too;
* a load both fold must read the same bits;
* a load opt-conv folds to a value must read that value under lli-22
  (little-endian layouts only: the host's).

usage: const-load-differential.py [OPT_CONV] [--programs N] [--seed S]
Exit status 1 on any disagreement; the offending input is kept in the
directory named by $KEEP (default: cwd).
"""
import argparse, os, random, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lli_judge import keep_input, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

LE = ["e-i64:64", "e-p1:16:16-p2:32:32-i64:64", "e-p:64:64:64:32-i64:64", "e-i64:32-i128:64-f80:32"]
BE = ["E-i64:64", "E-m:e-p:32:32-i64:64"]
ELEMS = ["i8", "i16", "i32", "i64", "i24", "i48", "i128", "i1", "i20", "float", "double", "half", "bfloat",
         "fp128", "x86_fp80", "ptr"]
LOADS = ["i8", "i16", "i32", "i64", "i128", "i24", "i1", "float", "double", "half", "bfloat", "fp128",
         "x86_fp80", "ptr"]
LINKAGES = ["internal", "private", "", "weak_odr", "linkonce_odr", "available_externally", "weak", "linkonce",
            "external externally_initialized"]
# How main prints a loaded value: (bits it is converted to, conversion).
FLOATS = {"float": 32, "double": 64, "half": 16, "bfloat": 16, "fp128": 128, "x86_fp80": 80}


def elem(R, t):
    if t.startswith("i"):
        b = int(t[1:])
        return f"{t} {R.choice([0, 1, -1, 2 ** (b - 1) - 1, -(2 ** (b - 1)), R.randrange(-(2 ** (b - 1)), 2 ** (b - 1))])}"
    if t == "float":
        return "float " + R.choice(["1.0", "-2.0", "0x3FB99999A0000000"])
    if t == "double":
        return "double " + R.choice(["1.0", "-2.5", "0x7FF8000000000000", "0x0000000000000001"])
    if t == "half":
        return f"half 0xH{R.randrange(65536):04X}"
    if t == "bfloat":
        return f"bfloat 0xR{R.randrange(65536):04X}"
    if t == "fp128":
        return f"fp128 0xL{R.randrange(2 ** 64):016X}{R.randrange(2 ** 64):016X}"
    if t == "x86_fp80":
        return f"x86_fp80 0xK{R.choice([0x3FFF, 0x4000, 0xBFFE]):04X}{R.randrange(2 ** 63, 2 ** 64):016X}"
    return R.choice(["ptr null", "ptr @aux"])


def initializer(R):
    e, n = R.choice(ELEMS), R.randint(1, 5)
    k = R.randrange(6)
    if k == 0:
        return f"[{n} x {e}]", "[" + ", ".join(elem(R, e) for _ in range(n)) + "]"
    if k == 1:
        e = R.choice(["i8", "i16", "i32", "i64", "float", "double", "i1", "i24"])
        return f"<{n} x {e}>", "<" + ", ".join(elem(R, e) for _ in range(n)) + ">"
    if k == 2:
        return f"[{n} x i8]", 'c"' + "".join(f"\\{R.randrange(256):02X}" for _ in range(n)) + '"'
    if k == 3:
        return f"[{n} x {e}]", "zeroinitializer"
    if k == 4:
        m = R.randint(1, 3)
        row = lambda: f"[{n} x i16] [" + ", ".join(elem(R, "i16") for _ in range(n)) + "]"
        return f"[{m} x [{n} x i16]]", "[" + ", ".join(row() for _ in range(m)) + "]"
    fs = [R.choice(["i8", "i16", "i32", "i64", "double"]) for _ in range(R.randint(1, 3))]
    p, q = ("<", ">") if R.random() < 0.5 else ("", "")
    return f"{p}{{ {', '.join(fs)} }}{q}", f"{p}{{ " + ", ".join(elem(R, f) for f in fs) + f" }}{q}"


def program(R, big_endian):
    dl = R.choice(BE if big_endian else LE)
    narrow = dl.startswith("e-p1")
    lines = [f'target datalayout = "{dl}"', "@aux = global i32 0", '@fmt = private constant [9 x i8] c"%d %llx\\0A\\00"',
             "declare i32 @printf(ptr, ...)"]
    globs = []
    for gi in range(3):
        ty, init = initializer(R)
        link = R.choice(LINKAGES) if R.random() < 0.3 else "internal"
        kw = "global" if R.random() < 0.15 else "constant"
        asp = R.choice(["addrspace(1) ", "addrspace(2) "]) if narrow and R.random() < 0.5 else ""
        sec = ' section "s"' if R.random() < 0.1 else ""
        al = R.choice(["", ", align 1", ", align 16"])
        lines.append(f"@g{gi} = {link} {asp}{kw} {ty} {init}{sec}{al}")
        globs.append((f"@g{gi}", ("ptr " + asp).strip()))
    types = []
    for fi in range(8):
        g, pty = R.choice(globs)
        lt = R.choice(LOADS)
        off = R.choice([0, 1, 2, 3, 4, 7, 8, 12, 16, 24, -1, -4, 65536, 65540, 2 ** 32 + 4, 2 ** 64 + 8, R.randrange(40)])
        it = "i128" if off >= 2 ** 63 else R.choice(["i64", "i32", "i16"])
        while not -(2 ** (int(it[1:]) - 1)) <= off < 2 ** (int(it[1:]) - 1):
            it = "i64" if off < 2 ** 63 else "i128"
        kind = R.randrange(4)
        if kind == 0:
            body = f"  %v = load {lt}, {pty} getelementptr (i8, {pty} {g}, {it} {off})\n"
        elif kind == 1:
            st = R.choice(["i8", "i16", "i32", "i64", "[2 x i8]", "<3 x i8>", "i24", "<vscale x 1 x i32>"])
            body = f"  %p = getelementptr {R.choice(['', 'inbounds '])}{st}, {pty} {g}, {it} {off // 4}\n  %v = load {lt}, {pty} %p\n"
        elif kind == 2:
            body = f"  %p = getelementptr [2 x i16], {pty} {g}, {it} 0, {it} {R.randrange(-1, 5)}\n  %v = load {lt}, {pty} %p\n"
        else:
            body = f"  %p = getelementptr i8, {pty} {g}, {it} {off}\n  %v = load {lt}, {pty} %p\n"
        lines.append(f"define {lt} @f{fi}() {{\n{body}  ret {lt} %v\n}}")
        types.append(lt)
    main = ["define i32 @main() {"]
    for fi, lt in enumerate(types):
        if lt == "ptr":
            continue
        main.append(f"  %r{fi} = call {lt} @f{fi}()")
        v = f"%r{fi}"
        bits = FLOATS.get(lt) or int(lt[1:])
        if lt in FLOATS:
            main.append(f"  %b{fi} = bitcast {lt} {v} to i{bits}")
            v = f"%b{fi}"
        for half in range((bits + 63) // 64):
            w = f"%w{fi}_{half}"
            if bits > 64:
                main.append(f"  %s{fi}_{half} = lshr i{bits} {v}, {64 * half}")
                main.append(f"  {w} = trunc i{bits} %s{fi}_{half} to i64")
            elif bits < 64:
                main.append(f"  {w} = zext i{bits} {v} to i64")
            else:
                w = v
            main.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i32 {fi}, i64 {w})")
    main += ["  ret i32 0", "}"]
    return "\n".join(lines + main) + "\n"


def returns(text):
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"define \S+ @(f\d+)\(", line)
        if m:
            cur = m.group(1)
        elif cur and line.startswith("  ret "):
            out[cur] = line.split(None, 2)[2]
            cur = None
    return out


def number(s):
    """The bits a printed constant stands for (None for decimal floats,
    which two printers may round differently)."""
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    m = re.fullmatch(r"0x[KLMHR]?([0-9A-F]+)", s)
    return int(m.group(1), 16) if m else None


def check(opt_conv, path, big_endian):
    r = run([opt_conv, "-S", "-passes=instsimplify", path])
    if r.returncode:
        return None  # input opt-conv does not read: not this test's concern
    conv = returns(r.stdout)
    llvm = returns(run(["opt-22", "-S", "-passes=instsimplify", path]).stdout)
    folded = {f: v for f, v in conv.items() if v != "%v"}
    for f, v in folded.items():
        if v == "poison" and llvm.get(f) != "poison":
            return f"{f}: opt-conv folds to poison, opt-22 to {llvm.get(f)}"
        a, b = number(v), number(llvm.get(f, ""))
        if a is not None and b is not None and a != b and not v.startswith("0xK"):
            return f"{f}: opt-conv reads {v}, opt-22 {llvm[f]}"
    if big_endian or not any(v != "poison" for v in folded.values()):
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False) as out:
        out.write(r.stdout)
    try:
        before = run(["lli-22", path])
        after = run(["lli-22", out.name])
    finally:
        os.unlink(out.name)
    if before.returncode or after.returncode:
        return None
    lines = lambda t: {l for l in t.splitlines() if f"f{l.split()[0]}" in folded and folded[f"f{l.split()[0]}"] != "poison"}
    if lines(before.stdout) != lines(after.stdout):
        return f"lli reads {sorted(lines(before.stdout))}, the folded loads {sorted(lines(after.stdout))}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    keep = os.environ.get("KEEP", os.getcwd())
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        for k in range(a.programs):
            R = random.Random(a.seed * 1_000_003 + k)
            big = R.random() < 0.25
            path = os.path.join(d, f"p{k}.ll")
            with open(path, "w") as f:
                f.write(program(R, big))
            if run(["opt-22", "-passes=verify", "-disable-output", path]).returncode:
                continue
            why = check(a.opt_conv, path, big)
            if why:
                bad += 1
                print(f"program {k}: {why}; kept as {keep_input(path, keep, f'const-load-{a.seed}-{k}.ll')}")
    print(f"{a.programs} programs, {bad} disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
