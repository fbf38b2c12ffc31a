#!/usr/bin/env bash
# Suite test: one broken exercise never takes the others down.
# In a scratch copy of the repository, the chapter-01 solutions are copied into
# exercises/, then one is made to dereference a null pointer and another to loop
# forever. `./course check 01` must name both failures, still pass the other three,
# and exit non-zero. Usage: checker_isolation.sh REPO_ROOT
set -euo pipefail
src=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-isolation.XXXXXX")
trap 'rm -rf "$work"' EXIT

# copy the sources (tracked and new files, not build trees)
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work")
else
  (cd "$src" && tar --exclude='./build*' --exclude='./.course' -cf - .) | (cd "$work" && tar -xf -)
fi

cp "$src"/solutions/01_rnn_loop/*.cpp "$work/exercises/01_rnn_loop/"
# a learner's null-pointer bug ...
sed -i 's|    return arma::tanh(pre);|    volatile int* p = nullptr;\n    *p = 1;\n    return arma::tanh(pre);|' \
  "$work/exercises/01_rnn_loop/rnn_step.cpp"
# ... and a learner's loop that never ends
sed -i 's|for (arma::uword t = 0; t < X.n_rows; ++t) {|for (arma::uword t = 0; t < X.n_rows; t *= 1) {|' \
  "$work/exercises/01_rnn_loop/rnn_forward.cpp"
grep -q 'nullptr' "$work/exercises/01_rnn_loop/rnn_step.cpp" || { echo "sabotage of rnn_step failed"; exit 1; }
grep -q 't \*= 1' "$work/exercises/01_rnn_loop/rnn_forward.cpp" || { echo "sabotage of rnn_forward failed"; exit 1; }

set +e
out=$(cd "$work" && ./course check 01 --timeout 3 2>&1)
code=$?
set -e
echo "$out"

fail() { echo "FAIL: $*"; exit 1; }
[[ $code -ne 0 ]] || fail "check must exit non-zero when an exercise fails"
grep -q '✗ 01 rnn_step .*crashed' <<<"$out" || fail "rnn_step should be reported as crashed"
grep -q 'segmentation fault' <<<"$out" || fail "the crash should be named as a segmentation fault"
grep -q '✗ 01 rnn_forward .*endless loop' <<<"$out" || fail "rnn_forward should be reported as an endless loop"
grep -q 'did not finish in 3 s' <<<"$out" || fail "the time limit should be named"
grep -q '✓ 01 input_projections' <<<"$out" || fail "input_projections should still pass"
grep -q '✓ 01 rnn_questions' <<<"$out" || fail "rnn_questions should still pass"
grep -q '✓ 01 title_question' <<<"$out" || fail "title_question should still pass"
grep -q '3 / 5 done' <<<"$out" || fail "progress should read 3 / 5"
echo "ok: broken exercises are reported alone; the others are still checked"
