#!/usr/bin/env python3
"""Differential testing of jump threading on looped code against LLVM's own
interpreter: random functions of two i8 arguments whose blocks carry three
values round loops in phis (of each other, of constants, of the arguments),
branch or switch on compares of those phis and on arithmetic, casts,
selects and freezes of them, loop back directly (self-loops) or through
latches, and reach blocks along several edges from one predecessor. Every
block spends fuel, so each program ends. lli-22 runs each program on a grid
of inputs before and after each pipeline; the printed checksums must agree.

usage: lli-loop-differential.py [OPT_CONV] [--programs N] [--seed S] [--pipelines 'P1 P2,P3 ...']
                               [--convergent] [--print] [--opt-arg ARG ...]
`--convergent` adds subgroup reductions and an amdgcn triple and judges
with the SIMT executor (`simt-run --equiv`) instead of lli-22.
`--opt-arg ARG` (repeatable) passes ARG to every run of opt-conv, e.g.
`--opt-arg=-jump-threading-across-loop-headers`.
Exit status 1 on any miscompile, crash or output opt-22 rejects.
"""
import argparse, importlib.util, os, random, subprocess, sys, tempfile

from lli_judge import differential

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
_spec = importlib.util.spec_from_file_location("lli_differential", os.path.join(HERE, "lli-differential.py"))
_base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_base)
MAIN = _base.MAIN
PREDS = ["eq","ne","ult","ule","ugt","uge","slt","sle","sgt","sge"]
CONSTS = [0,1,2,3,5,-1,-2,7,100,-128,127]
def function(seed, flags=False, conv=False):
    """The text of @f(i8, i8) for `seed` (`flags`: poison-generating flags
    too, whose poison lli-22 does not see: its differences need reading)."""
    r = random.Random(seed)
    n = r.randint(3, 8)
    NV = 3
    T = r.choice(["i8","i8","i32","i1"])
    names = [f"B{k}" for k in range(n)]
    preds = {nm: [] for nm in names + ["exit"]}
    guards = []
    term = {}
    for k in range(n):
        succ = []
        for _ in range(2):
            t = r.random()
            if t < 0.6 and k + 1 < n: tgt = names[r.randint(k+1, n-1)]
            elif t < 0.75: tgt = "exit"
            elif t < 0.85: tgt = names[k]  # self loop (direct)
            else: tgt = names[r.randint(0, n-1)]
            succ.append(tgt)
        if succ[0] == names[k] and succ[1] == names[k]:
            succ[1] = "exit"
        term[k] = succ
    # every edge to a block with index <= k is a back edge; route some via guard, self loops direct
    outv = {}
    # Build textual blocks lazily; first decide real predecessor labels.
    real_succ = {}
    for k in range(n):
        rs = []
        for j, tgt in enumerate(term[k]):
            if tgt != "exit" and names.index(tgt) <= k and not (tgt == names[k] and r.random() < 0.6):
                g = f"G{k}_{j}"
                guards.append((g, names[k], tgt))
                preds[tgt].append(g)
                rs.append(g)
            else:
                preds[tgt].append(names[k])
                rs.append(tgt)
        real_succ[k] = rs
    preds["B0"].insert(0, "entry")
    def const(ty):
        if ty == "i1": return r.choice(["true","false"])
        return str(r.choice(CONSTS)) if ty == "i8" else str(r.choice(CONSTS + [1000, -70000]))
    def inc(lbl, v, ty):
        if lbl == "entry":
            return r.choice(["%x","%y",const(ty)]) if ty != "i1" else r.choice(["%xb","%yb",const(ty)])
        if r.random() < 0.4: return const(ty)
        return outv[(lbl, v)]
    text = []
    text.append(f"define i32 @f(i8 %x8, i8 %y8) {{")
    text.append("entry:")
    if T == "i1":
        text.append("  %xb = trunc i8 %x8 to i1\n  %yb = trunc i8 %y8 to i1\n  %x = zext i8 %x8 to i32\n  %y = zext i8 %y8 to i32")
    elif T == "i8":
        text.append("  %x = add i8 %x8, 0\n  %y = add i8 %y8, 0")
    else:
        text.append("  %x = sext i8 %x8 to i32\n  %y = zext i8 %y8 to i32")
    text.append("  br label %B0")
    for k in range(n):
        b = names[k]
        text.append(f"{b}:")
        text.append(("PHIS", b))  # filled in once every edge is known

        text.append(f"  %{b}.fuel = sub i32 %{b}.f, 1")
        vals = [f"%{b}.s{v}" for v in range(NV)]
        # arithmetic
        cnt = 0
        def fresh():
            nonlocal cnt
            cnt += 1
            return f"%{b}.t{cnt}"
        for _ in range(r.choice([0,0,0,1,2,3])):
            a, c = r.choice(vals), r.choice(vals + [const(T)])
            op = r.choice(["add","sub","mul","and","or","xor","shl","lshr","ashr","udiv","select","trunc"])
            t = fresh()
            fl = ""
            if flags and op in ("add","sub","mul","shl") and r.random() < 0.5: fl = r.choice([" nuw"," nsw"," nuw nsw"])
            if flags and op in ("lshr","ashr","udiv") and r.random() < 0.5: fl = " exact"
            if op in ("shl","lshr","ashr"):
                c = str(r.randint(0, 7 if T=="i8" else (0 if T=="i1" else 31)))
            if op == "udiv":
                c = r.choice(["1","2","3","7"]) if T != "i1" else "1"
            if op == "select":
                q = fresh()
                text.append(f"  {q} = icmp {r.choice(PREDS)} {T} {r.choice(vals)}, {r.choice(vals+[const(T)])}")
                text.append(f"  {t} = select i1 {q}, {T} {a}, {T} {c}")
            elif op == "trunc" and T != "i1":
                q = fresh()
                text.append(f"  {q} = trunc {T} {a} to i1")
                ext = r.choice(["zext","sext"])
                text.append(f"  {t} = {ext} i1 {q} to {T}")
            else:
                if op == "trunc": op = "xor"
                text.append(f"  {t} = {op}{fl} {T} {a}, {c}")
            vals.append(t)
        if conv and r.random() < 0.6:
            a = r.choice(vals)
            z, cv, back = fresh(), fresh(), fresh()
            if T == "i32": text.append(f"  {z} = add i32 {a}, 0")
            else: text.append(f"  {z} = zext {T} {a} to i32")
            text.append(f"  {cv} = call i32 @subgroup_add(i32 {z})")
            if T == "i32": text.append(f"  {back} = add i32 {cv}, 0")
            else: text.append(f"  {back} = trunc i32 {cv} to {T}")
            vals.append(back)
        # condition
        kind = r.random()
        pv = [f"%{b}.s{v}" for v in range(NV)]
        if kind < 0.5:
            cond = fresh()
            text.append(f"  {cond} = icmp {r.choice(PREDS)} {T} {r.choice(pv)}, {r.choice(pv + [const(T)])}")
        elif kind < 0.7:
            cond = fresh()
            text.append(f"  {cond} = icmp {r.choice(PREDS)} {T} {r.choice(vals)}, {r.choice(vals + [const(T)])}")
        elif kind < 0.85:
            c1, c2, cond = fresh(), fresh(), fresh()
            text.append(f"  {c1} = icmp {r.choice(PREDS)} {T} {r.choice(pv)}, {r.choice(pv + [const(T)])}")
            text.append(f"  {c2} = icmp {r.choice(PREDS)} {T} {r.choice(vals)}, {r.choice(vals + [const(T)])}")
            text.append(f"  {cond} = {r.choice(['and','or','xor'])} i1 {c1}, {c2}")
        else:
            c1, cond = fresh(), fresh()
            text.append(f"  {c1} = icmp {r.choice(PREDS)} {T} {r.choice(pv)}, {r.choice(vals + [const(T)])}")
            text.append(f"  {cond} = freeze i1 {c1}")
        # outgoing state: permute/choose
        for v in range(NV):
            outv[(b, v)] = r.choice(vals) if r.random() < 0.5 else f"%{b}.s{v}"
        outv[(b, 'f')] = f"%{b}.fuel"
        s0, s1 = real_succ[k]
        selfloop = names[k] in (s0, s1)
        if selfloop:
            ok = fresh()
            text.append(f"  {ok} = icmp sgt i32 %{b}.fuel, 0")
            # if fuel exhausted, take the non-self arm; if both self, go to exit through a guard-like extra
            if s0 == names[k] and s1 == names[k]:
                cc = fresh()
                text.append(f"  {cc} = and i1 {cond}, {ok}")
                # cannot leave: switch second to exit
                preds["exit"].append(b)
                text.append(f"  br i1 {ok}, label %{b}, label %exit")
                continue
            cc = fresh()
            if s0 == names[k]:
                text.append(f"  {cc} = select i1 {ok}, i1 {cond}, i1 false")
            else:
                text.append(f"  {cc} = select i1 {ok}, i1 {cond}, i1 true")
            if r.random() < 0.5:
                cond = cc
            else:
                # keep plain cond but branch through; fuel guard via a separate test
                cond = cc
        if not selfloop and T != "i1" and r.random() < 0.35:
            sv = r.choice(vals)
            k1, k2 = const(T), const(T)
            if k1 == k2: k2 = str(int(k1) + 1) if int(k1) < 100 else "0"
            if r.random() < 0.3:
                text.append(f"  switch {T} {sv}, label %{s1} [ {T} {k1}, label %{s0}\n    {T} {k2}, label %{s0} ]")
                if s0.startswith("G"):
                    text[-1] = f"  switch {T} {sv}, label %{s1} [ {T} {k1}, label %{s0} ]"
                else:
                    preds[s0].append(b)
            else:
                text.append(f"  switch {T} {sv}, label %{s1} [ {T} {k1}, label %{s0} ]")
        else:
            text.append(f"  br i1 {cond}, label %{s0}, label %{s1}")
    for g, src, tgt in guards:
        text.append(f"{g}:")
        text.append(f"  %{g}.ok = icmp sgt i32 %{src}.fuel, 0")
        for v in range(NV):
            outv[(g, v)] = outv[(src, v)]
        outv[(g, 'f')] = outv[(src, 'f')]
        preds["exit"].append(g)
        text.append(f"  br i1 %{g}.ok, label %{tgt}, label %exit")
    # exit: phi of hash
    ps = preds["exit"]
    if not ps:
        return None
    text.append("exit:")
    for v in range(NV):
        inl = ", ".join(f"[ {outv[(p, v)]}, %{p} ]" for p in ps)
        text.append(f"  %e{v} = phi {T} {inl}")
    uniq = list(dict.fromkeys(ps))
    idl = ", ".join(f"[ {uniq.index(p)+1}, %{p} ]" for p in ps)
    text.append(f"  %eid = phi i32 {idl}")
    acc = "%eid"
    for v in range(NV):
        text.append(f"  %z{v} = {'sext' if T!='i32' else 'add'} {T} %e{v} {'to i32' if T!='i32' else ', 0'}")
        text.append(f"  %m{v} = mul i32 {acc}, 131")
        text.append(f"  %h{v} = add i32 %m{v}, %z{v}")
        acc = f"%h{v}"
    text.append(f"  ret i32 {acc}")
    text.append("}")
    final = []
    for t in text:
        if isinstance(t, tuple):
            b = t[1]; ps = preds[b]
            for v in range(NV):
                memo = {}
                for p in ps:
                    if p not in memo: memo[p] = inc(p, v, T)
                inl = ", ".join(f"[ {memo[p]}, %{p} ]" for p in ps)
                if ps: final.append(f"  %{b}.s{v} = phi {T} {inl}")
                else: final.append(f"  %{b}.s{v} = {'add' if T!='i1' else 'xor'} {T} {const(T)}, {'0' if T!='i1' else 'false'}")
            fin = ", ".join(f"[ {'20' if p=='entry' else outv[(p,'f')]}, %{p} ]" for p in ps)
            final.append(f"  %{b}.f = phi i32 {fin}" if ps else f"  %{b}.f = add i32 20, 0")
        else:
            final.append(t)
    text = final
    hdr = ""
    if conv:
        hdr = 'target triple = "amdgcn-amd-amdhsa"\ndeclare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)\n'
    return hdr + "\n".join(text) + "\n"


def program(seed):
    """@f and the driver calling it on the input grid."""
    return function(seed) + MAIN


def convergent(opt_conv, first_seed, programs, pipelines, opt_args=()):
    simt = os.path.join(os.path.dirname(opt_conv), "simt-run")
    if not os.path.isfile(simt):
        print(f"error: {simt} not found: build it beside opt-conv (cargo build --release -p opt-conv-simt)",
              file=sys.stderr)
        return 1
    work = tempfile.mkdtemp()
    src, out = os.path.join(work, "in.ll"), os.path.join(work, "out.ll")
    bad = 0
    for seed in range(first_seed, first_seed + programs):
        with open(src, "w") as f:
            f.write(function(seed, conv=True))
        for p in pipelines:
            r = subprocess.run([opt_conv, "-S", f"-passes={p}", "-verify-each", *opt_args, src, "-o", out],
                               capture_output=True, text=True)
            why = None
            if r.returncode:
                why = f"opt-conv failed: {r.stderr.strip()[:300]}"
            elif subprocess.run(["opt-22", "-passes=verify", "-disable-output", out], capture_output=True).returncode:
                why = "output rejected by opt-22"
            else:
                r = subprocess.run([simt, "--func", "f", "--threads", "8", "--args", "rand", "--equiv", src, out,
                                    "--trials", "30"], capture_output=True, text=True, timeout=300)
                if r.returncode:
                    why = "not equivalent: " + (r.stdout + r.stderr).strip()[-300:]
            if why:
                bad += 1
                print(f"seed {seed} ({p}): {why}")
    print(f"lli-loop-differential --convergent: {programs} programs, {bad} failures")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv", nargs="?", default=os.path.join(ROOT, "target", "release", "opt-conv"))
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pipelines", default="jump-threading jump-threading,simplifycfg",
                    help="space-separated pipelines, each run on every program")
    ap.add_argument("--convergent", action="store_true")
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    ap.add_argument("--opt-arg", action="append", default=[], metavar="ARG",
                    help="an option for every run of opt-conv (repeatable; write --opt-arg=-flag)")
    a = ap.parse_args()
    if a.print:
        print(function(a.seed, conv=a.convergent) if a.convergent else program(a.seed))
        return 0
    if a.convergent:
        return convergent(a.opt_conv, a.seed, a.programs, a.pipelines.split(), a.opt_arg)
    return differential("lli-loop-differential", a.opt_conv, a.seed, a.programs, program, a.pipelines.split(),
                        opt_args=a.opt_arg)


if __name__ == "__main__":
    sys.exit(main())
