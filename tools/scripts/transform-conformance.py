#!/usr/bin/env python3
"""LLVM's own transform tests against opt-conv (../shared/conformance-transforms).

For every RUN line of the corpus's MANIFEST.tsv, runs opt-conv with the same
command line (opt's pass names mapped to ours: gvn-hoist -> hoist; opt-only
passes and options are reported, not run) and compares with LLVM 22's recorded
output:

  identical     byte for byte (module name lines aside)
  equivalent    the same once both are printed back by opt-22 -S
  different     otherwise (the report lists them; each needs a reason)
  unsupported   a pass, option or IR construct opt-conv does not have (named)
  both-fail     opt-22 failed and so did we (as required)
  opt22-broke   opt-22's pass broke the module (its verifier failed the run);
                we succeeded with output opt-22 accepts
  FAIL          a crash, output opt-22 rejects, an error where opt-22
                succeeded with passes we have, or success where opt-22 failed

Exit status 1 if any FAIL. usage: transform-conformance.py [OPT_CONV] [--table FILE]
"""
import collections
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CORPUS = os.environ.get("OPT_CONV_TRANSFORMS", os.path.join(ROOT, "..", "shared", "conformance-transforms"))
OPT22 = os.environ.get("OPT22", "opt-22")

# opt's names for what opt-conv does under another name.
RENAMED = {"gvn-hoist": "hoist", "module-inline": "inline", "always-inline": "inline"}
# Options of opt that change nothing opt-conv does (verification knobs and
# debug-info representation switches); dropped from the command line.
NEUTRAL = {"-simplifycfg-require-and-preserve-domtree", "-verify-dom-info", "-verify-loop-info",
           "-verify-memoryssa"}


def run(cmd, stdin=None, cwd=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def strip_names(text):
    return b"\n".join(l for l in text.split(b"\n") if not l.startswith((b"; ModuleID", b"source_filename")))


def reprint(text):
    with tempfile.NamedTemporaryFile(suffix=".ll") as f:
        f.write(text)
        f.flush()
        code, out, _ = run([OPT22, "-S", f.name])
    return strip_names(out) if code == 0 else None


def translate(argv):
    """opt-22's argv -> (opt-conv argv, stdin file, unsupported reason or None)."""
    out, stdin = [], None
    it = iter(argv[1:])
    for a in it:
        if a == "<":
            stdin = next(it)
            continue
        if a.startswith("2>"):  # a shell redirection of the RUN line
            continue
        if a.startswith("-") and a.split("=")[0] in NEUTRAL:
            continue
        if a in ("-passes", "--passes", "-p"):
            a = "-passes=" + next(it)
        if re.match(r"^--?(passes|p)=", a):
            pipe = a.split("=", 1)[1]
            for name in re.findall(r"[a-z][a-z0-9-]*(?:<[^>]*>)?", pipe):
                base = name.split("<")[0]
                if base in RENAMED:
                    pipe = re.sub(r"\b%s\b" % re.escape(base), RENAMED[base], pipe)
            a = "-passes=" + pipe
        out.append(a)
    return out, stdin


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, "target", "release", "opt-conv")
    binary = os.path.abspath(binary)  # the commands run in the corpus's directory
    table_file = sys.argv[sys.argv.index("--table") + 1] if "--table" in sys.argv else None
    manifest = os.path.join(CORPUS, "MANIFEST.tsv")
    ci = os.environ.get("CI", "") not in ("", "0", "false")
    import shutil
    if not os.path.exists(manifest) or shutil.which(OPT22) is None:
        what = manifest if not os.path.exists(manifest) else OPT22
        print(f"transform-conformance: {what} not found; " + ("required under CI" if ci else "skipping"))
        return 1 if ci else 0
    rows = [l.rstrip("\n").split("\t") for l in open(manifest)][1:]
    counts = collections.defaultdict(collections.Counter)
    lines, fails = [], []
    for path, area, command, exit_code, out_file, *_ in rows:
        argv, stdin = translate(shlex.split(command))
        data = open(os.path.join(CORPUS, stdin), "rb").read() if stdin else None
        code, out, err = run([binary] + argv, data, cwd=CORPUS)
        msg = err.decode(errors="replace").strip().split("\n")[0] if err else ""
        if code not in (0, 1):
            verdict = "FAIL"
            detail = f"crash (exit {code}): {msg}"
        elif exit_code != "0" and code != 0:
            verdict, detail = "both-fail", ""
        elif exit_code != "0":
            # opt-22's own pass may break the module (its verifier then
            # fails the run): then our valid output is the better answer.
            _, _, err22 = run(shlex.split(command.replace("opt-22", OPT22, 1)), cwd=CORPUS) if "<" not in command \
                else run([OPT22] + shlex.split(command.split("<")[0])[1:],
                         open(os.path.join(CORPUS, shlex.split(command.split("<")[1])[0]), "rb").read(), cwd=CORPUS)
            broke = re.search(rb"[Bb]roken (module|function) found", err22)
            verdict, detail = ("opt22-broke", err22.decode(errors="replace").split("\n")[0]) if broke \
                else ("FAIL", "opt-22 failed, we did not")
        elif code != 0:
            unknown = re.search(r"unknown (?:\w+ )?pass(?: name)? '([^']*)'|Unknown command line argument '([^']*)'", msg)
            unread = re.search(r"error: ((?:instruction )?'[^']*' (?:\w+ )*(?:is|are) not supported)", msg)
            if unknown:
                verdict, detail = "unsupported", unknown.group(1) or unknown.group(2)
            elif unread:
                verdict, detail = "unsupported", unread.group(1)
            else:
                verdict, detail = "FAIL", msg
        elif "-disable-output" in argv or not out:
            verdict, detail = "identical", "(no output)"
        else:
            ref = open(os.path.join(CORPUS, out_file), "rb").read()
            with tempfile.NamedTemporaryFile(suffix=".ll") as f:
                f.write(out)
                f.flush()
                vcode, _, verr = run([OPT22, "-passes=verify", "-disable-output", f.name])
            # opt only warns about invalid debug info (and strips it): count
            # that as a rejection unless the input's own debug info is.
            if vcode == 0 and b"invalid debug info" in verr:
                _, _, ierr = run([OPT22, "-passes=verify", "-disable-output", os.path.join(CORPUS, path)])
                if b"invalid debug info" not in ierr:
                    vcode = 1
            if vcode != 0:
                verdict, detail = "FAIL", "opt-22 rejects our output: " + verr.decode(errors="replace").split("\n")[0]
            elif strip_names(out) == strip_names(ref):
                verdict, detail = "identical", ""
            elif (ours := reprint(out)) is not None and ours == reprint(ref):
                verdict, detail = "equivalent", ""
            else:
                verdict, detail = "different", ""
        counts[area][verdict] += 1
        line = f"{area}\t{path}\t{' '.join(argv)}\t{verdict}\t{detail}"
        lines.append(line)
        if verdict == "FAIL":
            fails.append(line)
    kinds = ["identical", "equivalent", "different", "unsupported", "both-fail", "opt22-broke", "FAIL"]
    print("| area | RUN lines | " + " | ".join(kinds) + " |")
    print("|---|---:|" + "---:|" * len(kinds))
    total = collections.Counter()
    for area in sorted(counts):
        c = counts[area]
        total.update(c)
        print(f"| {area} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in kinds) + " |")
    print(f"| all | {sum(total.values())} | " + " | ".join(str(total[k]) for k in kinds) + " |")
    unsupported = collections.Counter(l.split("\t")[4] for l in lines if l.split("\t")[3] == "unsupported")
    if unsupported:
        print("\nunsupported: " + ", ".join(f"{k} ({v})" for k, v in unsupported.most_common()))
    for f in fails:
        print("FAIL " + f)
    if table_file:
        with open(table_file, "w") as t:
            t.write("\n".join(lines) + "\n")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
