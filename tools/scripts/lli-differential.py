#!/usr/bin/env python3
"""Differential testing of opt-conv's scalar transforms against LLVM's own
interpreter: random branchy functions of two i8 arguments are run by lli-22
on every input pair (all 256 x 16 of them) before and after each pass, and
the printed checksums must agree. The judge is LLVM's, not our executor,
so a blind spot shared by our passes and our executor shows here.

usage: lli-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...']
                          [--generator dag|arms|sink|indirect|eh]
`--generator arms` makes nested ifs with common code in their arms and
divisions guarded by the branch, and runs simplifycfg by default.
`--generator sink` is `arms` whose arms also end alike (the same operations
on each arm's own values, the join's first phi taking the last of them),
and runs simplifycfg<sink-common-insts> by default.
`--generator indirect` is `dag` with some two-way branches made indirect
branches on block addresses (from a select, a phi, or a constant), and runs
jump-threading by default.
`--generator eh` is `arms` with some unconditional branches made invokes of a
function that throws on some inputs, unwinding to landing pads that catch
and return (one pad is unreachable), and runs simplifycfg by default.
Exit status 1 on any miscompile, crash or output opt-22 rejects; the
offending input is kept in the directory named by $KEEP (default: cwd).
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile

from lli_judge import judge, keep_input, run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PREDS = ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"]
CONSTS = [0, 1, 2, 3, 5, 10, 100, 127, -1, -2, -5, -100, -128]

MAIN = """
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\\0A\\00"
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
  %r = call i32 @f(i8 %x, i8 %y)
  %m = mul i32 %a, 31
  %a1 = add i32 %m, %r
  %j1 = add i32 %j, 17
  %d = icmp ult i32 %j1, 256
  br i1 %d, label %ly, label %lx.end
lx.end:
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 256
  br i1 %done, label %out, label %lx
out:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a1)
  ret i32 0
}
"""


def program(seed):
    """A DAG of blocks; each computes a few values from %x, %y and its own
    phis, then branches (br, switch) forward or returns."""
    r = random.Random(seed)
    n = r.randint(3, 9)
    preds = {k: [] for k in range(n)}
    body = {}
    succs = {}
    for k in range(n):
        later = list(range(k + 1, n))
        # Every block is reached: the next one from this one if nothing
        # reached it yet.
        need = [k + 1] if k + 1 < n and not preds[k + 1] else []
        if not later or (not need and r.random() < 0.1):
            succs[k] = []
        elif len(later) == 1 or r.random() < 0.1:
            succs[k] = need or [r.choice(later)]
        else:
            width = 3 if len(later) >= 3 and r.random() < 0.2 else 2
            rest = [b for b in later if b not in need]
            succs[k] = need + r.sample(rest, width - len(need))
            r.shuffle(succs[k])
        for s in succs[k]:
            preds[s].append(k)
    lines = ["define i32 @f(i8 %x, i8 %y) {"]
    for k in range(n):
        lines.append(f"b{k}:")
        vals8 = ["%x", "%y"]
        vals1 = []
        if preds[k] and len(set(preds[k])) == len(preds[k]):
            ps = preds[k]
            if len(ps) > 1:
                # Mostly constants: what threading can see through.
                inc = ", ".join(f"[ {r.choice(['true', 'false', 'true', 'false', f'%k{p}'])}, %b{p} ]" for p in ps)
                lines.append(f"  %p{k} = phi i1 {inc}")
                vals1.append(f"%p{k}")
                inc = ", ".join(f"[ {r.choice(CONSTS) if r.random() < 0.75 else f'%v{p}'}, %b{p} ]" for p in ps)
                lines.append(f"  %q{k} = phi i8 {inc}")
                vals8.append(f"%q{k}")
        for t in range(r.randint(1, 3)):
            # A compare of the phi is what threading evaluates per edge.
            a = vals8[-1] if t == 0 and len(vals8) > 2 and r.random() < 0.7 else r.choice(vals8)
            c = r.choice(CONSTS) if r.random() < 0.7 else r.choice(vals8)
            name = f"%c{k}_{t}"
            if r.random() < 0.15:
                lines.append(f"  {name} = icmp {r.choice(PREDS)} i8 {c}, {a}")
            else:
                lines.append(f"  {name} = icmp {r.choice(PREDS)} i8 {a}, {c}")
            vals1.append(name)
        if len(vals1) > 1 and r.random() < 0.5:
            lines.append(f"  %l{k} = {r.choice(['and', 'or', 'xor'])} i1 {vals1[-1]}, {vals1[-2]}")
            vals1.append(f"%l{k}")
        if r.random() < 0.2:
            lines.append(f"  %n{k} = xor i1 {vals1[-1]}, true")
            vals1.append(f"%n{k}")
        lines.append(f"  %v{k} = select i1 {r.choice(vals1)}, i8 {r.choice(vals8)}, i8 {r.choice(CONSTS)}")
        lines.append(f"  %k{k} = and i1 {r.choice(vals1)}, true")
        s = succs[k]
        if not s:
            # The result tells the paths apart: the block, and what its phis
            # brought along.
            lines.append(f"  %w{k} = zext i8 %v{k} to i32")
            lines.append(f"  %z{k} = add i32 %w{k}, {1000 * (k + 1)}")
            ret = f"%z{k}"
            if f"%q{k}" in vals8:
                lines.append(f"  %qw{k} = zext i8 %q{k} to i32")
                lines.append(f"  %qs{k} = shl i32 %qw{k}, 16")
                lines.append(f"  %pw{k} = zext i1 %p{k} to i32")
                lines.append(f"  %ps{k} = shl i32 %pw{k}, 30")
                lines.append(f"  %r{k} = add i32 %z{k}, %qs{k}")
                lines.append(f"  %rr{k} = add i32 %r{k}, %ps{k}")
                ret = f"%rr{k}"
            lines.append(f"  ret i32 {ret}")
        elif len(s) == 1:
            lines.append(f"  br label %b{s[0]}")
        elif len(s) == 2:
            # Mostly the phi, or the compare of the phi.
            cond = r.choice(vals1[:2]) if r.random() < 0.6 else r.choice(vals1)
            lines.append(f"  br i1 {cond}, label %b{s[0]}, label %b{s[1]}")
        else:
            cases = r.sample(CONSTS, 2)
            lines.append(f"  switch i8 {r.choice(vals8)}, label %b{s[0]} [ i8 {cases[0]}, label %b{s[1]}"
                         f" i8 {cases[1]}, label %b{s[2]} ]")
    lines.append("}")
    return "\n".join(lines) + "\n" + MAIN


# The `arms` generator: nested if/else diamonds and triangles whose arms
# often begin with the same instructions (what simplifycfg hoists), compute
# values the join's phis choose between (what it folds into selects), and
# divide by what the branch tests (what must not be speculated). No
# poison-generating flags or metadata: lli-22 compiles the code, and code
# generation may exploit them.
ARM_OPS = ["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr"]


class Arms:
    def __init__(self, seed, suffix=False):
        self.suffix = suffix
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []
        self.cur = "entry"
        self.budget = 40

    def fresh(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, line):
        self.lines.append("  " + line)

    def label(self, name):
        self.lines.append(f"{name}:")
        self.cur = name

    def straight(self, r, vals, n):
        """n instructions drawn from `r` (the arms share a prefix by sharing
        the generator's state): arithmetic, division by a safe constant,
        freeze, and loads and stores of @mem."""
        for _ in range(n):
            k = r.random()
            a, b = r.choice(vals), r.choice(vals + [str(r.choice(CONSTS))])
            idx = r.randint(0, 3)
            slot = f"ptr getelementptr (i8, ptr @mem, i64 {idx})"
            if k < 0.5:
                op = r.choice(ARM_OPS)
                text = f"{op} i8 {a}, {r.randint(0, 7) if op in ('shl', 'lshr', 'ashr') else b}"
            elif k < 0.6:
                text = f"{r.choice(['udiv', 'urem', 'sdiv', 'srem'])} i8 {a}, {r.choice([1, 2, 3, 7, 100, -2, -3, 127])}"
            elif k < 0.7:
                text = f"select i1 {r.choice(['true', 'false'])}, i8 {a}, i8 {b}"
            elif k < 0.78:
                text = f"freeze i8 {a}"
            elif k < 0.86:
                self.emit(f"store {'volatile ' if r.random() < 0.2 else ''}i8 {a}, {slot}, align 1")
                continue
            else:
                text = f"load i8, {slot}, align 1{r.choice(['', '', ', !noundef !0'])}"
            v = self.fresh("%v")
            self.emit(f"{v} = {text}")
            vals.append(v)

    def region(self, vals, depth):
        vals = list(vals)
        for _ in range(self.r.randint(1, 3)):
            self.straight(self.r, vals, self.r.randint(0, 2))
            if depth > 0 and self.budget > 0 and self.r.random() >= 0.3:
                self.budget -= 1
                vals = self.branch(vals, depth)
        return vals

    def branch(self, vals, depth):
        r = self.r
        c = self.fresh("%c")
        trap = None
        if r.random() < 0.25:
            # The then-arm divides by what the branch tests: 0, or -128 / -1.
            d = r.choice(vals)
            if r.random() < 0.5:
                self.emit(f"{c} = icmp ne i8 {d}, 0")
                trap = f"{r.choice(['udiv', 'urem', 'sdiv', 'srem'])} i8 {r.choice(vals)}, {d}"
            else:
                self.emit(f"{c} = icmp ne i8 {d}, -128")
                trap = f"{r.choice(['sdiv', 'srem'])} i8 {d}, -1"
        else:
            self.emit(f"{c} = icmp {r.choice(PREDS)} i8 {r.choice(vals)}, {r.choice(vals + [str(r.choice(CONSTS))])}")
        then, other, join = self.fresh("then"), self.fresh("else"), self.fresh("join")
        triangle = r.random() < 0.3
        shared, prefix = (r.randint(0, 3) if r.random() < 0.6 else 0), r.random()
        # A common tail: drawn only when asked for, so that the plain arms
        # programs stay those of their seeds.
        tail, suffix = (r.randint(1, 3), r.random()) if self.suffix and r.random() < 0.7 else (0, 0.0)
        top = self.cur
        self.emit(f"br i1 {c}, label %{then}, label %{join if triangle else other}")
        outs = []
        for arm in [then] if triangle else [then, other]:
            self.label(arm)
            av = list(vals)
            self.straight(random.Random(prefix), av, shared)
            if trap and arm == then:
                v = self.fresh("%v")
                self.emit(f"{v} = {trap}")
                av.append(v)
            if r.random() < 0.5:
                av = self.region(av, depth - 1)
            else:
                self.straight(r, av, r.randint(0, 2))
            self.straight(random.Random(suffix), av, tail)
            outs.append((self.cur, av))
            self.emit(f"br label %{join}")
        self.label(join)
        if triangle:
            outs.append((top, list(vals)))
        new = list(vals)
        for k in range(r.randint(1, 3)):
            p = self.fresh("%p")
            if tail and k == 0:
                inc = ", ".join(f"[ {av[-1]}, %{b} ]" for b, av in outs)
            else:
                inc = ", ".join(f"[ {r.choice(av[len(vals):] or av) if r.random() < 0.8 else r.choice(av)}, %{b} ]"
                                for b, av in outs)
            self.emit(f"{p} = phi i8 {inc}")
            new.append(p)
        return new


def arms_program(seed, suffix=False):
    """A function of nested ifs over %x, %y and the bytes of @mem; its result
    mixes the last values computed and what @mem holds at the end."""
    g = Arms(seed, suffix)
    g.lines += ["@mem = global [4 x i8] zeroinitializer", "define i32 @f(i8 %x, i8 %y) {"]
    g.label("entry")
    for i in range(4):
        g.emit(f"store i8 {i}, ptr getelementptr (i8, ptr @mem, i64 {i}), align 1")
    vals = g.region(["%x", "%y"], 3)
    acc = "0"
    loads = []
    for i in range(4):
        v = g.fresh("%ml")
        g.emit(f"{v} = load i8, ptr getelementptr (i8, ptr @mem, i64 {i}), align 1")
        loads.append(v)
    for v in vals[-3:] + loads:
        w, m, a = g.fresh("%w"), g.fresh("%m"), g.fresh("%a")
        g.emit(f"{w} = zext i8 {v} to i32")
        g.emit(f"{m} = mul i32 {acc}, 257")
        g.emit(f"{a} = add i32 {m}, {w}")
        acc = a
    g.emit(f"ret i32 {acc}")
    g.lines += ["}", "!0 = !{}"]
    return "\n".join(g.lines) + "\n" + MAIN


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def indirect_program(seed):
    """The DAG program of `seed` with some two-way branches made indirect
    branches on the address of their destination: chosen by a select, by a
    phi of block addresses in a block of its own after a branch to one of
    two forwarding blocks (what threading can see through), or a constant
    address."""
    r = random.Random(seed ^ 0x1b)
    lines = program(seed).split("\n")
    out = []
    renames = {}  # (target block, old predecessor) -> new predecessor
    cur = None
    for line in lines:
        m = re.match(r"^(b\d+):$", line)
        if m:
            cur = m.group(1)
        m = re.match(r"^  br i1 (\S+), label %(b\d+), label %(b\d+)$", line)
        if not m or r.random() < 0.4:
            out.append(line)
            continue
        cond, a, b = m.groups()
        k = cur[1:]
        dests = f"[label %{a}, label %{b}]"
        form = r.random()
        if form < 0.35:
            out.append(f"  %ia{k} = select i1 {cond}, ptr blockaddress(@f, %{a}), ptr blockaddress(@f, %{b})")
            out.append(f"  indirectbr ptr %ia{k}, {dests}")
        elif form < 0.9:
            out.append(f"  br i1 {cond}, label %{cur}.t, label %{cur}.f")
            out.append(f"{cur}.t:")
            out.append(f"  br label %{cur}.ib")
            out.append(f"{cur}.f:")
            out.append(f"  br label %{cur}.ib")
            out.append(f"{cur}.ib:")
            out.append(f"  %ia{k} = phi ptr [ blockaddress(@f, %{a}), %{cur}.t ], [ blockaddress(@f, %{b}), %{cur}.f ]")
            out.append(f"  indirectbr ptr %ia{k}, {dests}")
            renames[(a, cur)] = f"{cur}.ib"
            renames[(b, cur)] = f"{cur}.ib"
        else:
            out.append(f"  indirectbr ptr blockaddress(@f, %{r.choice([a, b])}), {dests}")
    # The phis of the destinations now have the indirect block as predecessor.
    cur = None
    for i, line in enumerate(out):
        m = re.match(r"^(b\d+):$", line)
        if m:
            cur = m.group(1)
        if " = phi " in line and cur:
            for (t, old), new in renames.items():
                if t == cur:
                    line = line.replace(f", %{old} ]", f", %{new} ]")
            out[i] = line
    return "\n".join(out)


EH_HEAD = """declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)
define void @step(i8 %v, i8 %c) {
entry:
  %t = icmp eq i8 %v, %c
  br i1 %t, label %throw, label %back
throw:
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 0, ptr %e
  call void @__cxa_throw(ptr %e, ptr null, ptr null)
  unreachable
back:
  ret void
}
"""


def eh_program(seed):
    """The `arms` program of `seed` with landing-pad exception handling:
    some unconditional branches of @f become invokes of @step, which throws
    when an argument of @f has a chosen value, unwinding to one of a few
    landing pads (catching everything); each pad returns a value of its own,
    or goes on to a return block shared with another pad, and one pad
    nothing reaches."""
    r = random.Random(seed ^ 0xe4)
    out = []
    pads = [f"lp{k}" for k in range(r.randint(1, 3))]
    used = set()
    in_f = False
    for line in arms_program(seed).split("\n"):
        if line == "define i32 @f(i8 %x, i8 %y) {":
            line = "define i32 @f(i8 %x, i8 %y) personality ptr @__gxx_personality_v0 {"
            in_f = True
        m = re.match(r"^  br label %(\S+)$", line)
        if in_f and m and r.random() < 0.6:
            pad = r.choice(pads)
            used.add(pad)
            arg, c = r.choice(["%x", "%y"]), r.choice(CONSTS)
            line = f"  invoke void @step(i8 {arg}, i8 {c}) to label %{m.group(1)} unwind label %{pad}"
        if in_f and line.startswith("  ret i32 "):
            out.append(line)
            for k, pad in enumerate(pads + ["lp.dead"]):
                if pad not in used and pad != "lp.dead":
                    continue
                out.append(f"{pad}:")
                out.append(f"  %{pad}.l = landingpad {{ ptr, i32 }} catch ptr null")
                out.append(f"  %{pad}.p = extractvalue {{ ptr, i32 }} %{pad}.l, 0")
                out.append(f"  %{pad}.b = call ptr @__cxa_begin_catch(ptr %{pad}.p)")
                out.append("  call void @__cxa_end_catch()")
                if r.random() < 0.5:
                    out.append("  br label %lp.ret")
                else:
                    out.append(f"  ret i32 {1000 + k}")
            out.append("lp.ret:")
            out.append("  %lp.z = zext i8 %x to i32")
            out.append("  %lp.r = add i32 %lp.z, 5000")
            out.append("  ret i32 %lp.r")
            in_f = False
            continue
        out.append(line)
    return EH_HEAD + "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pipelines", default=None,
                    help="space-separated pipelines, each run on every program")
    ap.add_argument("--generator", choices=["dag", "arms", "sink", "indirect", "eh"], default="dag",
                    help="dag: branchy DAGs of compares (the default); arms: nested ifs with common code and guarded "
                    "divisions; sink: arms that also end alike; indirect: dag with indirect branches on block "
                    "addresses")
    a = ap.parse_args()
    lli, opt22 = os.environ.get("LLI", "lli-22"), os.environ.get("OPT22", "opt-22")
    if not shutil.which(lli) or not shutil.which(opt22):
        if os.environ.get("CI", "") not in ("", "0", "false"):
            print(f"lli-differential: {lli} and {opt22} are required under CI"); return 1
        print(f"lli-differential: {lli} or {opt22} not found; skipped"); return 0
    keep = os.environ.get("KEEP", os.getcwd())
    defaults = {"dag": "jump-threading hoist sink instsimplify jump-threading,hoist,sink,dce,jump-threading",
                "indirect": "jump-threading jump-threading,dce,jump-threading",
                "eh": "simplifycfg simplifycfg<hoist-common-insts> simplifycfg<sink-common-insts>",
                "arms": "simplifycfg simplifycfg<hoist-common-insts> simplifycfg,simplifycfg<hoist-common-insts>",
                "sink": "simplifycfg<sink-common-insts> simplifycfg<sink-common-insts;hoist-common-insts>"}
    pipelines = (a.pipelines or defaults[a.generator]).split()
    generate = {"arms": arms_program, "sink": lambda s: arms_program(s, True),
                "indirect": indirect_program, "eh": eh_program}.get(a.generator, program)
    work = tempfile.mkdtemp()
    bad = changed = runs = 0
    try:
        src_path, out_path = os.path.join(work, "in.ll"), os.path.join(work, "out.ll")
        for seed in range(a.seed, a.seed + a.programs):
            src = generate(seed)
            with open(src_path, "w") as f:
                f.write(src)
            if run([opt22, "-passes=verify", "-disable-output", src_path]).returncode:
                print(f"seed {seed}: generated an invalid program (generator bug)"); bad += 1; continue
            want = run([lli, src_path]).stdout
            same = run([a.opt_conv, "-S", "-passes=verify", src_path]).stdout
            for p in pipelines:
                runs += 1
                why = judge(a.opt_conv, opt22, lli, src_path, out_path, p, want)
                changed += why is None and open(out_path).read() != same
                if why:
                    bad += 1
                    dst = keep_input(src_path, keep, f"lli-differential-{seed}-{p.replace(',', '_')}.ll")
                    print(f"seed {seed}, -passes={p}: {why} (input kept as {dst})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"lli-differential: {a.programs} programs, {runs} runs ({changed} changed the program), {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
