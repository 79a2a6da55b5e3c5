#!/usr/bin/env python3
"""Random HLSL compute kernels, compiled by clang-22, through whole pipelines.

Each kernel is structured code (loops with breaks and continues, switches,
early returns from helper functions) with wave operations scattered in it.
clang-22 compiles it for Vulkan SPIR-V, whose IR carries clang's own
convergence tokens, and for DXIL (implicit convergence, resource handles
restricted like tokens), each at -O0 (optnone off), -O2 before LLVM's passes,
and -O1. For every build:
  - opt-conv reads it exactly when opt-22 does (clang itself sometimes emits
    IR both reject: a loop intrinsic after a convergent call);
  - each pipeline runs with -verify-each and its output loads in opt-22.
This checks robustness and validity on IR we did not write. With `--judge`,
the SIMT judge (`simt-run --equiv`, which models the kernels' resources,
thread ids and wave operations) also checks that each pipeline's output does
only what its input allows; a "not equivalent" verdict is a failure, and
inputs the judge cannot run are counted, with their reasons.

usage: hlsl-pipelines.py [OPT_CONV] [--programs N] [--seed S] [--kernel FILE.hlsl]
                         [--judge] [--trials T] [--simt-run PATH]
`--kernel` runs one given kernel instead of random ones (to replay a failure).
Exit status 1 on any failure; failing inputs are kept in $KEEP (default:
cwd) with the command that failed. Needs clang-22 and opt-22 on PATH.
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
HEADER_DIR = os.path.join(ROOT, "tests", "kernels", "hlsl")
TARGETS = ["spirv-unknown-vulkan1.3-compute", "dxil-pc-shadermodel6.6-compute"]
LEVELS = [["-O0", "-Xclang", "-disable-O0-optnone"], ["-O2", "-Xclang", "-disable-llvm-passes"], ["-O1"]]
PIPELINES = [
    "inline,loop-unroll,sink,hoist,jump-threading,simplifycfg,dce,globaldce",
    "inline,simplifycfg,jump-threading,loop-unroll,hoist,sink,globaldce",
    "inline,loop-unroll,loop-unroll,jump-threading,sink",
]
WAVE_OPS = [
    "WaveActiveSum({e})", "WaveActiveMax({e})", "WaveActiveMin({e})", "WaveReadLaneAt({e}, {c})",
    "WaveActiveCountBits(({e}) > {c})", "(WaveActiveAnyTrue(({e}) == {c}) ? 1u : 0u)",
    "(WaveActiveAllTrue(({e}) != {c}) ? 2u : 3u)", "(WaveIsFirstLane() ? 5u : ({e}))",
    "WaveActiveBallot(({e}) > {c}).x",
]


class Kernel:
    """One random kernel: `main` and up to two helpers it may call."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.fresh = 0
        self.helpers = []

    def name(self, stem):
        self.fresh += 1
        return f"{stem}{self.fresh}"

    def expr(self, vs, depth=0):
        r = self.r
        k = r.randrange(7 if depth < 2 else 3)
        if k == 1:
            return f"{r.randrange(16)}u"
        if k == 3:
            return f"({self.expr(vs, depth + 1)} + {self.expr(vs, depth + 1)})"
        if k == 4:
            return f"({self.expr(vs, depth + 1)} & {r.randrange(1, 16)}u)"
        if k == 5 and depth < 1:
            return r.choice(WAVE_OPS).format(e=self.expr(vs, depth + 1), c=r.randrange(8))
        if k == 6 and self.helpers and depth < 1:
            return f"{r.choice(self.helpers)}({self.expr(vs, depth + 1)})"
        if k >= 5:
            return f"({self.expr(vs, depth + 1)} ^ {r.choice(vs)})"
        return r.choice(vs)

    def cond(self, vs):
        r = self.r
        return f"(({self.expr(vs, 1)}) % {r.randrange(2, 5)}u) {r.choice(['==', '!=', '<'])} {r.randrange(3)}u"

    def block(self, vs, depth, indent, in_loop, in_helper):
        r = self.r
        pad = "  " * indent
        emit = self.lines.append
        for _ in range(r.randrange(1, 4)):
            k = r.randrange(9)
            if k <= 2 or depth > 2:
                emit(f"{pad}{r.choice(vs)} = {self.expr(vs)};")
            elif k == 3:
                emit(f"{pad}if ({self.cond(vs)}) {{")
                self.block(vs, depth + 1, indent + 1, in_loop, in_helper)
                if r.randrange(2):
                    emit(f"{pad}}} else {{")
                    self.block(vs, depth + 1, indent + 1, in_loop, in_helper)
                emit(f"{pad}}}")
            elif k == 4:
                i = self.name("i")
                bound = f"{r.randrange(1, 6)}u" if r.randrange(2) else f"({r.choice(vs)} % 5u)"
                emit(f"{pad}for (uint {i} = 0; {i} < {bound}; {i}++) {{")
                self.block(vs + [i], depth + 1, indent + 1, True, in_helper)
                emit(f"{pad}}}")
            elif k == 5:
                c = self.name("c")
                emit(f"{pad}uint {c} = 0;")
                emit(f"{pad}while ({c} < 4u) {{")
                emit(f"{pad}  {c}++;")
                self.block(vs, depth + 1, indent + 1, True, in_helper)
                emit(f"{pad}}}")
            elif k == 6 and in_loop:
                emit(f"{pad}if ({self.cond(vs)}) {r.choice(['break', 'continue'])};")
            elif k == 7 and in_helper:
                emit(f"{pad}if ({self.cond(vs)}) return {self.expr(vs)};")
            elif k == 8:
                emit(f"{pad}switch ({r.choice(vs)} % 4u) {{")
                for case in range(r.randrange(1, 3)):
                    emit(f"{pad}case {case}u: {{")
                    self.block(vs, depth + 1, indent + 1, in_loop, in_helper)
                    emit(f"{pad}  break; }}")
                emit(f"{pad}default: {{")
                self.block(vs, depth + 1, indent + 1, in_loop, in_helper)
                emit(f"{pad}  break; }}")
                emit(f"{pad}}}")
            else:
                emit(f"{pad}{r.choice(vs)} += {self.expr(vs)};")

    def text(self):
        emit = self.lines.append
        emit('#include "hlsl.h"')
        emit("RWStructuredBuffer<uint> Out : register(u0);")
        for k in range(self.r.randrange(3)):
            name = f"helper{k}"
            emit(f"uint {name}(uint a) {{")
            emit("  uint b = a * 3u;")
            self.block(["a", "b"], 0, 1, False, True)
            emit("  return a + b;")
            emit("}")
            self.helpers.append(name)
        emit("[numthreads(64, 1, 1)]")
        emit("void main(uint3 id : SV_DispatchThreadID) {")
        emit("  uint x = id.x;")
        emit("  uint y = WaveGetLaneIndex();")
        emit("  uint z = 0;")
        self.block(["x", "y", "z"], 0, 1, False, False)
        emit("  Out[id.x] = x + y + z;")
        emit("}")
        return "\n".join(self.lines) + "\n"


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stderr


def judge(simt_run, before, after, trials):
    """None when the judge finds `after` equivalent to `before`; else its
    verdict: the whole report when not equivalent, else the reason it could
    not check (with the file-specific parts left out, so reasons group)."""
    p = subprocess.run([simt_run, "--func", "main", "--threads", "8", "--trials", str(trials),
                        "--equiv", before, after], capture_output=True, text=True)
    if p.returncode == 0:
        return None
    if p.stderr.startswith("not equivalent"):
        return p.stderr
    lines = [l for l in p.stderr.splitlines() if l.strip() and not l.lstrip().startswith("thread ")]
    why = next((l for l in lines if l.startswith("cannot run")), lines[-1] if lines else "?")
    return re.sub(r"region\d+|@\S+|%\S+|\d+", "N", why.strip())[:160]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernel", help="an HLSL file to run instead of random kernels")
    ap.add_argument("--judge", action="store_true", help="judge each pipeline's output with simt-run --equiv")
    ap.add_argument("--trials", type=int, default=20, help="trials of each --judge check")
    ap.add_argument("--simt-run", dest="simt_run", help="the judge (default: simt-run next to OPT_CONV)")
    a = ap.parse_args()
    simt_run = a.simt_run or os.path.join(os.path.dirname(os.path.abspath(a.opt_conv)), "simt-run")
    if a.judge and not os.path.exists(simt_run):
        sys.exit(f"hlsl-pipelines: {simt_run} not found (cargo build --release -p opt-conv-simt)")
    if a.kernel:
        a.programs = 1
    for tool in ["clang-22", "opt-22"]:
        if not shutil.which(tool):
            sys.exit(f"hlsl-pipelines: {tool} not found (apt-get install llvm-22 clang-22)")
    keep = os.environ.get("KEEP", os.getcwd())
    failures = builds = both_reject = judged = 0
    unjudged = {}
    with tempfile.TemporaryDirectory() as work:
        for seed in range(a.seed, a.seed + a.programs):
            src = os.path.join(work, f"k{seed}.hlsl")
            with open(src, "w") as f:
                if a.kernel:
                    with open(a.kernel) as given:
                        f.write(given.read())
                else:
                    f.write(Kernel(seed).text())
            for target in TARGETS:
                for level in LEVELS:
                    ll = os.path.join(work, "in.ll")
                    compile_cmd = ["clang-22", "-x", "hlsl", "-hlsl-entry", "main", "-target", target,
                                   f"-I{HEADER_DIR}", *level, "-S", "-emit-llvm", src, "-o", ll]
                    code, err = run(compile_cmd)
                    if code != 0:
                        sys.exit(f"hlsl-pipelines: clang-22 failed on seed {seed}: {err}")
                    builds += 1
                    ours, our_err = run([a.opt_conv, "-passes=verify", "-disable-output", ll])
                    theirs, _ = run(["opt-22", "-passes=verify", "-disable-output", ll])
                    problems = []
                    if (ours == 0) != (theirs == 0):
                        problems.append(("-passes=verify", f"opt-22 exit {theirs}, ours {ours}: {our_err[:300]}"))
                    elif ours != 0:
                        both_reject += 1
                        continue
                    for passes in PIPELINES if not problems else []:
                        out = os.path.join(work, "out.ll")
                        code, err = run([a.opt_conv, f"-passes={passes}", "-verify-each", "-S", ll, "-o", out])
                        if code != 0:
                            problems.append((passes, f"opt-conv failed: {err[:300]}"))
                            continue
                        code, err = run(["opt-22", "-passes=verify", "-disable-output", out])
                        if code != 0:
                            problems.append((passes, f"opt-22 rejects the output: {err[:300]}"))
                            continue
                        if a.judge:
                            verdict = judge(simt_run, ll, out, a.trials)
                            if verdict is None:
                                judged += 1
                            elif verdict.startswith("not equivalent"):
                                kept_out = os.path.join(
                                    keep, f"hlsl-fail-{seed}-{TARGETS.index(target)}-{LEVELS.index(level)}"
                                    f"-p{PIPELINES.index(passes)}.after.ll")
                                shutil.copy(out, kept_out)
                                problems.append((passes, f"the judge finds the output not equivalent (after: "
                                                         f"{kept_out}):\n{verdict}"))
                            else:
                                unjudged[verdict] = unjudged.get(verdict, 0) + 1
                    for passes, why in problems:
                        failures += 1
                        kept = os.path.join(keep, f"hlsl-fail-{seed}-{TARGETS.index(target)}-{LEVELS.index(level)}.ll")
                        shutil.copy(ll, kept)
                        print(f"FAIL seed {seed} {target} {' '.join(level)} -passes={passes}: {why.strip()}")
                        print(f"  kept {kept}")
    print(f"hlsl-pipelines: {a.programs} kernels, {builds} builds ({both_reject} rejected by both, as clang "
          f"emitted them), {len(PIPELINES)} pipelines each: {failures} failures")
    if a.judge:
        print(f"  judged equivalent: {judged} outputs; not judged: {sum(unjudged.values())}")
        for why, n in sorted(unjudged.items(), key=lambda kv: -kv[1]):
            print(f"    {n} x {why}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
