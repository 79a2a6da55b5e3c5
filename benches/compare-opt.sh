#!/usr/bin/env bash
# Times `opt-conv -passes=verify -disable-output` against
# `opt-22 -passes=verify -disable-output` on the same generated modules and
# prints wall time (best of N runs), peak memory and the ratios.
#
# usage: benches/compare-opt.sh [SIZES...]     (default: 1000 10000 100000 1000000)
# env:   RUNS (default 3), PER_FUNC (instructions per function, default 20000),
#        PIPELINE (default verify), OPT_PIPELINE (opt-22's spelling of the same
#        work when it differs, e.g. PIPELINE=hoist OPT_PIPELINE='simplifycfg<hoist-common-insts>'),
#        ARGS (extra options for both tools, e.g. -mtriple=x86_64-unknown-linux-gnu),
#        SHAPE (gen-module's --shape: random, the default, calls or repeated-tests),
#        STAT (best, the default, or median: which of the RUNS runs is reported),
#        OUTPUT (none, the default: -disable-output; or print: -S to /dev/null),
#        OPT22 (default opt-22)
#
# SUITE=pipeline runs the inliner's suite instead: `inline` alone and the
# pipeline inline,loop-unroll,sink,hoist,jump-threading (opt-22:
# cgscc(inline),function(loop-unroll,sink,gvn-hoist,jump-threading)), both
# printing the module, median of RUNS, on modules of small functions
# calling each other (SHAPE=calls, PER_FUNC=200; SIZES default 10000
# 100000 1000000), then on one huge function calling 64 helpers (HUGE,
# default 100000 1000000 instructions).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
opt22=${OPT22:-opt-22}
runs=${RUNS:-3}
stat=${STAT:-best}
read -r -a extra <<< "${ARGS:-}"
sizes=("$@")
command -v "$opt22" >/dev/null || { echo "compare-opt: $opt22 not found (apt-get install llvm-22)"; exit 1; }
(cd "$here" && cargo build --release -q -p opt-conv -p opt-conv-benches)
bin="$here/target/release/opt-conv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# wall seconds and peak RSS (KB) of the best (or median) of $runs runs
measure() {
  : > "$work/runs"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { echo "compare-opt: failed: $*" >&2; cat "$work/err" >&2; return 1; }
    cat "$work/t" >> "$work/runs"
  done
  if [ "$stat" = median ]; then
    sort -g "$work/runs" | sed -n "$(( (runs + 1) / 2 ))p"
  else
    sort -g "$work/runs" | head -n 1
  fi
}

header() {
  printf "%-10s %-8s %12s %12s %12s %12s %9s %9s\n" insts funcs opt-conv[s] opt-22[s] opt-conv[MB] opt-22[MB] speedup mem-ratio
}

# table PIPELINE OPT_PIPELINE SHAPE PER_FUNC OUTPUT SIZES...; PER_FUNC 0 is the size itself
table() {
  local pipeline=$1 opt_pipeline=$2 shape=$3 per_func=$4 output=$5
  shift 5
  local out=(-disable-output)
  [ "$output" = print ] && out=(-S -o /dev/null)
  header
  for n in "$@"; do
    local f="$work/g$n-$shape-$per_func.ll" per=$per_func
    [ "$per" = 0 ] && per=$n
    [ -f "$f" ] || "$here/target/release/gen-module" --insts "$n" --per-func "$per" --shape "$shape" -o "$f"
    local funcs res ot om lt lm
    funcs=$(grep -c '^define' "$f")
    res=$(measure "$bin" -passes="$pipeline" ${extra[@]+"${extra[@]}"} "${out[@]}" "$f") || exit 1
    read -r ot om <<< "$res"
    res=$(measure "$opt22" -passes="$opt_pipeline" ${extra[@]+"${extra[@]}"} "${out[@]}" "$f") || exit 1
    read -r lt lm <<< "$res"
    printf "%-10s %-8s %12s %12s %12.1f %12.1f %8.2fx %8.2fx\n" "$n" "$funcs" "$ot" "$lt" \
      "$(awk "BEGIN{print $om/1024}")" "$(awk "BEGIN{print $lm/1024}")" \
      "$(awk "BEGIN{print ($ot > 0) ? $lt/$ot : 0}")" "$(awk "BEGIN{print ($om > 0) ? $lm/$om : 0}")"
  done
}

if [ "${SUITE:-}" = pipeline ]; then
  stat=${STAT:-median}
  [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
  read -r -a huge <<< "${HUGE:-100000 1000000}"
  ours='inline,loop-unroll,sink,hoist,jump-threading'
  theirs='cgscc(inline),function(loop-unroll,sink,gvn-hoist,jump-threading)'
  echo "== inline (opt-22: inline), ${PER_FUNC:-200}-instruction functions calling each other"
  table inline inline calls "${PER_FUNC:-200}" print "${sizes[@]}"
  echo "== $ours (opt-22: $theirs)"
  table "$ours" "$theirs" calls "${PER_FUNC:-200}" print "${sizes[@]}"
  echo "== inline, one huge function calling 64 helpers"
  table inline inline calls 0 print "${huge[@]}"
  echo "== $ours, one huge function calling 64 helpers"
  table "$ours" "$theirs" calls 0 print "${huge[@]}"
  exit 0
fi

pipeline=${PIPELINE:-verify}
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000 1000000)
table "$pipeline" "${OPT_PIPELINE:-$pipeline}" "${SHAPE:-random}" "${PER_FUNC:-20000}" "${OUTPUT:-none}" "${sizes[@]}"
