#!/usr/bin/env bash
# Whole generated modules (gen-module: random control flow, calls between
# functions, repeated tests of one value) through whole pipelines with
# -verify-each; opt-22 must accept every output. Catches what one pass on a
# small program does not: a module pass leaving IR that a later pass or the
# verifier trips on). Each seed gives every shape, with functions of a size
# that varies by seed; FINDS lists modules that once failed, as
# shape:seed:per-func (calls:15:5000: the inliner stranded uses of values
# defined after a call to a callee that never returns).
#
# usage: generated-pipelines.sh [OPT_CONV] ; SEEDS="1 2 ...", FINDS and INSTS=N override.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$here/target/release/opt-conv}
gen=$(dirname "$bin")/gen-module
opt22=${OPT22:-opt-22}
seeds=${SEEDS:-"1 2 3 4 5 6 7 8"}
finds=${FINDS:-"calls:15:5000"}
insts=${INSTS:-20000}
if ! command -v "$opt22" >/dev/null 2>&1; then
  case "${CI:-}" in
    "" | 0 | false) echo "generated-pipelines: $opt22 not found; skipping"; exit 0 ;;
    *) echo "generated-pipelines: $opt22 is required under CI"; exit 1 ;;
  esac
fi
[ -x "$bin" ] && [ -x "$gen" ] || { echo "generated-pipelines: $bin or $gen not found (cargo build --release)"; exit 1; }
pipelines=(
  "inline,loop-unroll,sink,hoist,jump-threading"
  "always-inline,simplifycfg<hoist-common-insts;sink-common-insts>,loop-unroll<O3;runtime>,jump-threading,simplifycfg,sink,instsimplify,dce"
  "infer-convergence-tokens,jump-threading,gvn-hoist,loop-unroll<partial;runtime>,simplifycfg<no-keep-loops>,inline,globaldce"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checked=0
failed=0
modules=$finds
for seed in $seeds; do
  for shape in random calls repeated-tests; do
    # Functions of varied size per seed: small helpers to one big body.
    modules="$modules $shape:$seed:$((200 + seed * 997 % 4000))"
  done
done
for spec in $modules; do
  IFS=: read -r shape seed per_func <<< "$spec"
  in="$work/$shape-$seed-$per_func.ll"
  "$gen" --insts "$insts" --per-func "$per_func" --seed "$seed" --shape "$shape" -o "$in"
  for p in "${pipelines[@]}"; do
    what="gen-module --insts $insts --per-func $per_func --seed $seed --shape $shape"
    if ! "$bin" -verify-each -passes="$p" "$in" -S -o "$work/out.ll" 2> "$work/err"; then
      echo "FAIL opt-conv -verify-each -passes='$p' on $what:"
      head -5 "$work/err"; failed=$((failed + 1)); continue
    fi
    if ! "$opt22" -passes=verify -disable-output "$work/out.ll" 2> "$work/err"; then
      echo "FAIL opt-22 rejects the output of '$p' on $what:"
      head -5 "$work/err"; failed=$((failed + 1)); continue
    fi
    checked=$((checked + 1))
  done
done
echo "generated-pipelines: $checked pipeline runs on generated modules verified, $failed failures"
[ "$failed" -eq 0 ]
