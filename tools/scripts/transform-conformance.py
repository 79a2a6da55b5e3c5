#!/usr/bin/env python3
"""LLVM's own transform tests against opt-conv (../shared/conformance-transforms).

For every RUN line of the corpus's MANIFEST.tsv, runs opt-conv with the same
command line (opt's pass names mapped to ours: gvn-hoist -> hoist, inliner-wrapper -> inline; opt-only
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

Every "different" and "unsupported" line needs a row in
transform-differences.tsv (next to this script) saying why: a legal
difference, a missing feature, a bug, or what is unsupported.  The report
counts the classes per pass, ranks the missing features by the RUN lines each
would unlock, and lists lines without a row ("unexplained") and rows that no
longer fit ("stale": the line became identical, or changed verdict).

Exit status 1 if any FAIL (with --strict-explained, also if any line is
unexplained or stale).

usage: transform-conformance.py [OPT_CONV] [--table FILE] [--explained TSV]
         [--strict-explained] [--top N] [--upstream-checks] [--dump-diffs DIR]
         [--show-diff FILE:RUN]

  --table FILE       one line per RUN line: area, file, run, our command, verdict, detail, class, reason
  --show-diff F:R    run only the R-th opt RUN line (1-based) of the file whose
                     path ends in F and print the diff of LLVM 22's output
                     against ours (both printed back by opt-22 -S)
  --dump-diffs DIR   write that diff for every "different" line into DIR
  --top N            how many features the rankings list (15)
  --upstream-checks  for each "different" line, also run the upstream test's
                     own FileCheck on our output (the stored tests are often
                     newer than LLVM 22: a PASS hints that upstream now does
                     what we do); shown in --table's detail column
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
FILECHECK = os.environ.get("FILECHECK", "FileCheck-22")

# opt's names for what opt-conv does under another name.
RENAMED = {"gvn-hoist": "hoist", "module-inline": "inline", "inliner-wrapper": "inline"}
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


def evaluate(binary, path, command, exit_code, out_file):
    """Runs one MANIFEST row with opt-conv: (argv, verdict, detail, our output, LLVM 22's output)."""
    argv, stdin = translate(shlex.split(command))
    data = open(os.path.join(CORPUS, stdin), "rb").read() if stdin else None
    code, out, err = run([binary] + argv, data, cwd=CORPUS)
    ref = open(os.path.join(CORPUS, out_file), "rb").read()
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
    return argv, verdict, detail, out if code == 0 else err, ref


def show_diff(ours, ref, label):
    """A unified diff of our output against LLVM 22's, both printed back by opt-22 -S when it can."""
    import difflib
    a = reprint(ours) or strip_names(ours)
    b = reprint(ref) or strip_names(ref)
    return "".join(difflib.unified_diff(b.decode(errors="replace").splitlines(True),
                                        a.decode(errors="replace").splitlines(True),
                                        f"llvm22/{label}", f"opt-conv/{label}", n=2))


def run_lines(text):
    """The RUN: commands of a test file, `\\`-continued lines joined."""
    out, cur = [], None
    for line in text.splitlines():
        m = re.search(r"\bRUN:(.*)$", line)
        if not m:
            continue
        cur = m.group(1).strip() if cur is None else cur + " " + m.group(1).strip()
        if cur.endswith("\\"):
            cur = cur[:-1].rstrip()
            continue
        out.append(cur)
        cur = None
    return out


def upstream_check(path, n, out):
    """Whether the upstream test's own FileCheck accepts our output of its n-th
    opt RUN line: PASS, FAIL, or NA (no FileCheck there, or no FileCheck-22)."""
    import shutil
    opt_runs = [r for r in run_lines(open(os.path.join(CORPUS, path), errors="replace").read())
                if re.match(r"^(not\s+(--crash\s+)?)?opt\b", r)]
    if n > len(opt_runs) or shutil.which(FILECHECK) is None:
        return "NA"
    checks = [seg.strip() for seg in opt_runs[n - 1].split("|")[1:] if seg.strip().startswith("FileCheck")]
    if not checks or re.search(r"%[a-zA-Z{]", checks[0].replace("%s", "")):
        return "NA"
    command = FILECHECK + checks[0][len("FileCheck"):].replace("%s", path)
    code, _, _ = run(["bash", "-c", command], out, cwd=CORPUS)
    return "PASS" if code == 0 else "FAIL"


def short(path):
    return path.split("Transforms/", 1)[-1]


# The explanation of each "different" or "unsupported" RUN line (see the file's header).
EXPLAINED = os.path.join(HERE, "transform-differences.tsv")
CLASSES = ("legal", "missing", "bug", "unsupported")


def parse_class(text):
    """`legal`, or a comma-separated list of KIND:ID items -> [(kind, id)]; None if malformed."""
    if text == "legal":
        return [("legal", "")]
    items = []
    for item in text.split(","):
        kind, _, ident = item.partition(":")
        if kind not in CLASSES[1:] or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]*", ident):
            return None
        items.append((kind, ident))
    return items


def line_kind(items):
    """The class a line counts under: the worst of its items (bug, then missing, ...)."""
    kinds = {k for k, _ in items}
    return next(k for k in ("bug", "missing", "unsupported", "legal") if k in kinds)


def read_explanations(file):
    """{(file, run): (items, reason)} from the explanations table, and its malformed rows."""
    table, errors = {}, []
    if not os.path.exists(file):
        return table, [f"{file} not found"]
    for n, l in enumerate(open(file), 1):
        l = l.rstrip("\n")
        if not l or l.startswith("#"):
            continue
        cols = l.split("\t")
        if cols[0] == "file":
            continue
        items = parse_class(cols[2]) if len(cols) == 4 else None
        if items is None or not cols[1].isdigit() or not cols[3].strip():
            errors.append(f"{os.path.basename(file)}:{n}: malformed row: {l}")
            continue
        key = (cols[0], int(cols[1]))
        if key in table:
            errors.append(f"{os.path.basename(file)}:{n}: second row for {cols[0]} run {cols[1]}")
        table[key] = (items, cols[3])
    return table, errors


def fits(items, verdict):
    """Whether an explanation still fits the line's verdict: an unsupported line
    is explained by unsupported items only, a different line by none."""
    unsupported = all(k == "unsupported" for k, _ in items)
    return verdict == ("unsupported" if unsupported else "different")


def main():
    args = sys.argv[1:]
    opt_value = lambda name: args[args.index(name) + 1] if name in args else None
    binary = args[0] if args and not args[0].startswith("--") else os.path.join(ROOT, "target", "release", "opt-conv")
    binary = os.path.abspath(binary)  # the commands run in the corpus's directory
    table_file = opt_value("--table")
    diff_of = opt_value("--show-diff")
    diff_dir = opt_value("--dump-diffs")
    explained_file = opt_value("--explained") or EXPLAINED
    strict = "--strict-explained" in args
    checks = "--upstream-checks" in args
    top = int(opt_value("--top") or 15)
    manifest = os.path.join(CORPUS, "MANIFEST.tsv")
    ci = os.environ.get("CI", "") not in ("", "0", "false")
    import shutil
    if not os.path.exists(manifest) or shutil.which(OPT22) is None:
        what = manifest if not os.path.exists(manifest) else OPT22
        print(f"transform-conformance: {what} not found; " + ("required under CI" if ci else "skipping"))
        return 1 if ci else 0
    rows = [l.rstrip("\n").split("\t") for l in open(manifest)][1:]
    # The n-th opt RUN line of a file (1-based, in MANIFEST order, which is
    # the order of the RUN lines; the n-th writes ...ll.out or ...ll.runN.out).
    runs, seen = [], collections.Counter()
    for row in rows:
        seen[row[0]] += 1
        runs.append((short(row[0]), seen[row[0]], row))
    if diff_of:
        want_file, _, want_run = diff_of.rpartition(":")
        if not want_run.isdigit():
            want_file, want_run = diff_of, "1"
        hits = [r for r in runs if r[0].endswith(want_file) and r[1] == int(want_run)]
        if len(hits) != 1:
            print(f"--show-diff {diff_of}: {len(hits)} RUN lines match (want FILE:RUN, FILE a path suffix)")
            return 2
        name, n, (path, area, command, exit_code, out_file, *_) = hits[0]
        argv, verdict, detail, out, ref = evaluate(binary, path, command, exit_code, out_file)
        print(f"# {name} run {n}: {verdict} {detail}\n# opt-conv {' '.join(argv)}\n# {command}")
        if verdict in ("different", "equivalent", "identical"):
            print(f"# upstream CHECKs on our output: {upstream_check(path, n, out)}")
        if verdict in ("different", "equivalent", "identical"):
            sys.stdout.write(show_diff(out, ref, name))
        else:
            sys.stdout.write(out.decode(errors="replace"))
        return 0
    explanations, bad_rows = read_explanations(explained_file)
    counts = collections.defaultdict(collections.Counter)
    classes = collections.defaultdict(collections.Counter)
    needs = collections.defaultdict(list)  # feature -> [(line, whether it is the line's only need)]
    lines, fails, unexplained, stale = [], [], [], []
    for name, n, (path, area, command, exit_code, out_file, *_) in runs:
        argv, verdict, detail, out, ref = evaluate(binary, path, command, exit_code, out_file)
        counts[area][verdict] += 1
        why = explanations.pop((name, n), None)
        shown = ",".join(f"{k}:{i}" if i else k for k, i in why[0]) if why else ""
        if verdict in ("different", "unsupported"):
            if why is None:
                unexplained.append(f"{name}\t{n}\t{verdict}\t{detail}")
                classes[area]["unexplained"] += 1
            elif not fits(why[0], verdict):
                stale.append(f"{name}\t{n}\t{verdict} but explained as {shown}")
                classes[area]["stale"] += 1
            else:
                classes[area][line_kind(why[0])] += 1
                for kind, ident in why[0]:
                    if kind != "legal":
                        needs[f"{kind}:{ident}"].append((f"{name}:{n}", len(why[0]) == 1))
        elif why is not None:
            stale.append(f"{name}\t{n}\t{verdict} but explained as {shown}")
        if diff_dir and verdict == "different":
            os.makedirs(diff_dir, exist_ok=True)
            with open(os.path.join(diff_dir, f"{name.replace('/', '__')}.{n}.diff"), "w") as d:
                d.write(f"# {name} run {n}\n# opt-conv {' '.join(argv)}\n" + show_diff(out, ref, name))
        if checks and verdict == "different":
            detail = (detail + " " if detail else "") + "upstream-checks:" + upstream_check(path, n, out)
        line = f"{area}\t{name}\t{n}\t{' '.join(argv)}\t{verdict}\t{detail}"
        if why:
            line += f"\t{shown}\t{why[1]}"
        lines.append(line)
        if verdict == "FAIL":
            fails.append(line)
    stale += [f"{f}\t{n}\tno such RUN line (explained as {','.join(k + (':' + i if i else '') for k, i in c)})"
              for (f, n), (c, _) in explanations.items()]
    kinds = ["identical", "equivalent", "different", "unsupported", "both-fail", "opt22-broke", "FAIL"]
    print("| area | RUN lines | " + " | ".join(kinds) + " |")
    print("|---|---:|" + "---:|" * len(kinds))
    total = collections.Counter()
    for area in sorted(counts):
        c = counts[area]
        total.update(c)
        print(f"| {area} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in kinds) + " |")
    print(f"| all | {sum(total.values())} | " + " | ".join(str(total[k]) for k in kinds) + " |")
    unsupported = collections.Counter(l.split("\t")[5] for l in lines if l.split("\t")[4] == "unsupported")
    if unsupported:
        print("\nunsupported: " + ", ".join(f"{k} ({v})" for k, v in unsupported.most_common()))
    # Why the different and unsupported lines are so (transform-differences.tsv).
    why_kinds = ["legal", "missing", "bug", "unsupported", "unexplained", "stale"]
    print("\n| area | different+unsupported | " + " | ".join(why_kinds) + " |")
    print("|---|---:|" + "---:|" * len(why_kinds))
    why_total = collections.Counter()
    for area in sorted(counts):
        c = classes[area]
        why_total.update(c)
        print(f"| {area} | {counts[area]['different'] + counts[area]['unsupported']} | "
              + " | ".join(str(c[k]) for k in why_kinds) + " |")
    print(f"| all | {total['different'] + total['unsupported']} | " + " | ".join(str(why_total[k]) for k in why_kinds) + " |")
    # What to build next: each feature (and bug) with the RUN lines that need
    # it, and how many of those it alone would turn into identical/equivalent
    # or legal lines ("alone"); unsupported passes and options likewise.
    for title, kinds_ in (("bugs", ("bug",)), ("missing features", ("missing",)), ("unsupported", ("unsupported",))):
        ranked = sorted(((f, w) for f, w in needs.items() if f.split(":")[0] in kinds_),
                        key=lambda kv: (-len(kv[1]), -sum(a for _, a in kv[1]), kv[0]))
        if ranked:
            alone = "lines that would then run" if kinds_ == ("unsupported",) else "lines it is the only reason for"
            print(f"\n{title}, by the RUN lines that need each (alone: {alone}):")
            for feature, where in ranked[:top]:
                print(f"  {len(where):3}  alone {sum(a for _, a in where):3}  {feature}")
            if len(ranked) > top:
                print(f"  ... and {len(ranked) - top} more (--top N)")
    for l in bad_rows:
        print("explanations: " + l)
    for l in unexplained:
        print("unexplained\t" + l)
    for l in stale:
        print("stale\t" + l)
    for f in fails:
        print("FAIL " + f)
    if table_file:
        with open(table_file, "w") as t:
            t.write("\n".join(lines) + "\n")
    if fails:
        return 1
    return 1 if strict and (unexplained or stale or bad_rows) else 0


if __name__ == "__main__":
    sys.exit(main())
