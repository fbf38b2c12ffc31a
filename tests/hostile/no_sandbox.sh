#!/usr/bin/env bash
# Suite test: where nothing can contain a learner's code (no bubblewrap and no Landlock:
# a `bwrap` that fails, first on PATH, and COURSE_LANDLOCK=0, as on a kernel without it),
# every command that would compile or run that code refuses before anything is built, run
# or written, says why and how to get a sandbox, and ends with exit code 4; --unsafe runs it
# anyway and says what is not protected. As root and (with `user`) as an ordinary user made
# for the test (attn-learner).
#
#   coursectl   check, watch, check-program, expect-stub and sandbox refuse: the reasons
#               (files outside the course folder, other programs, the guard's record), the
#               fixes (bubblewrap and user namespaces, Landlock) and --unsafe are said; no
#               build is started (a stand-in cmake would log it), no check program runs
#               (it would write outside the course folder), and the course folder and the
#               build folder are as they were (no .course/, no lock). The same with
#               --sandbox fallback where bubblewrap does run, which the message then names.
#   --unsafe    check-program runs; its first line says that --unsafe accepted it and what
#               is not protected; the code's write outside the course folder happens (which
#               is what the refusal keeps from happening). `sandbox --unsafe` says "outside".
#   ./course    check, watch and run NN --mine refuse the same way (run --mine before it
#               builds the chapter on the learner's files); exercises/ and .course/ are
#               unchanged; run --mine --unsafe builds with ATTN_COMPILE_SANDBOX=outside and
#               runs the chapter without passing --unsafe on; --unsafe without --mine is
#               refused (exit 2); the tour builds no learner's file and says check will
#               refuse; where Landlock is there, every one of these goes ahead, and builds
#               with the decision check makes. (A stand-in cmake and coursectl's own program
#               in a stand-in build folder: nothing is compiled.)
# Usage: no_sandbox.sh root|user SOURCE_DIR BUILD_DIR COURSECTL
set -uo pipefail
unset ATTN_COMPILE_SANDBOX  # (./course test exports it; here ./course and coursectl decide it)
who=$1 src=$(cd "$2" && pwd) build=$(cd "$3" && pwd) ctl=$4
# as root and, with `user`, again as an ordinary user
source "$(dirname "$0")/as_user.sh"
run_as_who "$who" "$0" "$src" "$build" "$ctl" "$build/hostile/hostile_rnn_step"

work=$(mktemp -d "${TMPDIR:-/tmp}/attn-no-sandbox.XXXXXX")
work=$(cd "$work" && pwd -P)  # ./course compares its build folder's home with pwd -P
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL ($label): $*"; echo "$out" | sed 's/^/    | /' | head -30; failures=$((failures + 1)); }
expect() { grep -qE -- "$1" <<<"$out" || fail "expected /$1/"; }
expect_not() { ! grep -qE -- "$1" <<<"$out" || fail "did not expect /$1/"; }

# A bwrap that fails, first on PATH (as where user namespaces are not allowed), and a cmake
# that only logs what it was asked for, with the ATTN_COMPILE_SANDBOX it was given.
mkdir -p "$work/bin" "$work/outside" "$work/tmp"
chmod 777 "$work/outside"
printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n' >"$work/bin/bwrap"
cat >"$work/bin/cmake" <<EOF
#!/bin/sh
printf '%s ATTN_COMPILE_SANDBOX=%s\n' "\$*" "\${ATTN_COMPILE_SANDBOX-unset}" >>"$work/cmake-calls"
exit 0
EOF
chmod +x "$work/bin/bwrap" "$work/bin/cmake"
mkdir -p "$work/bin-cmake" && cp "$work/bin/cmake" "$work/bin-cmake/"  # the stand-in cmake alone
nothing=(env PATH="$work/bin:$PATH" COURSE_LANDLOCK=0 TMPDIR="$work/tmp")  # where nothing can contain the code
bwrap_runs=false
bwrap --ro-bind / / --dev /dev --proc /proc --unshare-user --cap-drop ALL true 2>/dev/null && bwrap_runs=true
landlock=false  # whether this kernel has Landlock: then coursectl allows the fallback
env TMPDIR="$work/tmp" "$ctl" sandbox --sandbox fallback --root "$src" --build "$build" >/dev/null 2>&1 && landlock=true
echo "as $(id -un); bubblewrap runs here: $bwrap_runs; Landlock: $landlock"

# refused WHY_PATTERN: $out is the whole refusal, and $code 4
refused() {
  [[ $code -eq 4 ]] || fail "exit code $code, expected 4"
  expect "^course: refused to run your code: nothing here can contain it, so it was neither compiled nor run, and nothing was written"
  expect "Why: $1, and (Landlock is turned off \(COURSE_LANDLOCK=0\)|this kernel offers no Landlock)"
  expect "change files outside the course folder \(your home folder, /tmp, /var/tmp, /dev/shm\), which nothing puts back"
  expect "send signals to your other programs"
  expect "rewrite the record the checker keeps to put the course folder back"
  expect "apt-get install bubblewrap"
  expect "sysctl kernel.unprivileged_userns_clone=1"
  expect "kernel.apparmor_restrict_unprivileged_userns=0"
  expect "Linux 5.13 or later with landlock in its list of security modules"
  expect "To run it anyway, at your own risk: add --unsafe \(./course check --unsafe"
  expect_not "✓|✗|\(your code runs"
}
no_bwrap="bubblewrap cannot run here \(bwrap: No permissions to create new namespace\)"

# ---------------------------------------------------------------------------------
# coursectl, in a course folder of its own and a stand-in build folder
root=$work/root
mkdir -p "$root" "$work/build/checks"
cp -r "$src/exercises" "$src/solutions" "$src/README.md" "$root/"
git -C "$root" init -q && git -C "$root" add exercises &&
  git -C "$root" -c user.name=learner -c user.email=learner@example.org commit -qm stubs ||
  { echo "FAIL: cannot make the course folder's git history (expect-stub reads the stubs there)"; exit 1; }
printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root" >"$work/build/CMakeCache.txt"
# the check program a build would give: a right answer that also writes outside the course folder
cp "$build/hostile/hostile_rnn_step" "$work/build/checks/check_rnn_step"
hostile=(ATTN_HOSTILE=outside ATTN_HOSTILE_OUTSIDE="$work/outside")
snapshot() { (cd "$1" && find . -print0 | sort -z | xargs -0 stat -c '%n %a %s %Y' && find . -type f -print0 | sort -z | xargs -0 sha256sum) 2>/dev/null; }
unchanged() {  # unchanged: nothing built, run or written
  [[ ! -e $work/cmake-calls ]] || fail "a build was started: $(cat "$work/cmake-calls")"
  [[ ! -e $work/outside/written ]] || fail "the check program ran (it wrote outside the course folder)"
  [[ ! -e $root/.course ]] || fail "the state folder .course/ was made"
  [[ $(snapshot "$root") == "$root_before" ]] || fail "the course folder changed"
  [[ $(snapshot "$work/build") == "$build_before" ]] || fail "the build folder changed"
  rm -f "$work/cmake-calls" "$work/outside/written"
}
root_before=$(snapshot "$root")
build_before=$(snapshot "$work/build")
for cmd in check watch check-program expect-stub sandbox; do
  label="coursectl $cmd"
  case $cmd in
    check | watch) args=(rnn_step) ;;
    check-program) args=(rnn_step --trusted "$build/test_01" -- "$work/build/checks/check_rnn_step") ;;
    expect-stub) args=(rnn_step) ;;
    sandbox) args=() ;;
  esac
  out=$("${nothing[@]}" "${hostile[@]}" timeout 60 "$ctl" "$cmd" --root "$root" --build "$work/build" "${args[@]}" </dev/null 2>&1)
  code=$?
  refused "$no_bwrap"
  expect_not "leave out --sandbox fallback"  # (bubblewrap does not run here)
  unchanged
done
if $bwrap_runs; then
  # (with the real bwrap and the stand-in cmake)
  label="coursectl check --sandbox fallback, where bubblewrap runs"
  out=$(env PATH="$work/bin-cmake:$PATH" COURSE_LANDLOCK=0 TMPDIR="$work/tmp" "${hostile[@]}" timeout 60 "$ctl" check \
        rnn_step --root "$root" --build "$work/build" --sandbox fallback 2>&1)
  code=$?
  refused "the fallback was asked for with --sandbox fallback"
  expect "leave out --sandbox fallback \(and COURSE_SANDBOX\): bubblewrap runs here"
  $landlock && expect "unset COURSE_LANDLOCK: this kernel has Landlock"
  unchanged
fi

# --unsafe: the same check runs, says so in its first line, and its code's write outside happens
label="coursectl check-program --unsafe"
out=$("${nothing[@]}" "${hostile[@]}" timeout 60 "$ctl" check-program rnn_step --root "$root" --build "$work/build" \
      --unsafe --trusted "$build/test_01" -- "$work/build/checks/check_rnn_step" 2>&1)
code=$?
[[ $code -eq 0 ]] || fail "exit code $code, expected 0 (a right answer)"
expect "^\(your code runs WITHOUT a sandbox: $no_bwrap, and (Landlock is turned off|this kernel offers no Landlock).*you accepted that with --unsafe"
expect "your home folder, /tmp, /var/tmp and /dev/shm are not put back; and it can signal your other programs"
expect "it is compiled WITHOUT a sandbox too"
expect "✓ rnn_step done"
[[ -e $work/outside/written ]] || fail "the code's write outside the course folder did not happen: the test would not see a check run"
rm -f "$work/outside/written" /var/tmp/attn-hostile-outside /dev/shm/attn-hostile-outside 2>/dev/null
rm -rf "$root/.course"
label="coursectl sandbox --unsafe"
out=$("${nothing[@]}" "$ctl" sandbox --root "$root" --build "$work/build" --unsafe 2>&1)
[[ $out == outside ]] || fail "expected 'outside'"
if $bwrap_runs; then
  label="coursectl sandbox, where bubblewrap runs"
  out=$(env COURSE_LANDLOCK=0 TMPDIR="$work/tmp" "$ctl" sandbox --root "$root" --build "$work/build" 2>&1)
  [[ $out == bwrap ]] || fail "expected 'bwrap'"
fi
label="coursectl hint --unsafe"
out=$("$ctl" hint rnn_step --unsafe --root "$root" --build "$work/build" 2>&1)
code=$?
[[ $code -eq 2 ]] || fail "exit code $code, expected 2"
expect "./course hint does not take --unsafe"

# ---------------------------------------------------------------------------------
# ./course, in a course folder of its own: the script, the exercises and the chapters, and
# a stand-in build folder with this coursectl and a program for each chapter
if ! out=$(env PATH="$work/bin:$PATH" "$src/course" deps 2>&1); then
  echo "(./course deps fails here, so ./course's own commands are not tried: $out)"
else
  course=$work/course
  mkdir -p "$course/build/tools/coursectl" "$course/build/chapters" "$course/plots"
  cp "$src/course" "$course/"
  cp -r "$src/exercises" "$src/chapters" "$course/"
  cp "$ctl" "$course/build/tools/coursectl/coursectl"
  printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$course" >"$course/build/CMakeCache.txt"
  touch "$course/build/.ninja_log"
  for d in "$course"/chapters/[0-9][0-9]_*/; do
    n=$(basename "$d"); n=${n%%_*}
    for p in "ch$n" "ch${n}_mine"; do
      printf '#!/bin/sh\necho "%s ran with: $*"\n' "$p" >"$course/build/chapters/$p"
      chmod +x "$course/build/chapters/$p"
    done
  done
  learner_before() { (cd "$course" && find exercises .course -print0 2>/dev/null | sort -z | xargs -0 stat -c '%n %a %s %Y' && find exercises -type f -print0 | sort -z | xargs -0 sha256sum); }
  before=$(learner_before)
  # c ENV... -- ARGS...: ./course ARGS with ENV; $out, $code, and the builds it asked for in $builds
  c() {
    local env=()
    while [[ $1 != -- ]]; do env+=("$1"); shift; done
    shift
    rm -f "$work/cmake-calls"
    out=$(env PATH="$work/bin:$PATH" TMPDIR="$work/tmp" COURSE_PLOTS_DIR="$course/plots" "${env[@]}" timeout 120 \
          "$course/course" "$@" </dev/null 2>&1)
    code=$?
    builds=$(cat "$work/cmake-calls" 2>/dev/null)
  }
  only_the_checker_built() {
    ! grep -v -- '--target coursectl ' <<<"$builds" | grep -q . || fail "more than the checker was built: $builds"
  }
  for args in "check rnn_step" "watch rnn_step" "run 01 --mine"; do
    label="./course $args"
    read -ra a <<<"$args"
    c COURSE_LANDLOCK=0 -- "${a[@]}"
    refused "$no_bwrap"
    only_the_checker_built
    expect_not "ch01_mine ran"
    [[ $(learner_before) == "$before" ]] || fail "exercises/ or .course/ changed"
  done
  label="./course run 01 --mine --unsafe"
  c COURSE_LANDLOCK=0 -- run 01 --mine --unsafe
  [[ $code -eq 0 ]] || fail "exit code $code, expected 0"
  expect "^ch01_mine ran with: --root $course --plots $course/plots$"
  grep -q -- '--target ch01_mine ATTN_COMPILE_SANDBOX=outside$' <<<"$builds" || fail "chapter 01 on your files was not built with ATTN_COMPILE_SANDBOX=outside: $builds"
  label="./course run 01 --unsafe"
  c COURSE_LANDLOCK=0 -- run 01 --unsafe
  [[ $code -eq 2 ]] || fail "exit code $code, expected 2"
  expect "^course: --unsafe goes with --mine \(./course run 01 --mine --unsafe\)"
  [[ -z $builds ]] || fail "something was built: $builds"
  label="./course tour"
  c COURSE_LANDLOCK=0 -- tour
  [[ $code -eq 0 ]] || fail "exit code $code, expected 0"
  expect "^ch01 ran with"
  expect "Nothing here can contain your code, so ./course check will refuse to run it"
  grep -q -- '--target test_01 ATTN_COMPILE_SANDBOX=unset$' <<<"$builds" || fail "the tour did not build chapter 01's module alone: $builds"
  ! grep -q -- '--target check_' <<<"$builds" || fail "the tour built a check of the learner's files: $builds"
  [[ $(learner_before) == "$before" ]] || fail "exercises/ or .course/ changed"
  label="./course help"
  c -- help
  expect "run NN \[--mine \[--unsafe\]\]"
  expect "refuse \(exit code 4\)"
  if $landlock; then
    # where Landlock is there, the same commands go ahead, and build as check decides
    label="./course run 01 --mine, with Landlock"
    c -- run 01 --mine
    expect "^ch01_mine ran with"
    grep -q -- '--target ch01_mine ATTN_COMPILE_SANDBOX=outside$' <<<"$builds" || fail "not built with ATTN_COMPILE_SANDBOX=outside: $builds"
    label="./course tour, with Landlock"
    c -- tour
    grep -q -- '--target check_rnn_step .*ATTN_COMPILE_SANDBOX=outside$' <<<"$builds" || fail "the tour did not build chapter 01's checks as check would: $builds"
    expect_not "will refuse"
  fi
  if $bwrap_runs; then
    label="./course run 01 --mine, where bubblewrap runs"
    rm -f "$work/cmake-calls"
    out=$(env PATH="$work/bin-cmake:$PATH" TMPDIR="$work/tmp" COURSE_PLOTS_DIR="$course/plots" COURSE_LANDLOCK=0 \
          timeout 120 "$course/course" run 01 --mine </dev/null 2>&1)
    builds=$(cat "$work/cmake-calls" 2>/dev/null)
    expect "^ch01_mine ran with"
    grep -q -- '--target ch01_mine ATTN_COMPILE_SANDBOX=bwrap$' <<<"$builds" || fail "not built with ATTN_COMPILE_SANDBOX=bwrap: $builds"
  fi
fi

if ((failures)); then
  echo "$failures failures"
  exit 1
fi
echo "ok: as $(id -un), where nothing can contain a learner's code, every command refused and changed nothing; --unsafe ran it and said so"
