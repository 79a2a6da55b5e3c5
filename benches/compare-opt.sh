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
# SUITE=single runs the read/verify/print suite instead: read + verify
# (-disable-output), then each single pass printing the module (-S to
# /dev/null): sink, hoist (opt-22: gvn-hoist), loop-unroll, jump-threading,
# simplifycfg, instsimplify,
# inline; on modules of PER_FUNC-instruction functions (default 20000) and
# on one huge function (the size itself), SIZES default 100000 1000000,
# median of RUNS. It reports CPU seconds (user + system, to the millisecond
# through benches/rusage.py: steadier than wall
# time on a shared machine), the ratios opt-conv/opt-22 of time and of peak
# memory, and for each size after the first how much opt-conv's time grew
# from the previous size.
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

# CPU seconds (user + system) and peak RSS (KB): the median of $runs runs;
# "timeout 0" when a run takes longer than OPT_TIMEOUT seconds (default 60).
measure_cpu() {
  : > "$work/runs"
  for _ in $(seq "$runs"); do
    local rc=0
    python3 "$here/benches/rusage.py" "$work/t" timeout "${OPT_TIMEOUT:-60}" "$@" >/dev/null 2>"$work/err" || rc=$?
    if [ "$rc" = 124 ]; then echo "timeout 0"; return 0; fi
    [ "$rc" = 0 ] || { echo "compare-opt: failed: $*" >&2; cat "$work/err" >&2; return 1; }
    awk '{printf "%.3f %d\n", $1 + $2, $3}' "$work/t" >> "$work/runs"
  done
  sort -g "$work/runs" | sed -n "$(( (runs + 1) / 2 ))p"
}

# single_rows LABEL PIPELINE OPT_PIPELINE OUTPUT PER_FUNC SIZES...; PER_FUNC 0 is the size itself
single_rows() {
  local label=$1 pipeline=$2 opt_pipeline=$3 output=$4 per_func=$5
  shift 5
  local out=(-disable-output) prev=""
  [ "$output" = print ] && out=(-S -o /dev/null)
  for n in "$@"; do
    local f="$work/g$n-random-$per_func.ll" per=$per_func
    [ "$per" = 0 ] && per=$n
    [ -f "$f" ] || "$here/target/release/gen-module" --insts "$n" --per-func "$per" --shape random -o "$f"
    local res ot om lt lm growth=""
    res=$(measure_cpu "$bin" -passes="$pipeline" ${extra[@]+"${extra[@]}"} ${row_args[@]+"${row_args[@]}"} "${out[@]}" "$f") || exit 1
    read -r ot om <<< "$res"
    res=$(measure_cpu "$opt22" -passes="$opt_pipeline" ${extra[@]+"${extra[@]}"} ${row_args[@]+"${row_args[@]}"} "${out[@]}" "$f") || exit 1
    read -r lt lm <<< "$res"
    [ -n "$prev" ] && [ "$ot" != timeout ] && growth=$(awk "BEGIN{printf \"%.1fx\", ($prev > 0) ? $ot/$prev : 0}")
    local tr="-" mr="-" lmb="-"
    if [ "$lt" = timeout ]; then
      lt="> ${OPT_TIMEOUT:-60}"
    elif [ "$ot" != timeout ]; then
      tr=$(awk "BEGIN{printf \"%.2fx\", ($lt > 0) ? $ot/$lt : 0}")
      mr=$(awk "BEGIN{printf \"%.2fx\", ($lm > 0) ? $om/$lm : 0}")
      lmb=$(awk "BEGIN{printf \"%.0f\", $lm/1024}")
    fi
    printf "| %s | %s | %s | %s | %s | %.0f | %s | %s | %s |\n" "$label" "$n" "$ot" "$lt" "$tr" \
      "$(awk "BEGIN{print $om/1024}")" "$lmb" "$mr" "${growth:--}"
    prev=$ot
  done
}

if [ "${SUITE:-}" = single ]; then
  [ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
  per=${PER_FUNC:-20000}
  echo "| work (opt-22's spelling) | instructions | opt-conv [cpu s] | opt-22 [cpu s] | time ratio | opt-conv [MB] | opt-22 [MB] | memory ratio | time growth |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for shape in "$per" 0; do
    where="$per-instruction functions"
    [ "$shape" = 0 ] && where="one function"
    row_args=()
    single_rows "read + verify, $where" verify verify none "$shape" "${sizes[@]}"
    for pass in sink hoist loop-unroll jump-threading simplifycfg instsimplify inline; do
      theirs=$pass
      [ "$pass" = hoist ] && theirs=gvn-hoist
      label="\`$pass\`"
      [ "$theirs" != "$pass" ] && label="\`$pass\` (\`$theirs\`)"
      row_args=()
      # opt-22's jump threading does nothing on a GPU target: both get x86-64.
      if [ "$pass" = jump-threading ]; then
        row_args=(-mtriple=x86_64-unknown-linux-gnu)
        label="$label (x86-64 triple)"
      fi
      single_rows "$label, printed, $where" "$pass" "$theirs" print "$shape" "${sizes[@]}"
    done
  done
  exit 0
fi

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
