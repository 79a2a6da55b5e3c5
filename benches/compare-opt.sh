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
#        SHAPE (gen-module's --shape: random, the default, or repeated-tests),
#        OPT22 (default opt-22)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
opt22=${OPT22:-opt-22}
runs=${RUNS:-3}
per_func=${PER_FUNC:-20000}
pipeline=${PIPELINE:-verify}
opt_pipeline=${OPT_PIPELINE:-$pipeline}
read -r -a extra <<< "${ARGS:-}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000 1000000)
command -v "$opt22" >/dev/null || { echo "compare-opt: $opt22 not found (apt-get install llvm-22)"; exit 1; }
(cd "$here" && cargo build --release -q -p opt-conv -p opt-conv-benches)
bin="$here/target/release/opt-conv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# best-of-N wall seconds and the peak RSS (KB) of the best run
measure() {
  local best="" rss=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { echo "compare-opt: failed: $*" >&2; cat "$work/err" >&2; return 1; }
    read -r t m < "$work/t"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$m; fi
  done
  echo "$best $rss"
}

printf "%-10s %-8s %12s %12s %12s %12s %9s %9s\n" insts funcs opt-conv[s] opt-22[s] opt-conv[MB] opt-22[MB] speedup mem-ratio
for n in "${sizes[@]}"; do
  f="$work/g$n.ll"
  "$here/target/release/gen-module" --insts "$n" --per-func "$per_func" --shape "${SHAPE:-random}" -o "$f"
  funcs=$(grep -c '^define' "$f")
  res=$(measure "$bin" -passes="$pipeline" ${extra[@]+"${extra[@]}"} -disable-output "$f") || exit 1
  read -r ot om <<< "$res"
  res=$(measure "$opt22" -passes="$opt_pipeline" ${extra[@]+"${extra[@]}"} -disable-output "$f") || exit 1
  read -r lt lm <<< "$res"
  printf "%-10s %-8s %12s %12s %12.1f %12.1f %8.2fx %8.2fx\n" "$n" "$funcs" "$ot" "$lt" \
    "$(awk "BEGIN{print $om/1024}")" "$(awk "BEGIN{print $lm/1024}")" \
    "$(awk "BEGIN{print ($ot > 0) ? $lt/$ot : 0}")" "$(awk "BEGIN{print ($om > 0) ? $lm/$om : 0}")"
done
