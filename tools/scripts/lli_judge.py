"""What the lli-22 differential scripts share: running a command, and
judging one pipeline on one program against what lli-22 printed for it."""

import os, shutil, subprocess


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


def judge(opt_conv, opt22, lli, src_path, out_path, pipeline, want):
    """Runs `pipeline` on `src_path` (with -verify-each) into `out_path`;
    returns why it failed (None when lli-22 prints `want` again)."""
    r = run([opt_conv, "-S", f"-passes={pipeline}", "-verify-each", src_path, "-o", out_path])
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
