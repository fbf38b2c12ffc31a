#!/usr/bin/env bash
# Suite test: ./course bench writes into the build tree and plots/ only.
# A scratch git repository holds the course's tracked files as they are now
# (committed or not); bench/run.sh --quick runs there with the suite's bench
# program, and `git status --porcelain` must read the same after as before;
# the report it writes has the legend and no internal targets.
# Then --save-example must change bench/RESULTS.md and nothing else: the
# example in git is replaced on purpose only. Last, the files the program writes
# for --pytorch are checked for the names pytorch.tsv uses. No timing is checked.
# Usage: bench_leaves_tree_clean.sh REPO_ROOT BENCH_EXE
set -euo pipefail
src=$(cd "$1" && pwd)
exe=$(readlink -f "$2")
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-bench-clean.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# the tracked files (and new ones not ignored) of the course as they are now
mkdir "$work/repo"
(cd "$src" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/repo" 2>/dev/null) \
  || fail "cannot copy the course's files (is $src a git repository?)"
cd "$work/repo"
git init -q && git add -A && git -c user.name=suite -c user.email=suite@localhost commit -qm snapshot
[[ -z $(git status --porcelain) ]] || fail "the scratch copy is not clean before the run"

# the suite's bench program, where bench/run.sh looks for it
mkdir -p build/bench
ln -s "$exe" build/bench/bench

run() { OPENBLAS_NUM_THREADS=1 bash bench/run.sh "$work/repo/build" --quick "$@" >"$work/run.log" 2>&1 \
          || { cat "$work/run.log"; fail "bench/run.sh $* failed"; }; }

run
changed=$(git status --porcelain)
[[ -z $changed ]] || fail "a plain bench run changed the tracked tree:
$changed"
[[ -s build/bench/RESULTS.md ]] || fail "the run wrote no build/bench/RESULTS.md"
grep -q '^| command | `./course bench --quick`' build/bench/RESULTS.md || fail "the table does not quote the command"
# what a learner reads: the legend, the worked example's row, and no internal targets
grep -q '^## How to read these tables' build/bench/RESULTS.md || fail "the report has no legend"
grep -q "^The worked example's size (3,3,4,4), double, 1 thread: kernel .*, reference .*, loops " build/bench/RESULTS.md \
  || fail "the report does not quote the worked example's kernel, reference and loops"
! grep -qE '^## Targets|\| met \|' build/bench/RESULTS.md || fail "the report still has a targets table"
grep -q '^How to read the tables:' "$work/run.log" || fail "the screen has no legend"

run --save-example
changed=$(git status --porcelain)
[[ $changed == " M bench/RESULTS.md" ]] || fail "--save-example should change bench/RESULTS.md alone; git status says:
$changed"
cmp -s bench/RESULTS.md build/bench/RESULTS.md || fail "--save-example did not copy the run's table"
# What --pytorch hands to bench/pytorch_side.py (PyTorch itself is not run here):
# the figures under the names build/bench/pytorch.tsv uses, and the task's sequences.
"$exe" --quick --no-plots --no-loops --no-paths --out "$work/R.md" --ours "$work/ours.tsv" --write-task "$work/task.tsv" \
  >"$work/ours.log" 2>&1 || { cat "$work/ours.log"; fail "bench --ours --write-task failed"; }
[[ $(head -1 "$work/ours.tsv") == $'name\tvalue\tunit' ]] || fail "ours.tsv has no header line"
for name in 'attention double (3,3,4,4) 1 thread' 'attention float (64,64,64,64) 2 threads' \
            'training steps per second' 'training seconds to 99%'; do
  cut -f1 "$work/ours.tsv" | grep -qxF "$name" || fail "ours.tsv has no row '$name'"
done
bad=$(awk -F'\t' 'NR > 1 && !($1 ~ /^attention (double|float) \([0-9]+,[0-9]+,[0-9]+,[0-9]+\) (1 thread|2 threads|1 thread, CPU time)$/ ||
                             $1 ~ /^training (steps per second|steps per second, CPU time|seconds to 99%|steps to 99%)$/)' \
        "$work/ours.tsv")
[[ -z $bad ]] || fail "ours.tsv has rows under unknown names: $bad"
[[ $(grep -c $'^train\t' "$work/task.tsv") -eq 20000 && $(grep -c $'^validation\t' "$work/task.tsv") -eq 1000 ]] \
  || fail "task.tsv does not hold chapter 12's 20000 training and 1000 validation sequences"
echo "bench writes build/ and plots/ only; --save-example replaces bench/RESULTS.md; --ours and --write-task as pytorch_side.py reads them"
