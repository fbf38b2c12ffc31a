#!/usr/bin/env bash
# Suite test: the checker holds against hostile exercise code.
# tests/hostile/rnn_step.cpp is a right rnn_step that misbehaves in the way
# ATTN_HOSTILE names. Each case goes through the checker's real containment
# (`coursectl check-program`, the code path of `./course check`), once with
# bubblewrap where it can run and once in the fallback mode, in a scratch course
# folder the hostile code attacks. Checked: a pass rests on the report (exit() is caught),
# nothing outside the scratch folder changes, no process outlives the check,
# Ctrl-C ends the build and the check at once, memory is capped, printed text
# cannot fake a verdict, two checks at once wait for each other, and a build
# folder of another course folder is refused.
# Usage: checker_hostile.sh SOURCE_DIR BUILD_DIR COURSECTL HOSTILE_PROGRAM
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
ctl=$3
hostile=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-hostile.XXXXXX")
cleanup() {
  pkill -KILL -f "$hostile --run_test" 2>/dev/null || true
  pkill -KILL -f attn-fake-build-marker 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
failures=0

# A course folder to attack: what the hostile code goes after, and the manifest.
root=$work/root
mkdir -p "$root"
cp -r "$src/exercises" "$src/solutions" "$src/README.md" "$root/"
# every entry's name, permissions, type and size, and every file's content
snapshot() {
  (cd "$root" && find . -path ./.course -prune -o -print0 | sort -z | xargs -0 stat -c '%n %a %F %s' &&
   find . -path ./.course -prune -o -type f -print0 | sort -z | xargs -0 sha256sum)
}
# In the fallback mode, coursectl itself runs inside an outer bubblewrap where only
# the scratch folder is writable: a bug in the fallback's restore must not be able
# to reach the rest of this machine.
# (No private /tmp there: the course, its build and this scratch folder may all live
# under /tmp; the fallback's own scratch folders go to $work/tmp instead.)
mkdir -p "$work/tmp"
if bwrap --ro-bind / / --dev /dev --proc /proc true 2>/dev/null; then
  guard=(bwrap --ro-bind / / --dev /dev --proc /proc --bind "$work" "$work" --setenv TMPDIR "$work/tmp"
         --die-with-parent --)
else
  guard=()
fi

# run MODE SANDBOX [coursectl options...]: one check of the hostile program; output in $out, exit code in $code
run() {
  local mode=$1 sandbox=$2; shift 2
  local wrap=()
  [[ $sandbox == fallback ]] && wrap=("${guard[@]}")  # (bubblewrap does not nest here)
  set +e
  # The fallback here is the one without Landlock (as on a kernel that has none), where
  # the code can write the course folder and the fingerprint must put it back: it runs
  # only with --unsafe (tests/hostile/no_sandbox.sh: the refusal without it);
  # tests/hostile/attacks.sh covers the fallback with Landlock.
  out=$(COURSE_LANDLOCK=0 ATTN_HOSTILE=$mode ATTN_HOSTILE_ROOT=$root "${wrap[@]}" "$ctl" check-program rnn_step --root "$root" \
        --build "$work/build" --sandbox "$sandbox" --unsafe --timeout 20 --trusted "$build/test_01" "$@" -- "$hostile" 2>&1)
  code=$?
  set -e
}

no_hostile_process_left() {  # within a second of the check's end
  for _ in $(seq 50); do
    pgrep -f "$hostile --run_test" >/dev/null || return 0
    sleep 0.02
  done
  pgrep -af "$hostile --run_test" || true
  return 1
}

expect() {  # expect WHAT PATTERN: the last output must match PATTERN
  grep -qE -- "$2" <<<"$out" || { echo "$out"; fail "$1: expected /$2/"; }
}
expect_not() {
  ! grep -qE -- "$2" <<<"$out" || { echo "$out"; fail "$1: did not expect /$2/"; }
}

mkdir -p "$work/build"
# how many checks rnn_step's suite has, as the program itself lists them
cases=$("$hostile" --list_content --run_test=rnn_step 2>&1 | awk '/^rnn_step/ { in_suite = 1; next } /^[^ ]/ { in_suite = 0 } in_suite && /^    / { n++ } END { print n + 0 }')
[[ $cases -ge 2 ]] || fail "could not count rnn_step's checks (got '$cases')"
for sandbox in auto fallback; do
  echo "--- sandbox: $sandbox"
  run "" "$sandbox"
  echo "$out" | head -1
  if [[ $sandbox == fallback ]]; then
    expect "fallback mode says so" "WITHOUT a sandbox: asked for"
    expect "--unsafe is said, and what it leaves open" "you accepted that with --unsafe.*home folder, /tmp, /var/tmp and /dev/shm are not put back"
  elif bwrap --ro-bind / / --dev /dev --proc /proc true 2>/dev/null; then
    expect "auto mode uses bubblewrap where it runs" "in a bubblewrap sandbox"
  fi
  expect "the right answer passes" "✓ rnn_step done"

  # 1. Ending the program early is never a pass.
  for m in exit quick_exit _exit; do
    run "$m" "$sandbox"
    [[ $code -ne 0 ]] || fail "$m: must not pass"
    expect "$m" "✗ rnn_step stopped early"
    expect "$m" "stopped before its checks finished.*after 1 of $cases checks"
    expect_not "$m" "✓"
  done
  expect "_exit gives its exit code" "exit code 0 after 1 of $cases checks\): does your code call exit\(\)\?"

  # 2. Learner code cannot change the course folder (or it is put back and said):
  # files written over, deleted and created; a whole folder deleted; permissions
  # taken away and a file replaced by a link to a file outside.
  before=$(snapshot)
  for m in write rm_rf chmod; do
    run "$m" "$sandbox"
    if [[ $sandbox == fallback && $m == write ]]; then
      # files below exercises/ are never put back (they may be what the learner saved
      # meanwhile): kept as they are, the version from before in .course/backups
      expect "$m: the exercise is kept, and said" "kept as they are now.*exercises/03_softmax/softmax_rows.cpp"
      ls "$root"/.course/backups/during-check-*/exercises/03_softmax/softmax_rows.cpp.before-check >/dev/null ||
        fail "$m: the version from before the check was not kept"
      cp "$src/exercises/03_softmax/softmax_rows.cpp" "$root/exercises/03_softmax/softmax_rows.cpp"
      rm -f "$root/exercises/new_file.txt"
    fi
    [[ $(snapshot) == "$before" ]] || { echo "$out"; fail "$m ($sandbox): the course folder changed"; }
    if [[ $sandbox == fallback ]]; then
      expect "$m: the change is named" "changed files outside its scratch folder; they were put back"
      expect "$m: not a pass" "✗ rnn_step"
      expect_not "$m: the restore never looks outside the folder (through a planted link)" "\.\./"
    fi
  done

  # 3. No process outlives the check, even one that left the process group and session,
  # or one that keeps the check's output open; the check does not wait for them either.
  for m in daemon daemon_output children; do
    start=$SECONDS
    run "$m" "$sandbox"
    expect "$m: a right answer" "✓ rnn_step done"
    [[ $((SECONDS - start)) -lt 10 ]] || fail "$m ($sandbox): the check waited for what its code left behind"
    no_hostile_process_left || fail "$m ($sandbox): a process the check started is still running"
  done

  # 3b. Ctrl-C stops the check at once, with everything it started.
  set +e
  ATTN_HOSTILE=loop "$ctl" check-program rnn_step --root "$root" --build "$work/build" --sandbox "$sandbox" \
    --unsafe --timeout 120 -- "$hostile" >"$work/ctrl-c.out" 2>&1 &
  pid=$!
  set -e
  for _ in $(seq 200); do pgrep -f "$hostile --run_test" >/dev/null && break; sleep 0.05; done
  sleep 0.2
  kill -INT "$pid"
  set +e; wait "$pid"; code=$?; set -e
  out=$(cat "$work/ctrl-c.out")
  [[ $code -eq 130 ]] || { echo "$out"; fail "Ctrl-C ($sandbox): exit code should be 130, got $code"; }
  expect "Ctrl-C" "stopped \(Ctrl-C\)"
  no_hostile_process_left || fail "Ctrl-C ($sandbox): the check program is still running"

  # 4. Memory is capped, and going over is said in those words.
  run memory "$sandbox" --memory 256M
  expect "memory" "✗ rnn_step used too much memory"
  expect "memory" "used more than 256 MiB of memory"

  # 8. What the program prints cannot fake a verdict.
  run fake_pass "$sandbox"
  [[ $code -ne 0 ]] || fail "fake_pass ($sandbox): a wrong answer passed because it printed a pass"
  expect "fake_pass" "✗ rnn_step not yet right"
  expect_not "fake_pass: a printed mistake line is not a diagnosis" "made_up_slip|forged diagnosis|fake failure"
  run fake_mistake "$sandbox"
  expect "fake_mistake: printed failures do not fail a right answer" "✓ rnn_step done"
  expect_not "fake_mistake" "made_up_slip|forged diagnosis"
done

# 3c. Ctrl-C during the build: a stand-in cmake that would build for 5 minutes.
fake=$work/fakebin
mkdir -p "$fake" "$work/fakebuild/checks"
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root" >"$work/fakebuild/CMakeCache.txt"
printf '#!/bin/bash\nexec -a attn-fake-build-marker sleep 300\n' >"$fake/cmake"
chmod +x "$fake/cmake"
set +e
PATH=$fake:$PATH "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" >"$work/build-ctrl-c.out" 2>&1 &
pid=$!
set -e
for _ in $(seq 200); do pgrep -f attn-fake-build-marker >/dev/null && break; sleep 0.05; done
pgrep -f attn-fake-build-marker >/dev/null || fail "the stand-in build did not start"
kill -INT "$pid"
set +e; wait "$pid"; code=$?; set -e
[[ $code -eq 130 ]] || { cat "$work/build-ctrl-c.out"; fail "Ctrl-C in the build: exit code should be 130, got $code"; }
for _ in $(seq 50); do pgrep -f attn-fake-build-marker >/dev/null || break; sleep 0.02; done
! pgrep -f attn-fake-build-marker >/dev/null || fail "Ctrl-C in the build: the build is still running"

# 5. Two checks at once in one build folder: the second waits, both are right, both are remembered.
# The stand-in build holds the first check (and its lock) until the second has said it waits,
# so the order does not depend on how busy the machine is.
release=$work/release-build
cat >"$fake/cmake" <<EOF
#!/bin/bash
touch "$work/build-started"
for _ in \$(seq 1200); do [[ -e "$release" ]] && exit 0; sleep 0.05; done
exit 0
EOF
start_second_when_first_builds() {  # start_second_when_first_builds OUTPUT COMMAND...
  local out_file=$1; shift
  for _ in $(seq 1200); do [[ -e $work/build-started ]] && break; sleep 0.05; done
  [[ -e $work/build-started ]] || fail "the first check's stand-in build did not start"
  "$@" >"$out_file" 2>&1 &
  p2=$!
  for _ in $(seq 1200); do grep -q "waiting" "$out_file" && break; sleep 0.05; done
  touch "$release"
}
cp "$hostile" "$work/fakebuild/checks/check_rnn_step"
cp "$hostile" "$work/fakebuild/checks/check_title_question"
rm -rf "$root/.course" "$work/build-started" "$release"
PATH=$fake:$PATH "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" >"$work/one.out" 2>&1 &
p1=$!
start_second_when_first_builds "$work/two.out" \
  env PATH="$fake:$PATH" "$ctl" check title_question --root "$root" --build "$work/fakebuild"
set +e; wait "$p1"; c1=$?; wait "$p2"; c2=$?; set -e
out=$(cat "$work/one.out" "$work/two.out")
[[ $c1 -eq 0 && $c2 -eq 0 ]] || { echo "$out"; fail "two checks at once: both should pass (exit codes $c1, $c2)"; }
expect "two checks at once" "another ./course command is building or checking in this folder; waiting"
expect "two checks at once" "✓ 01 rnn_step"
expect "two checks at once" "✓ 01 title_question"
expect_not "two checks at once" "could not run|Text file busy"
grep -q '^rnn_step done|' "$root/.course/status.txt" || fail "status.txt lost rnn_step"
grep -q '^title_question done|' "$root/.course/status.txt" || fail "status.txt lost title_question"

# 5b. Two checks of one course folder from two build folders: one course lock, so the
# second waits, and both results are kept.
cp -r "$work/fakebuild" "$work/fakebuild2"
rm -rf "$root/.course" "$work/build-started" "$release"
PATH=$fake:$PATH "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" >"$work/one.out" 2>&1 &
p1=$!
start_second_when_first_builds "$work/two.out" \
  env PATH="$fake:$PATH" "$ctl" check title_question --root "$root" --build "$work/fakebuild2"
set +e; wait "$p1"; c1=$?; wait "$p2"; c2=$?; set -e
out=$(cat "$work/one.out" "$work/two.out")
[[ $c1 -eq 0 && $c2 -eq 0 ]] || { echo "$out"; fail "two build folders at once: both should pass (exit codes $c1, $c2)"; }
expect "two build folders at once" "another ./course command is checking this course folder; waiting"
grep -q '^rnn_step done|' "$root/.course/status.txt" || fail "two build folders: status.txt lost rnn_step"
grep -q '^title_question done|' "$root/.course/status.txt" || fail "two build folders: status.txt lost title_question"

# 5c. The checker itself is ended in the middle of a fallback check whose code changed
# README.md: the journal it left puts the file back at the next command.
before=$(snapshot)
COURSE_LANDLOCK=0 ATTN_HOSTILE=write_sleep ATTN_HOSTILE_ROOT=$root "$ctl" check-program rnn_step --root "$root" \
  --build "$work/build" --sandbox fallback --unsafe --timeout 60 -- "$hostile" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do grep -q vandalised "$root/README.md" && break; sleep 0.05; done
grep -q vandalised "$root/README.md" || fail "the ended check: its code did not get to write"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
[[ -e $root/.course/guard/pending ]] || fail "the ended check left no journal"
no_hostile_process_left || fail "the ended check: its program outlived the checker"
out=$("$ctl" list --root "$root" --build "$work/build" 2>&1)
expect "the ended check is settled by the next command" "a check was ended before it could look over your files; now: .*put back.*README.md"
[[ $(snapshot) == "$before" ]] || fail "the ended check: README.md was not put back"
[[ ! -e $root/.course/guard/pending ]] || fail "the ended check: the journal was not removed"

# 7. A build folder set up for another course folder is refused, not used.
mkdir -p "$work/otherbuild"
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$work/elsewhere" >"$work/otherbuild/CMakeCache.txt"
set +e
out=$("$ctl" check rnn_step --root "$root" --build "$work/otherbuild" 2>&1); code=$?
set -e
[[ $code -ne 0 ]] || fail "a build folder of another course folder must be refused"
expect "another course's build folder" "was set up for the course in $work/elsewhere, not for this folder"

# Corrupt state files are said and rebuilt, never a crash.
printf 'rnn_step \x01\x02garbage\nhalf a line|zz\n' >"$root/.course/status.txt"
set +e
out=$(PATH=$fake:$PATH "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" 2>&1); code=$?
set -e
[[ $code -eq 0 ]] || { echo "$out"; fail "a damaged status.txt must not stop the check"; }
expect "damaged status" "status.txt was damaged"
grep -q '^rnn_step done|' "$root/.course/status.txt" || fail "status.txt was not written afresh"

echo "ok: hostile code was contained in every mode"
