#!/usr/bin/env bash
# Suite test: `bench --serve-training`, the server bench/pytorch_side.py times
# our training with, in turns with PyTorch's. It must start with a "ready" line,
# answer a block of steps with two positive seconds per step, answer every line
# it cannot read with "error: ..." and go on, and stop on "quit" (or at the end
# of its input) with status 0. No timing is checked.
# Usage: bench_serve_training.sh BENCH_EXE
set -euo pipefail
exe=$1
fail() { echo "FAIL: $*"; printf '%s\n' "--- the server's output:" "$out"; exit 1; }

out=$(printf '%s\n' 'block 2' 'block 0' 'block 2.5' 'block' 'target 1001' 'target 1 2' 'train 3' 'block 1' 'quit' 'block 3' \
        | OPENBLAS_NUM_THREADS=1 "$exe" --serve-training) || fail "the server stopped with status $?"
mapfile -t lines <<<"$out"
[[ ${#lines[@]} -eq 9 ]] || fail "expected 9 lines (ready, 7 answers, nothing after quit); got ${#lines[@]}"
[[ ${lines[0]} == "ready d_model 32, 2 heads (d_k 16, d_v 16), d_ff 64, 1+1 layers, vocabulary 12, batch 64" ]] \
  || fail "first line: ${lines[0]}"
positive_pair() { awk -v l="$1" 'BEGIN { n = split(l, f, " "); exit !(n == 2 && f[1] + 0 > 0 && f[2] + 0 > 0) }'; }
positive_pair "${lines[1]}" || fail "block 2 should answer two positive seconds per step; got '${lines[1]}'"
positive_pair "${lines[8]}" || fail "block 1 (after the errors) should answer two positive seconds; got '${lines[8]}'"
expect=("error: block needs a number of steps from 1 to 100000; got '0'"
        "error: block needs a number of steps from 1 to 100000; got '2.5'"
        "error: block needs a number of steps from 1 to 100000; got ''"
        "error: target needs a seed from 1 to 1000; got '1001'"
        "error: unknown request 'target 1 2' (known: block N, target SEED, quit)"
        "error: unknown request 'train 3' (known: block N, target SEED, quit)")
for i in "${!expect[@]}"; do
  [[ ${lines[i + 2]} == "${expect[i]}" ]] || fail "line $((i + 3)): expected '${expect[i]}', got '${lines[i + 2]}'"
done

# the end of the input ends the server as quit does
out=$(printf 'block 1\n' | OPENBLAS_NUM_THREADS=1 "$exe" --serve-training) || fail "no quit: status $?"
[[ $(wc -l <<<"$out") -eq 2 ]] || fail "no quit: expected ready and one answer"
echo "bench --serve-training: ready line, answers, 6 refusals by name, quit and end of input"
