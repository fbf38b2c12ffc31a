#!/usr/bin/env bash
# Suite test: one broken exercise never takes the others down.
# In a scratch copy of the repository, the chapter-01 solutions are copied into
# exercises/, then each is broken in its own way, as a learner might: a null
# pointer, an endless loop, an exception, a syntax error, and megabytes of
# printing (in an otherwise right answer). `./course check 01` must give each its
# own verdict, still pass the one that is right, exit non-zero, and leave
# exercises/ exactly as the learner left it.
# Usage: checker_isolation.sh REPO_ROOT [COURSECTL]
# With COURSECTL (the suite's own, as CMake passes it), the check runs the same
# `coursectl check` that ./course check execs, so that the scratch copy need not
# build coursectl a second time (about 10 s of CPU); the scratch copy's own build/
# still builds and runs every check program. Without it, ./course check runs.
set -euo pipefail
src=$(cd "$1" && pwd)
ctl=${2:+$(readlink -f "$2")}
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-isolation.XXXXXX")
trap 'rm -rf "$work"' EXIT

# copy the sources (tracked and new files, not build trees)
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work")
else
  (cd "$src" && tar --exclude='./build*' --exclude='./.course' -cf - .) | (cd "$work" && tar -xf -)
fi

cp "$src"/solutions/01_rnn_loop/*.cpp "$work/exercises/01_rnn_loop/"
# Its build: configured here, at -O1 (nothing here is timed); a check of chapter 01
# builds only what chapter 01's checks link (the core, chapter 01's lab, its module and
# its exercises: the libraries are the layers), and ./course then finds the tree set up.
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" >"$work/configure.log" 2>&1 \
  || { cat "$work/configure.log"; echo "cannot configure the scratch copy"; exit 1; }
# a learner's null-pointer bug ...
sed -i 's|    return arma::tanh(pre);|    volatile int* p = nullptr;\n    *p = 1;\n    return arma::tanh(pre);|' \
  "$work/exercises/01_rnn_loop/rnn_step.cpp"
# ... and a learner's loop that never ends
sed -i 's|for (arma::uword t = 0; t < X.n_rows; ++t) {|for (arma::uword t = 0; t < X.n_rows; t *= 1) {|' \
  "$work/exercises/01_rnn_loop/rnn_forward.cpp"
# ... an exception of the learner's own ...
sed -i 's|    return X \* U.t();  // (L, d_h)|    throw std::runtime_error("my own check failed");|' \
  "$work/exercises/01_rnn_loop/input_projections.cpp"
sed -i 's|#include "core/errors.hpp"|#include <stdexcept>\n#include "core/errors.hpp"|' "$work/exercises/01_rnn_loop/input_projections.cpp"
# ... a missing semicolon ...
sed -i 's|bool transformer_is_attention_only() { return false; }|bool transformer_is_attention_only() { return false }|' \
  "$work/exercises/01_rnn_loop/title_question.cpp"
# ... and a debugging print in a loop (3 MB), in an answer that is right, from code
# that also writes over another exercise's file, by its absolute path
sed -i 's|^int rnn_path_length(int i, int j) { return i <= j ? j - i : kNeverReaches; }|int rnn_path_length(int i, int j) {\n    std::ofstream("'"$work"'/exercises/03_softmax/softmax_rows.cpp") << "// gone";\n    for (int k = 0; k < 40000; ++k) std::printf("debug: rnn_path_length(%d, %d) step %d of 40000\\n", i, j, k);\n    return i <= j ? j - i : kNeverReaches;\n}|' \
  "$work/exercises/01_rnn_loop/rnn_questions.cpp"
sed -i 's|#include "contracts/01_rnn_loop.hpp"|#include <cstdio>\n#include <fstream>\n\n#include "contracts/01_rnn_loop.hpp"|' "$work/exercises/01_rnn_loop/rnn_questions.cpp"
grep -q 'nullptr' "$work/exercises/01_rnn_loop/rnn_step.cpp" || { echo "sabotage of rnn_step failed"; exit 1; }
grep -q 't \*= 1' "$work/exercises/01_rnn_loop/rnn_forward.cpp" || { echo "sabotage of rnn_forward failed"; exit 1; }
grep -q 'my own check failed' "$work/exercises/01_rnn_loop/input_projections.cpp" || { echo "sabotage of input_projections failed"; exit 1; }
grep -q 'return false }' "$work/exercises/01_rnn_loop/title_question.cpp" || { echo "sabotage of title_question failed"; exit 1; }
grep -q 'debug: rnn_path_length' "$work/exercises/01_rnn_loop/rnn_questions.cpp" || { echo "sabotage of rnn_questions failed"; exit 1; }
grep -q '03_softmax/softmax_rows.cpp") << ' "$work/exercises/01_rnn_loop/rnn_questions.cpp" || { echo "sabotage of rnn_questions (write) failed"; exit 1; }
before=$(cd "$work/exercises" && find . -type f -print0 | sort -z | xargs -0 sha256sum)

set +e
if [[ -n $ctl ]]; then
  out=$(cd "$work" && "$ctl" check 01 --timeout 3 --root "$work" --build "$work/build" 2>&1)
else
  out=$(cd "$work" && ./course check 01 --timeout 3 2>&1)
fi
code=$?
set -e
echo "$out"

fail() { echo "FAIL: $*"; exit 1; }
[[ $code -ne 0 ]] || fail "check must exit non-zero when an exercise fails"
grep -q '✗ 01 rnn_step .*crashed' <<<"$out" || fail "rnn_step should be reported as crashed"
grep -q 'segmentation fault' <<<"$out" || fail "the crash should be named as a segmentation fault"
grep -q '✗ 01 rnn_forward .*endless loop' <<<"$out" || fail "rnn_forward should be reported as an endless loop"
grep -q 'did not finish in 3 s' <<<"$out" || fail "the time limit should be named"
grep -q '✗ 01 input_projections .*not yet right' <<<"$out" || fail "input_projections should be reported as failing"
grep -q 'threw an exception: std::runtime_error: my own check failed' <<<"$out" || fail "the learner's exception should be quoted"
grep -q '✗ 01 title_question .*does not compile' <<<"$out" || fail "title_question should be reported as not compiling"
grep -q 'exercises/01_rnn_loop/title_question.cpp:[0-9]*:[0-9]*: error:' <<<"$out" || fail "the compile error should name file, line and column"
grep -qE '✓ 01 rnn_questions|✗ 01 rnn_questions .*not yet right' <<<"$out" || fail "rnn_questions (right, but printing megabytes) should be checked as usual"
grep -q 'debug: rnn_path_length' <<<"$out" && fail "the learner's debugging output should not flood the report"
grep -qE '[01] / 5 done' <<<"$out" || fail "progress should read 1 / 5 (0 / 5 where no sandbox can run)"
[[ $(wc -l <<<"$out") -lt 40 ]] || fail "the report should stay short; it has $(wc -l <<<"$out") lines"
after=$(cd "$work/exercises" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
[[ $before == "$after" ]] || fail "check changed files under exercises/"
# A copied course must not build and grade the original folder's exercises: its
# build/ (copied along) is set up afresh for the copy. `./course setup` runs the same
# set-up as every building command, without the build that follows it.
copy=$work-copy
trap 'rm -rf "$work" "$copy"' EXIT
cp -a "$work" "$copy"
set +e
out=$(cd "$copy" && ./course setup 2>&1)
code=$?
set -e
[[ $code -eq 0 ]] || { echo "$out"; fail "./course setup in a copied course should set build/ up again and work"; }
grep -q "was set up for the course in $work .*setting it up again for $copy" <<<"$out" || { echo "$out"; fail "the copy should say that build/ belonged to the original"; }
grep -q "^CMAKE_HOME_DIRECTORY:INTERNAL=$copy\$" "$copy/build/CMakeCache.txt" || fail "the copy's build/ should now belong to the copy"
[[ ! -e $copy/build/.ninja_log ]] || fail "./course setup should only set build/ up, not build"
[[ -L $copy/compile_commands.json && -f $copy/compile_commands.json ]] || fail "./course setup should link compile_commands.json into the copy"
grep -q "\"file\": \"$copy/exercises/01_rnn_loop/rnn_step.cpp\"" "$copy/build/compile_commands.json" \
  || fail "the copy's compile_commands.json should name the copy's exercise files"
echo "ok: broken exercises are reported alone; the others are still checked; exercises/ untouched; a copy sets up its own build/"
