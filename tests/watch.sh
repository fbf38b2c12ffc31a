#!/usr/bin/env bash
# Suite test: ./course watch, as a learner uses it, in a pseudo-terminal (`script`,
# util-linux). A stand-in cmake "builds" each chapter-01 check program from what its
# file says: "// RIGHT" gives the reference test program (which passes any chapter-01
# suite), "// WRONG" in rnn_forward the suite's deliberately wrong version (it forgets
# the previous state); anything else "does not compile". So no compiler runs. Then:
#  1. watch rnn_forward: saving a wrong body shows the diagnosis; `h` shows the hint for
#     the check that failed; saving the right one passes, says rnn_forward is done and
#     what comes next, and ends by itself (exit 0);
#  2. watch 01: each unfinished exercise of the chapter in turn; once the last one
#     passes, it says that chapter 01 is done and names chapter 02, and ends (exit 0);
#  3. watch (the whole course): it says that chapter 01 is done and goes on into
#     chapter 02; `q` quits cleanly (exit 0).
# Usage: watch.sh SOURCE_DIR COURSECTL WRONG_PROGRAM RIGHT_PROGRAM (with ATTN_VERSION set
# where WRONG_PROGRAM holds several versions: the checker passes it on)
set -euo pipefail
src=$(cd "$1" && pwd)
ctl=$2 wrong=$3 right=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-watch.XXXXXX")
pid=
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
screen=$work/screen
fail() { echo "--- screen:"; cat "$screen" 2>/dev/null; echo "FAIL: $*"; exit 1; }

root=$work/root
mkdir -p "$root" "$work/build/checks" "$work/bin"
cp -r "$src/exercises" "$root/"
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root" >"$work/build/CMakeCache.txt"
ch01=$root/exercises/01_rnn_loop
cat >"$work/bin/cmake" <<STUB
#!/bin/bash
# cmake --build DIR --target check_NAME test_NN: the program that the file's text asks for
out="$work/build/checks/\$4"
name=\${4#check_}
file="$ch01/\$name.cpp"
[[ -f \$file ]] || { echo "x.cpp:1:1: error: not built in this test"; exit 1; }
if grep -q RIGHT "\$file"; then cp "$right" "\$out"
elif [[ \$name == rnn_forward ]] && grep -q WRONG "\$file"; then cp "$wrong" "\$out"
else echo "\$name.cpp:1:1: error: not built in this test"; exit 1; fi
STUB
chmod +x "$work/bin/cmake"

start_watch() {  # start_watch [NN|NAME]: script gives the watch a terminal; keys come through a FIFO
  screen=$work/screen-${1:-course}
  rm -f "$work/keys"
  mkfifo "$work/keys"
  PATH=$work/bin:$PATH script -qfec "$ctl watch $* --root $root --build $work/build" /dev/null \
    <"$work/keys" >"$screen" 2>&1 &
  pid=$!
  exec 7>"$work/keys"
}
wait_for() {  # wait_for PATTERN WHAT: up to 20 s
  for _ in $(seq 400); do
    grep -qE -- "$1" "$screen" 2>/dev/null && return 0
    sleep 0.05
  done
  fail "$2: expected /$1/ on the screen"
}
ends_with_0() {  # ends_with_0 WHAT: the watch ends within 10 s, with exit code 0
  for _ in $(seq 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && fail "$1: the watch should have ended"
  set +e; wait "$pid"; local code=$?; set -e
  pid=
  exec 7>&-
  [[ $code -eq 0 ]] || fail "$1: exit code 0 expected, got $code"
}

# --- 1. one exercise: diagnosed, hinted, passed, done ------------------------------
echo "// WRONG" >>"$ch01/rnn_forward.cpp"
start_watch rnn_forward
wait_for "== rnn_forward \(chapter 01\)" "watch shows the exercise it follows"
wait_for "mistake: each h_t was computed from x_t alone" "a wrong body gets its diagnosis at once"
grep -q '^rnn_forward .*changing_a_later_input_leaves_earlier_states_alone' "$root/.course/failing.txt" ||
  fail "the checks that failed should be kept in .course/failing.txt for ./course hint"
printf 'h' >&7
wait_for "hint 1 of 1 for rnn_forward's failing check changing_a_later_input_leaves_earlier_states_alone" \
  "h shows the hint for a check that failed, before the general ones"
sed -i 's|// WRONG|// RIGHT|' "$ch01/rnn_forward.cpp"
wait_for "✓ 01 rnn_forward" "saving the right body passes"
wait_for "rnn_forward is done: every check passes; next: ./course watch input_projections" \
  "watch says the exercise asked for is done, and what comes next"
ends_with_0 "an exercise asked for that is done"
grep -q "== input_projections" "$screen" && fail "a watch of one exercise should not move on to the next"
grep -q '^rnn_forward done|' "$root/.course/status.txt" || fail "the pass should be remembered for ./course list"
grep -q '^rnn_forward ' "$root/.course/failing.txt" && fail "a pass leaves no failing checks behind"

# --- 2. one chapter: every unfinished exercise in turn, then done -------------------
for e in rnn_step input_projections rnn_questions; do echo "// RIGHT" >>"$ch01/$e.cpp"; done
start_watch 01
wait_for "✓ 01 rnn_step" "watch 01 starts at the chapter's first unfinished exercise"
wait_for "✓ 01 rnn_questions" "and moves on through the chapter"
wait_for "✗ 01 title_question +does not compile" "up to its last unfinished exercise"
grep -q "== rnn_forward" "$screen" && fail "an exercise that is done is not watched again"
grep -q "chapter 01 is done" "$screen" && fail "chapter 01 is not done while title_question fails"
echo "// RIGHT" >>"$ch01/title_question.cpp"
wait_for "✓ 01 title_question" "saving the last exercise passes"
wait_for "chapter 01 is done: every exercise passes; next: ./course watch 02" \
  "watch says that the chapter asked for is done, and names the next"
ends_with_0 "a chapter asked for that is done"
grep -q "== project" "$screen" && fail "a watch of chapter 01 should not run on into chapter 02"

# --- 3. the whole course: chapter 01 done is said, and the watch goes on ------------
echo "// RIGHT, saved again" >>"$ch01/title_question.cpp"
start_watch
wait_for "✓ 01 title_question" "watch starts at the first unfinished exercise of the course"
wait_for "chapter 01 is done: every exercise passes" "and says when a chapter is done"
wait_for "== project \(chapter 02\)" "then goes on into the next chapter"
wait_for "✗ 02 project +does not compile" "and checks it at once"
grep -q "next: ./course watch" "$screen" && fail "a watch of the whole course needs no command for what is next"
printf 'q' >&7
ends_with_0 "q"
grep -q "stopped watching" "$screen" || fail "q should say it stopped"
[[ -n ${SHOW_SCREEN:-} ]] && cat "$work"/screen-*
echo "ok: watch checks on save, names the mistake, hints on h for the failing check, stops when what was asked for is done, goes on through the course, quits on q"
