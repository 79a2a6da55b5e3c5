"""What the lli-22 differential scripts share: running a command, and
judging one pipeline on one program against what lli-22 printed for it."""

import os, shutil, subprocess


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


def judge(opt_conv, opt22, lli, src_path, out_path, pipeline, want, opt_args=()):
    """Runs `pipeline` on `src_path` (with -verify-each and `opt_args`, more
    options of opt-conv) into `out_path`; returns why it failed (None when
    lli-22 prints `want` again)."""
    r = run([opt_conv, "-S", f"-passes={pipeline}", "-verify-each", *opt_args, src_path, "-o", out_path])
    if r.returncode:
        return f"opt-conv failed: {r.stderr.strip()[:300]}"
    if run([opt22, "-passes=verify", "-disable-output", out_path]).returncode:
        return "output rejected by opt-22"
    got = run([lli, out_path]).stdout
    if got != want:
        return f"miscompile: {' '.join(want.split())} before, {' '.join(got.split())} after"
    return None


def keep_input(src_path, keep, name):
    """Copies a failing input to `keep/name`; returns that path."""
    dst = os.path.join(keep, name)
    shutil.copy(src_path, dst)
    return dst


def differential(name, opt_conv, first_seed, programs, program, pipelines, changed=None, lli_timeout=None,
                 opt_args=()):
    """Runs each of `pipelines` on `program(seed)` for `programs` seeds from
    `first_seed`, judged by lli-22 and opt-22's verifier; prints failures
    (keeping their inputs in $KEEP, default the working directory) and a
    summary; returns the exit status. `changed(src, out)` says whether a
    run changed the program (default: any change of the printed text). A
    program lli-22 does not finish within `lli_timeout` seconds is skipped;
    one that no longer finishes after a pass is a failure. `opt_args` are
    more options for every run of opt-conv."""
    import tempfile
    lli, opt22 = os.environ.get("LLI", "lli-22"), os.environ.get("OPT22", "opt-22")
    if not shutil.which(lli) or not shutil.which(opt22):
        if os.environ.get("CI", "") not in ("", "0", "false"):
            print(f"{name}: {lli} and {opt22} are required under CI")
            return 1
        print(f"{name}: {lli} or {opt22} not found; skipped")
        return 0
    keep = os.environ.get("KEEP", os.getcwd())
    work = tempfile.mkdtemp()
    bad = n_changed = runs = skipped = 0
    try:
        src_path, out_path = os.path.join(work, "in.ll"), os.path.join(work, "out.ll")
        for seed in range(first_seed, first_seed + programs):
            src = program(seed)
            with open(src_path, "w") as f:
                f.write(src)
            v = run([opt22, "-passes=verify", "-disable-output", src_path])
            if v.returncode:
                print(f"seed {seed}: generated an invalid program (generator bug): {v.stderr.strip()[:300]}")
                bad += 1
                continue
            try:
                want = subprocess.run([lli, src_path], capture_output=True, text=True,
                                      timeout=lli_timeout or 120).stdout
            except subprocess.TimeoutExpired:
                skipped += 1
                continue
            printed = None
            if changed is None:
                run([opt_conv, "-S", "-passes=verify", src_path, "-o", out_path])
                printed = open(out_path).read()
            for p in pipelines:
                runs += 1
                try:
                    why = judge(opt_conv, opt22, lli, src_path, out_path, p, want, opt_args)
                except subprocess.TimeoutExpired:
                    why = "does not end after the pass"
                if why is None:
                    out = open(out_path).read()
                    n_changed += changed(src, out) if changed else out != printed
                else:
                    bad += 1
                    dst = keep_input(src_path, keep, f"{name}-{seed}-{p.replace(',', '_')}.ll")
                    print(f"seed {seed}, -passes={p}: {why} (input kept as {dst})", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    skip = f" ({skipped} skipped: no end)" if skipped else ""
    print(f"{name}: {programs} programs{skip}, {runs} runs ({n_changed} changed the program), {bad} failures")
    return 1 if bad else 0
