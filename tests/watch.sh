#!/usr/bin/env bash
# Suite test: ./course watch, as a learner uses it, in a pseudo-terminal (`script`,
# util-linux). A stand-in cmake "builds" rnn_forward's check program from what the
# file says: the suite's deliberately wrong version (it forgets the previous state)
# or the reference test program, so no compiler runs. Then: saving a wrong body shows
# the diagnosis; saving the right one passes and moves on to the next exercise; `h`
# shows a hint; `q` quits cleanly (exit 0, the terminal restored).
# Usage: watch.sh SOURCE_DIR COURSECTL WRONG_PROGRAM RIGHT_PROGRAM
set -euo pipefail
src=$(cd "$1" && pwd)
ctl=$2 wrong=$3 right=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-watch.XXXXXX")
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "--- screen:"; cat "$work/screen" 2>/dev/null; echo "FAIL: $*"; exit 1; }

root=$work/root
mkdir -p "$root" "$work/build/checks" "$work/bin"
cp -r "$src/exercises" "$root/"
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root" >"$work/build/CMakeCache.txt"
ex=$root/exercises/01_rnn_loop/rnn_forward.cpp
cat >"$work/bin/cmake" <<STUB
#!/bin/bash
# cmake --build DIR --target check_NAME: for rnn_forward, the program that the file's
# text asks for; any other exercise "does not compile", so the watch stays there
out="$work/build/checks/\$4"
[[ \$4 == check_rnn_forward ]] || { echo "x.cpp:1:1: error: not built in this test"; exit 1; }
if grep -q RIGHT "$ex"; then cp "$right" "\$out"; else cp "$wrong" "\$out"; fi
STUB
chmod +x "$work/bin/cmake"
echo "// WRONG" >>"$ex"

mkfifo "$work/keys"
# script gives the watch a terminal; keys are fed through the FIFO
PATH=$work/bin:$PATH script -qfec "$ctl watch rnn_forward --root $root --build $work/build" /dev/null \
  <"$work/keys" >"$work/screen" 2>&1 &
pid=$!
exec 7>"$work/keys"

wait_for() {  # wait_for PATTERN WHAT: up to 20 s
  for _ in $(seq 400); do
    grep -qE -- "$1" "$work/screen" 2>/dev/null && return 0
    sleep 0.05
  done
  fail "$2: expected /$1/ on the screen"
}
wait_for "== rnn_forward \(chapter 01\)" "watch shows the exercise it follows"
wait_for "mistake: each h_t was computed from x_t alone" "a wrong body gets its diagnosis at once"
printf 'h' >&7
wait_for "hint 1 of [0-9]+ for rnn_forward" "h shows a hint"
sed -i 's|// WRONG|// RIGHT|' "$ex"
wait_for "✓ 01 rnn_forward" "saving the right body passes"
wait_for "== input_projections \(chapter 01\)" "then watch moves on to the next exercise"
wait_for "✗ 01 input_projections +does not compile" "and checks it at once"
printf 'q' >&7
for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
kill -0 "$pid" 2>/dev/null && fail "q should quit the watch"
set +e; wait "$pid"; code=$?; set -e
[[ $code -eq 0 ]] || fail "q should quit with exit code 0, got $code"
grep -q "stopped watching" "$work/screen" || fail "q should say it stopped"
grep -q '^rnn_forward done|' "$root/.course/status.txt" || fail "the pass should be remembered for ./course list"
[[ -n ${SHOW_SCREEN:-} ]] && cat "$work/screen"
echo "ok: watch checks on save, names the mistake, moves on after a pass, hints on h, quits on q"
