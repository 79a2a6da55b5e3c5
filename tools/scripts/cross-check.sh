#!/usr/bin/env bash
# Cross-checks opt-conv's output with LLVM 22: every module opt-conv prints
# (corpus inputs, golden cases, generated modules, after each pipeline below)
# must be accepted by `opt-22 -passes=verify`.
#
# usage: tools/scripts/cross-check.sh [OPT_CONV_BINARY]
# env:   OPT_CONV_CONFORMANCE (corpus root, default ../shared/conformance)
#        OPT22 (default opt-22)
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$here/target/release/opt-conv}
opt22=${OPT22:-opt-22}
corpus=${OPT_CONV_CONFORMANCE:-$here/../shared/conformance}

if ! command -v "$opt22" >/dev/null 2>&1; then
  case "${CI:-}" in
    "" | 0 | false) echo "cross-check: $opt22 not found; skipping (install llvm-22 to run it)"; exit 0 ;;
    *) echo "cross-check: $opt22 not found; required under CI (install llvm-22)"; exit 1 ;;
  esac
fi
[ -x "$bin" ] || { echo "cross-check: opt-conv binary $bin not found (cargo build --release)"; exit 1; }
[ -f "$corpus/MANIFEST.tsv" ] || { echo "cross-check: corpus not found at $corpus"; exit 1; }

# Pipelines whose output must stay valid LLVM ("" = read and print).
pipelines=(
  ""
  "infer-convergence-tokens"
  "sink"
  "hoist"
  "inline"
  "dce"
  "loop-unroll"
  "jump-threading"
  "inline,sink,hoist"
  "cgscc(inline),function(sink,hoist,dce)"
  "function(jump-threading,loop-unroll,sink,hoist,dce)"
  "inline,loop-unroll,sink,hoist,jump-threading"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Inputs: corpus files opt-22 accepts (exit 0, or a crash inside a pass after
# verification), the golden cases, and a generated module.
awk -F'\t' 'NR > 1 && ($4 == 0 || $4 == 134) && $3 !~ /-disable-verify/ { print $1 }' "$corpus/MANIFEST.tsv" | sort -u > "$work/inputs"
inputs=()
while read -r rel; do inputs+=("$corpus/$rel"); done < "$work/inputs"
# Every case directory but the invalid inputs (errors, verify) and fuzz finds.
for f in "$here"/tests/cases/*/*.ll "$here"/examples/*.ll; do
  case "$f" in */cases/errors/* | */cases/verify/* | */cases/fuzz/*) continue ;; esac
  inputs+=("$f")
done
if [ -x "$here/target/release/gen-module" ]; then
  "$here/target/release/gen-module" --insts 20000 --per-func 2000 -o "$work/generated.ll"
  inputs+=("$work/generated.ll")
fi

checked=0
failed=0
for p in "${pipelines[@]}"; do
  for f in "${inputs[@]}"; do
    out="$work/out.ll"
    args=(-S -o "$out")
    [ -n "$p" ] && args+=("-passes=$p")
    if ! "$bin" "${args[@]}" "$f" 2> "$work/err"; then
      echo "FAIL opt-conv ${p:-<print>} on $f:"; head -5 "$work/err"; failed=$((failed + 1)); continue
    fi
    # opt only warns about invalid debug info (then strips it): a rejection too.
    if ! "$opt22" -passes=verify -disable-output "$out" 2> "$work/err" || grep -q 'invalid debug info' "$work/err"; then
      echo "FAIL opt-22 rejects opt-conv output (${p:-<print>}) of $f:"; head -5 "$work/err"; failed=$((failed + 1)); continue
    fi
    checked=$((checked + 1))
  done
done
# Verifier cases: opt-22 must print the same convergence/IR messages, in the
# same order, for every invalid case, and accept every valid one.
msgs() { sed -E 's/^opt-conv: [^ ]*:[0-9]+:[0-9]+: error: //; s/^opt-22: [^ ]*:[0-9]+:[0-9]+: error: //' | grep -E "^(The 'convergencectrl'|Convergence |Cannot mix|Entry |Loop intrinsic|Cycle heart|Two static|Function returns a token|PHI nodes cannot|Instruction does not dominate|Only PHI nodes may|llvm.lifetime)"; }
for f in "$here"/tests/cases/verify/*.ll; do
  ours=$("$bin" -disable-output "$f" 2>&1 | msgs)
  theirs=$("$opt22" -disable-output -passes=verify "$f" 2>&1 | msgs)
  if [ "$ours" != "$theirs" ]; then
    echo "FAIL verifier messages differ from opt-22 on $f:"; diff <(echo "$theirs") <(echo "$ours") | head -10; failed=$((failed + 1))
  else
    checked=$((checked + 1))
  fi
done

echo "cross-check: $checked outputs verified by $("$opt22" --version | grep -o 'LLVM version [0-9.]*'), $failed failures"
[ "$failed" -eq 0 ]
