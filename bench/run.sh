#!/usr/bin/env bash
# bench/run.sh BUILD_DIR [--build-times] [--pytorch] [--save-example] [--quick]:
# the body of `./course bench`.
#
# The course script has already built BUILD_DIR/bench/bench; this runs it. A
# plain run writes only into the build tree and plots/ (whose PNGs git ignores):
#   BUILD_DIR/bench/RESULTS.md      the table
#   BUILD_DIR/bench/ours.tsv        with --pytorch: our figures PyTorch is compared with,
#   BUILD_DIR/bench/reversal_task.tsv   the task both sides train on,
#   BUILD_DIR/bench/pytorch.tsv     and both: name, ours, pytorch, unit
#   plots/bench_*.png
# bench/RESULTS.md, the example kept in git, changes only with --save-example.
#
# A program cannot time its own clean build, so with --build-times this script
# first configures and builds the whole course in a scratch directory, runs the
# test suite there, and hands both times to the program for its table. (That
# takes several minutes; without the flag the table says the two were not
# measured.) --pytorch runs bench/pytorch_side.py after the program (which it
# starts again as `bench --serve-training`, to time our training in turns with
# PyTorch's), on the
# same machine with the same thread counts and shapes (the course script has
# installed python3-torch); its section is added to the table. --quick is a
# smoke run (fewer shapes, shorter timings; the suite uses it).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:?usage: bench/run.sh BUILD_DIR [--build-times] [--pytorch] [--save-example] [--quick]}
shift
JOBS=${COURSE_JOBS:-$(nproc 2>/dev/null || echo 2)}
OUT=$BUILD/bench
PYTHON=${COURSE_PYTHON:-/usr/bin/python3}  # Debian's python3, which python3-torch installs into

build_times=0 pytorch=0 save_example=0 quick=0
for a in "$@"; do
  case $a in
    --build-times) build_times=1 ;;
    --pytorch) pytorch=1 ;;
    --save-example) save_example=1 ;;
    --quick) quick=1 ;;
    *) printf 'course: unknown option for bench: %s (known: --build-times, --pytorch, --save-example, --quick)\n' "$a" >&2
       exit 2 ;;
  esac
done

mkdir -p "$OUT"
# figures of an earlier --pytorch run must not pass for this run's
((pytorch)) || rm -f "$OUT/ours.tsv" "$OUT/reversal_task.tsv" "$OUT/pytorch.tsv" "$OUT/pytorch.md"
args=(--out "$OUT/RESULTS.md" --plots "${COURSE_PLOTS_DIR:-$ROOT/plots}"
      --command "./course bench${*:+ $*}")
((quick)) && args+=(--quick)
((pytorch)) && args+=(--ours "$OUT/ours.tsv" --write-task "$OUT/reversal_task.tsv")

seconds_since() {  # seconds_since START_NS -> seconds with one decimal
  awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'
}

if ((build_times)); then
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/course-bench-build.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  printf 'course: clean build and test suite in %s (several minutes)\n' "$scratch"
  start=$(date +%s%N)
  cmake -S "$ROOT" -B "$scratch" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$scratch/configure.log" 2>&1 \
    || { cat "$scratch/configure.log" >&2; exit 1; }
  cmake --build "$scratch" -j "$JOBS" >"$scratch/build.log" 2>&1 \
    || { tail -30 "$scratch/build.log" >&2; printf 'course: the clean build failed\n' >&2; exit 1; }
  # as ./course test does: every exercise's check program too (keep going past a broken one)
  cmake --build "$scratch" -j "$JOBS" --target checks -- -k 0 >"$scratch/checks.log" 2>&1 || true
  build_s=$(seconds_since "$start")
  printf 'course: clean build %s s; running the test suite\n' "$build_s"

  start=$(date +%s%N)
  (cd "$scratch" && ctest -j "$JOBS" --output-on-failure) >"$scratch/ctest.log" 2>&1 || true
  test_s=$(seconds_since "$start")
  # e.g. "100% tests passed, 0 tests failed out of 312"
  summary=$(grep -E 'tests passed|tests failed' "$scratch/ctest.log" | tail -1 || true)
  printf 'course: test suite %s s: %s\n' "$test_s" "${summary:-no summary line}"
  args+=(--build-seconds "$build_s" --test-seconds "$test_s" --test-note "${summary:-ctest printed no summary}")
fi

# not exec: the scratch directory's clean-up (the EXIT trap) must still run
"$BUILD/bench/bench" "${args[@]}"

if ((pytorch)); then
  printf '\n--- 5. Side by side with PyTorch (bench/pytorch_side.py) ---\n'
  py_args=(--ours "$OUT/ours.tsv" --task "$OUT/reversal_task.tsv" --ours-server "$BUILD/bench/bench" --tsv "$OUT/pytorch.tsv" --markdown "$OUT/pytorch.md")
  ((quick)) && py_args+=(--quick)
  "$PYTHON" "$ROOT/bench/pytorch_side.py" "${py_args[@]}"
  # the section goes at the end of the table, through a temporary file and a rename
  cat "$OUT/RESULTS.md" "$OUT/pytorch.md" >"$OUT/RESULTS.md.tmp"
  mv "$OUT/RESULTS.md.tmp" "$OUT/RESULTS.md"
  printf 'wrote %s and %s\n' "$OUT/pytorch.tsv" "$OUT/RESULTS.md"
fi

if ((save_example)); then
  # on purpose only: the committed example of the results
  cp "$OUT/RESULTS.md" "$ROOT/bench/RESULTS.md.tmp"
  mv "$ROOT/bench/RESULTS.md.tmp" "$ROOT/bench/RESULTS.md"
  printf 'saved %s as the example in bench/RESULTS.md (commit it if you mean to)\n' "$OUT/RESULTS.md"
fi
