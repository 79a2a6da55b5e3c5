#!/usr/bin/env python3
"""Runs a command and writes its CPU seconds (user, system, to the
microsecond) and peak resident set (KB) to a file: `rusage.py OUT CMD...`.

/usr/bin/time rounds CPU time to 10 ms, which is a sixth of a 0.06 s run:
too coarse to say how a run's time grows from 100k to 1M instructions.
Exits with the command's status (124 and the like pass through)."""
import os
import subprocess
import sys

out, cmd = sys.argv[1], sys.argv[2:]
child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
with open(out, "w") as f:
    f.write(f"{usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
