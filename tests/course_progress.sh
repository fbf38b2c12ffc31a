#!/usr/bin/env bash
# Suite test: a first build that is not on a terminal shows how far it is, as a
# line every few seconds ("course: building, step N of M", with an estimate of
# what is left once there is one), never a line per step; Ninja's own lines go to
# the build log. A stand-in cmake plays a 60-step build, so that nothing
# is compiled (10 slow steps, then 50 quicker ones: 13.5 s); COURSE_PROGRESS_EVERY=1
# stands for the usual 10 s between lines.
# Usage: course_progress.sh REPO_ROOT
set -uo pipefail
root=$(cd "$1" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-progress.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$work/bin" "$work/build"
# set up for this course already, so that ./course goes straight to the build
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root" >"$work/build/CMakeCache.txt"
cat >"$work/bin/cmake" <<'FAKE'
#!/usr/bin/env bash
# a Ninja build of 60 steps, as Ninja prints it with NINJA_STATUS='[%f/%t] '
[[ ${1:-} == --build ]] || { echo "stand-in cmake: only --build is played" >&2; exit 2; }
# cmake's own re-run first, as Ninja prints it when a file was added
echo "${NINJA_STATUS/\%f\/\%t/0/2}Re-checking globbed directories..."; sleep 1.2
echo "${NINJA_STATUS/\%f\/\%t/1/2}Re-running CMake..."; sleep 1.2
# slow first steps (as the precompiled header and the library are), then quick ones
for k in $(seq 60); do echo "${NINJA_STATUS/\%f\/\%t/$k/60}Building CXX object step_$k.o"; sleep "$( ((k <= 10)) && echo 0.6 || echo 0.15)"; done
FAKE
chmod +x "$work/bin/cmake"

out=$(PATH="$work/bin:$PATH" COURSE_BUILD_DIR="$work/build" COURSE_PROGRESS_EVERY=1 "$root/course" run 01 2>&1 </dev/null)
echo "$out"
progress=$(grep '^course: building, step' <<<"$out")
n=$(grep -c . <<<"$progress")
((n >= 8)) || fail "a 13.5-s build should show at least 8 progress lines, one a second; got $n"
((n <= 16)) || fail "progress should be a line every second or so, not one per step; got $n lines"
grep -qE '^course: building ch01 \(a few minutes the first time\)$' <<<"$out" \
  || fail "a new build tree should be announced first"
# the counts are Ninja's, in order, out of the build's 60 steps
steps=$(sed -E 's/^course: building, step ([0-9]+) of 60.*/\1/' <<<"$progress")
grep -qvE '^[0-9]+$' <<<"$steps" && fail "every progress line should read 'step N of 60'"
sort -nc <<<"$steps" || fail "the step counts should only go up"
# an estimate once a quarter of the steps are done and the pace is steady, not before:
# the slow first steps would make it far too long
grep -qE 'step [0-9]+ of 60, less than a minute left$' <<<"$progress" || fail "no line gave an estimate of what is left"
while read -r line; do
  k=$(sed -E 's/^course: building, step ([0-9]+) of 60.*/\1/' <<<"$line")
  ((k >= 15)) || [[ $line != *left ]] || fail "an estimate before a quarter of the steps: '$line'"
done <<<"$progress"
grep -qE 'step ([0-9]|1[0-4]) of 60$' <<<"$progress" || fail "the slow first steps should show a line without an estimate"
grep -q 'Building CXX object' <<<"$out" && fail "Ninja's own lines belong in the build log, not on the screen"
[[ $(grep -c 'Building CXX object' "$work/build/build.log") -eq 60 ]] || fail "the build log should hold all 60 of Ninja's lines"
# a bad setting is named, before anything is built (the log stays as the first build left it)
out=$(PATH="$work/bin:$PATH" COURSE_BUILD_DIR="$work/build" COURSE_PROGRESS_EVERY=soon "$root/course" run 01 2>&1 </dev/null)
grep -q "COURSE_PROGRESS_EVERY needs a whole number of seconds; got 'soon'" <<<"$out" || { echo "$out"; fail "COURSE_PROGRESS_EVERY=soon should be refused by name"; }
[[ $(grep -c 'Building CXX object' "$work/build/build.log") -eq 60 ]] || fail "a refused setting should not start a build"
# cmake's re-run before the build ("[0/2] Re-running CMake") is no step of the build
grep -q 'of 2$\|of 2,' <<<"$progress" && fail "the re-run of cmake was counted as the build: '$(grep 'of 2' <<<"$progress" | head -1)'"
echo "ok: a build off the terminal shows $n progress lines for 60 steps, with an estimate"
