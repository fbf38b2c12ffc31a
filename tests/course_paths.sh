#!/usr/bin/env bash
# Suite test: paths on ./course's command line are the learner's, relative to the
# folder where the command was typed, for attend's inputs and its --out, and for
# a chapter's --checkpoint. Usage: course_paths.sh REPO_ROOT BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
export COURSE_BUILD_DIR=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-paths.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$work/mine"
cp "$src/tests/data/attend/Q.csv" "$src/tests/data/attend/K.csv" "$src/tests/data/attend/V.csv" "$work/mine/"
cd "$work/mine"
out=$("$src/course" attend Q.csv K.csv V.csv --out results --no-plot 2>&1) || { echo "$out"; fail "attend with paths relative to the learner's folder"; }
[[ -f $work/mine/results/weights.csv && -f $work/mine/results/output.csv ]] \
  || { echo "$out"; fail "--out results should be made where the command was typed ($work/mine/results)"; }
[[ ! -e $src/results ]] || fail "--out results landed in the course folder"
set +e
out=$("$src/course" attend nope.csv K.csv V.csv 2>&1); code=$?
set -e
[[ $code -eq 2 ]] && grep -q "nope.csv" <<<"$out" || { echo "$out"; fail "a missing file is named, relative to the learner's folder"; }
echo "ok: attend's paths are the learner's"
