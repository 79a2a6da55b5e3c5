#!/usr/bin/env python3
"""Robustness on damaged real inputs: takes `.ll` files written elsewhere
(`../shared/realworld`, and LLVM's transform tests in
`../shared/conformance-transforms`), damages each with one small edit (a
line deleted, duplicated or swapped, a word deleted or replaced by one from
elsewhere in the file, a character deleted), and runs opt-conv's pipeline
with `-verify-each` on it.

Judges, per mutant:
* opt-conv exits 0 or 1, within 60 s, and never panics;
* opt-conv accepts the mutant exactly when opt-22 does (`-passes=verify`):
  what LLVM 22 reads, we read, and what it rejects, we reject;
* when accepted, opt-conv's output is accepted by opt-22.

usage: mutate-differential.py OPT_CONV [--mutants N] [--seed S] [--pipeline P]
Exit status 1 on any failure; failing mutants are kept in $KEEP (default:
cwd) as mutant-<seed>-<k>.ll.
"""
import argparse, glob, os, random, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
PIPELINE = "inline,loop-unroll,sink,hoist,jump-threading,simplifycfg,adce"


def inputs():
    found = glob.glob(os.path.join(SHARED, "realworld", "**", "*.ll"), recursive=True)
    found += glob.glob(os.path.join(SHARED, "conformance-transforms", "llvm", "**", "*.ll"), recursive=True)
    return sorted(found)


def mutate(rng, text):
    """One small edit of `text`, or None if it has too few lines."""
    lines = text.split("\n")
    if len(lines) < 3:
        return None
    j = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[j]
    elif kind == 1:
        lines.insert(j, lines[rng.randrange(len(lines))])
    elif kind == 2:
        k = rng.randrange(len(lines))
        lines[j], lines[k] = lines[k], lines[j]
    elif kind in (3, 4):
        words = lines[j].split(" ")
        if kind == 3:
            del words[rng.randrange(len(words))]
        else:
            other = rng.choice(lines).split(" ")
            words[rng.randrange(len(words))] = rng.choice(other)
        lines[j] = " ".join(words)
    elif lines[j]:
        p = rng.randrange(len(lines[j]))
        lines[j] = lines[j][:p] + lines[j][p + 1:]
    return "\n".join(lines)


def accepted_by_opt22(path):
    r = subprocess.run(["opt-22", "-passes=verify", "-disable-output", path], capture_output=True, text=True)
    return r.returncode == 0, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("opt_conv")
    ap.add_argument("--mutants", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pipeline", default=PIPELINE)
    a = ap.parse_args()
    if shutil.which("opt-22") is None:
        print("error: opt-22 not found", file=sys.stderr)
        return 1
    files = inputs()
    if not files:
        print(f"error: no inputs under {SHARED}", file=sys.stderr)
        return 1
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp()
    src, out = os.path.join(work, "in.ll"), os.path.join(work, "out.ll")
    keep = os.environ.get("KEEP", os.getcwd())
    failures = accepted = 0
    for k in range(a.mutants):
        origin = rng.choice(files)
        with open(origin, encoding="utf-8", errors="replace") as f:
            text = mutate(rng, f.read())
        if text is None:
            continue
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        why = None
        try:
            r = subprocess.run([a.opt_conv, "-S", f"-passes={a.pipeline}", "-verify-each", src, "-o", out],
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            r, why = None, "opt-conv took over 60 s"
        if r is not None:
            ok22, err22 = accepted_by_opt22(src)
            if r.returncode not in (0, 1) or "panicked" in r.stderr:
                why = f"opt-conv exited {r.returncode}: {r.stderr.strip()[-300:]}"
            elif (r.returncode == 0) != ok22:
                ours = r.stderr.strip().split("\n")[0][:200] or "accepted"
                theirs = err22.strip().split("\n")[0][:200] if not ok22 else "accepted"
                why = f"acceptance differs: opt-conv: {ours} | opt-22: {theirs}"
            elif r.returncode == 0:
                accepted += 1
                ok_out, err_out = accepted_by_opt22(out)
                if not ok_out:
                    why = f"output rejected by opt-22: {err_out.strip()[:300]}"
        if why:
            failures += 1
            kept = os.path.join(keep, f"mutant-{a.seed}-{k}.ll")
            shutil.copy(src, kept)
            print(f"{kept} (from {os.path.relpath(origin, SHARED)}): {why}")
    shutil.rmtree(work)
    print(f"mutate-differential: {a.mutants} mutants ({accepted} accepted by both), {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
