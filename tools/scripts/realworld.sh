#!/usr/bin/env bash
# Real inputs nobody here wrote (../shared/realworld): for every file,
# - opt-22 accepts it  => opt-conv reads it, prints IR opt-22 accepts, and
#   runs each pass below and the whole pipeline with -verify-each to output
#   opt-22 accepts; or opt-conv refuses it with a located error (counted,
#   and held to at most MAX_UNREAD so coverage can only grow);
# - opt-22 rejects it  => opt-conv rejects it too, with a located error.
# A crash (exit status other than 0 and 1, or a signal) always fails.
#
# usage: tools/scripts/realworld.sh [OPT_CONV_BINARY]
# env:   OPT_CONV_REALWORLD (default ../shared/realworld), OPT22 (default opt-22),
#        JOBS (default: number of cores), REPORT (file for the per-file table)
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$here/target/release/opt-conv}
opt22=${OPT22:-opt-22}
root=${OPT_CONV_REALWORLD:-$here/../shared/realworld}
# Each pass alone, then the whole pipeline; every output must verify.
pipelines=${PIPELINES:-"sink hoist inline always-inline loop-unroll jump-threading simplifycfg simplifycfg<hoist-common-insts> infer-convergence-tokens print<uniformity> inline,loop-unroll,sink,hoist,jump-threading,simplifycfg,dce,globaldce"}
# Valid files opt-conv may still refuse (unsupported constructs); lower it as
# the reader grows, never raise it.
MAX_UNREAD=${MAX_UNREAD:-0}

if ! command -v "$opt22" >/dev/null 2>&1 || [ ! -d "$root" ]; then
  case "${CI:-}" in
    "" | 0 | false) echo "realworld: $opt22 or $root not found; skipping"; exit 0 ;;
    *) echo "realworld: $opt22 and $root are required under CI"; exit 1 ;;
  esac
fi
[ -x "$bin" ] || { echo "realworld: opt-conv binary $bin not found (cargo build --release)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One file: prints "VERDICT<TAB>file<TAB>detail".
# opt-22 accepts $1 (stderr to $2): exit 0, and its debug info is not dropped
# as invalid (opt only warns, then strips it) unless the input's already was.
accepts() {
  "$opt22" -passes=verify -disable-output "$1" 2>"$2" || return 1
  [ "$dbg_ok" = 0 ] || ! grep -q 'invalid debug info' "$2"
}

check_one() {
  f=$1
  t=$(mktemp -d -p "$work")
  if "$opt22" -passes=verify -disable-output "$f" 2>"$t/in22"; then valid=1; else valid=0; fi
  if grep -q 'invalid debug info' "$t/in22"; then dbg_ok=0; else dbg_ok=1; fi
  "$bin" -S -o "$t/read.ll" "$f" 2>"$t/err"
  rc=$?
  if [ $rc -gt 1 ]; then
    printf 'CRASH\t%s\t%s\n' "$f" "read: exit $rc: $(head -1 "$t/err")"
  elif [ $valid = 0 ]; then
    if [ $rc = 1 ] && grep -qE ':[0-9]+:[0-9]+: error: |error: ' "$t/err"; then
      printf 'REJECTED-INVALID\t%s\t\n' "$f"
    else
      printf 'ACCEPTED-INVALID\t%s\t%s\n' "$f" "$("$opt22" -passes=verify -disable-output "$f" 2>&1 | head -1)"
    fi
  elif [ $rc = 1 ]; then
    printf 'UNREAD\t%s\t%s\n' "$f" "$(head -1 "$t/err" | sed -E 's/^.*error: //')"
  elif ! accepts "$t/read.ll" "$t/err22"; then
    printf 'BAD-PRINT\t%s\t%s\n' "$f" "$(head -1 "$t/err22")"
  else
    verdict=OK detail=
    for pipeline in $pipelines; do
      "$bin" -S -verify-each -passes="$pipeline" -o "$t/opt.ll" "$f" 2>"$t/err"
      rc=$?
      if [ $rc != 0 ]; then
        verdict=PIPELINE-FAIL detail="$pipeline: exit $rc: $(grep -m1 -E 'error|panick' "$t/err")"
        break
      elif ! accepts "$t/opt.ll" "$t/err22"; then
        verdict=BAD-OUTPUT detail="$pipeline: $(grep -m1 -v '^ *$' "$t/err22")"
        break
      fi
    done
    printf '%s\t%s\t%s\n' "$verdict" "$f" "$detail"
  fi
  rm -rf "$t"
}
export -f check_one accepts
export bin opt22 work pipelines

find "$root" -name '*.ll' -print0 | sort -z |
  xargs -0 -n1 -P "${JOBS:-$(nproc)}" bash -c 'check_one "$0"' > "$work/table"
sort -k2 "$work/table" > "$work/sorted"
[ -n "${REPORT:-}" ] && cp "$work/sorted" "$REPORT"

count() { awk -F'\t' -v v="$1" '$1 == v' "$work/sorted" | wc -l; }
ok=$(count OK); unread=$(count UNREAD); rej=$(count REJECTED-INVALID)
echo "realworld: $(wc -l < "$work/sorted") files: $ok read and run through each of: $pipelines; $unread valid files refused" \
  "(at most $MAX_UNREAD allowed), $rej invalid files rejected"
failed=0
for v in CRASH BAD-PRINT PIPELINE-FAIL BAD-OUTPUT ACCEPTED-INVALID; do
  n=$(count "$v")
  if [ "$n" -gt 0 ]; then
    echo "FAIL $v: $n files"; awk -F'\t' -v v="$v" '$1 == v { print "  " $2 ": " $3 }' "$work/sorted" | head -20
    failed=1
  fi
done
if [ "$unread" -gt "$MAX_UNREAD" ]; then
  echo "FAIL $unread valid files refused, more than the $MAX_UNREAD allowed:"
  failed=1
fi
if [ "$unread" -gt 0 ]; then
  echo "refused valid files, by message:"
  awk -F'\t' '$1 == "UNREAD" { print $3 }' "$work/sorted" | sed -E "s/'[^']*'/'…'/g; s/[0-9]+/N/g" |
    sort | uniq -c | sort -rn | head -15
fi
exit $failed
