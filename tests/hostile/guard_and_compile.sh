#!/usr/bin/env bash
# Suite test: the fingerprint of the course folder cannot be blinded, and the compile of
# a learner's file reads nothing its check may not; in every mode this machine has
# (bubblewrap, the fallback, the fallback without Landlock), as root and (with `user`) as
# an ordinary user made for the test (attn-learner); docs/CONTAINMENT.md says what each
# mode promises.
#
#   the guard     A check (tests/hostile/plant.cpp) writes a CMakeCache.txt into .git/hooks
#                 and a .git/hooks/pre-commit, a file into .git/info (which held a
#                 CMakeCache.txt before), a new folder with a CMakeCache.txt, a file into
#                 build-sanitize/ (another build tree of the course folder) and over its
#                 program, over a program of the build folder, and over an exercise whose
#                 folder holds a CMakeCache.txt. Where the code can write the folder (the
#                 fallback without Landlock, as the user who owns it; as root, a folder
#                 nobody cannot reach, so the check runs as root), after the check: every
#                 new entry is in the backups, the build trees' new and changed files are
#                 removed, the exercise is kept as written (its version from before in the
#                 backups), and `git commit` runs no hook; the same when the checker is
#                 ended in the middle and the next command settles its journal. Elsewhere
#                 nothing was written, and the check passes.
#   the compile   Where bubblewrap runs, the learner's file is compiled inside it
#                 (cmake/bounded_compile.sh, with the launcher line the build configured):
#                 `#include` or `.incbin` of a file in a folder the check's sandbox hides
#                 (/var/tmp, /root, the home folder) finds nothing, and neither the
#                 compiler's message nor the object holds the file's text; the compiler
#                 writes nothing but the object's folder; a right file still compiles.
#                 `coursectl check-program`'s first line says the compile is sandboxed,
#                 with --sandbox fallback too. Where bubblewrap cannot run (a `bwrap`
#                 that fails, first on PATH), that first line says the compile is not
#                 (with Landlock; without it, the first line is the refusal); with
#                 ATTN_COMPILE_SANDBOX=outside (what coursectl sets where it would run the
#                 code) the file still compiles within its limits (a bomb still stops);
#                 ATTN_COMPILE_SANDBOX=bwrap (what coursectl sets when it said the compile
#                 is sandboxed), unset or anything else refuses the compile instead of
#                 running it outside.
# Usage: guard_and_compile.sh root|user SOURCE_DIR BUILD_DIR COURSECTL
set -uo pipefail
unset ATTN_COMPILE_SANDBOX  # (./course test exports it; each compile here says its own)
who=$1 src=$(cd "$2" && pwd) build=$(cd "$3" && pwd) ctl=$4
# as root and, with `user`, again as an ordinary user
source "$(dirname "$0")/as_user.sh"
run_as_who "$who" "$0" "$src" "$build" "$ctl" "$build/test_01"

work=$(mktemp -d "${TMPDIR:-/tmp}/attn-guard-compile.XXXXXX")
chmod 755 "$work"
secrets=()
cleanup() {
  for p in $(pgrep -f "$work/hostile_plant"); do kill -KILL "$p" 2>/dev/null; done
  rm -rf "$work"
  ((${#secrets[@]})) && rm -f "${secrets[@]}"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL ($label): $*"; echo "$out" | sed 's/^/    | /' | head -20; failures=$((failures + 1)); }
expect() { grep -qE -- "$1" <<<"$out" || fail "expected /$1/"; }
expect_not() { ! grep -qF -- "$1" <<<"$out" || fail "did not expect '$1'"; }

bwrap_runs=false
bwrap --ro-bind / / --dev /dev --proc /proc --unshare-user --cap-drop ALL true 2>/dev/null && bwrap_runs=true
echo "as $(id -un); bubblewrap runs here: $bwrap_runs"

# A course folder for coursectl check-program's first line (the program: the right answer).
root=$work/root
mkdir -p "$root" "$work/tmp"
cp -r "$src/exercises" "$src/solutions" "$src/README.md" "$root/"
first_line() {  # first_line SANDBOX [env...]: coursectl's first line, in $out
  local sandbox=$1; shift
  out=$(env TMPDIR="$work/tmp" "$@" timeout 60 "$ctl" check-program rnn_step --root "$root" --build "$work/build" \
        --sandbox "$sandbox" --timeout 20 -- "$build/checks/check_rnn_step" 2>&1 | head -1)
}

# ---------------------------------------------------------------------------------
# The guard.
hostile=$work/hostile_plant  # a copy: its processes are this test's own, found by this path
cp "$build/hostile/hostile_plant" "$hostile"
course=$work/course
mkdir -p "$work/outside"
chmod 777 "$work/outside"
modes=(nolandlock)
# the fallback with Landlock, where the kernel has it (without it, the fallback is refused)
"$ctl" sandbox --sandbox fallback --root "$root" --build "$work/build" >/dev/null 2>&1 && modes=(fallback "${modes[@]}")
$bwrap_runs && modes=(bwrap "${modes[@]}")
prepare() {  # a fresh course folder, with a build folder and another build tree in it
  rm -rf "$course" "$work/outside/hook_ran"
  mkdir -p "$course/build/checks" "$course/build-sanitize/bin"
  cp -r "$src/exercises" "$src/solutions" "$src/README.md" "$course/"
  git -C "$course" init -q && git -C "$course" config user.name learner && git -C "$course" config user.email learner@example.org
  printf '# put here before the check\n' >"$course/.git/info/CMakeCache.txt"
  printf '# a new file an earlier check left in exercises/ (kept there)\n' >"$course/exercises/01_rnn_loop/CMakeCache.txt"
  printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$course" >"$course/build/CMakeCache.txt"
  cp "$course/build/CMakeCache.txt" "$course/build-sanitize/CMakeCache.txt"
  printf '#!/bin/sh\necho the build program\n' >"$course/build/checks/check_title_question"
  printf '#!/bin/sh\necho the real tool\n' >"$course/build-sanitize/bin/tool"
  chmod 755 "$course/build/checks/check_title_question" "$course/build-sanitize/bin/tool"
  # as root, a folder nobody cannot reach: the fallback runs the check as root, who can write it
  [[ $who == root ]] && chmod 700 "$course"
  forward_before=$(cat "$course/exercises/01_rnn_loop/rnn_forward.cpp")
}
plant_env() {  # plant_env SANDBOX MODE: the environment, --sandbox and --unsafe of one planting check
  env=(ATTN_HOSTILE="$2" ATTN_HOSTILE_ROOT="$course" ATTN_HOSTILE_OUTSIDE="$work/outside" TMPDIR="$work/tmp")
  sandbox=$1 unsafe=()
  # (the fallback without Landlock runs only with --unsafe: tests/hostile/no_sandbox.sh)
  [[ $1 == nolandlock ]] && env+=(COURSE_LANDLOCK=0) && sandbox=fallback && unsafe=(--unsafe)
}
plant_check() {  # plant_check SANDBOX: one check of the planting program; $out, $code
  plant_env "$1" plant
  out=$(env "${env[@]}" timeout 60 "$ctl" check-program rnn_step --root "$course" --build "$course/build" \
        --sandbox "$sandbox" "${unsafe[@]}" --timeout 20 --trusted "$build/test_01" -- "$hostile" 2>&1)
  code=$?
}
# nothing the check planted is left to run; WROTE: whether its code could write the folder
nothing_left() {
  local wrote=$1
  [[ ! -e $course/.git/hooks/pre-commit ]] || fail "a new .git/hooks/pre-commit stayed"
  [[ ! -e $course/.git/hooks/CMakeCache.txt ]] || fail "a new .git/hooks/CMakeCache.txt stayed"
  [[ ! -e $course/.git/info/planted ]] || fail "a new file in .git/info (which held a CMakeCache.txt) stayed"
  [[ ! -e $course/newtree ]] || fail "a new folder with a CMakeCache.txt stayed"
  [[ ! -e $course/build-sanitize/PLANTED ]] || fail "a new file in another build tree stayed"
  [[ ! -e $course/build-sanitize/bin/tool ]] || grep -q "the real tool" "$course/build-sanitize/bin/tool" ||
    fail "the program of another build tree was replaced"
  [[ ! -e $course/build/checks/check_title_question ]] || grep -q "the build program" "$course/build/checks/check_title_question" ||
    fail "a program of the build folder was replaced"
  [[ -e $course/.git/info/CMakeCache.txt && -e $course/exercises/01_rnn_loop/CMakeCache.txt ]] ||
    fail "a file that was there before the check is gone"
  if $wrote; then
    ls "$course"/.course/backups/during-check-*/.git/hooks/pre-commit >/dev/null 2>&1 ||
      fail "the planted hook is not in the backups"
    [[ $(cat "$course/exercises/01_rnn_loop/rnn_forward.cpp") == "// planted" ]] ||
      fail "an exercise written during the check was not kept as written"
    ls "$course"/.course/backups/during-check-*/exercises/01_rnn_loop/rnn_forward.cpp.before-check >/dev/null 2>&1 ||
      fail "the exercise's version from before the check is not in the backups"
  else
    [[ $(cat "$course/exercises/01_rnn_loop/rnn_forward.cpp") == "$forward_before" ]] || fail "an exercise changed"
  fi
  git -C "$course" commit -q --allow-empty -m "a commit after the check" >/dev/null 2>&1
  [[ ! -e $work/outside/hook_ran ]] || fail "git commit ran a hook the check planted"
}
for mode in "${modes[@]}"; do
  label="$mode: a check that plants"
  prepare
  plant_check "$mode"
  if [[ $mode == nolandlock ]]; then
    expect "moved into the backups"
    expect "changed other build folders of the course folder; .*build-sanitize/"
    expect "changed the build folder"
    expect_not "✓ rnn_step done"
    nothing_left true
  else
    expect "✓ rnn_step done"
    nothing_left false
  fi
done
# the checker ended in the middle of a check that planted: the next command settles it
label="nolandlock: the checker ended in the middle"
prepare
plant_env nolandlock plant_sleep
env "${env[@]}" "$ctl" check-program rnn_step --root "$course" --build "$course/build" --sandbox "$sandbox" \
  "${unsafe[@]}" --timeout 60 --trusted "$build/test_01" -- "$hostile" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do grep -qs planted "$course/exercises/01_rnn_loop/rnn_forward.cpp" && break; sleep 0.05; done
grep -qs planted "$course/exercises/01_rnn_loop/rnn_forward.cpp" || fail "the check did not get to plant"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
for p in $(pgrep -f "$hostile"); do kill -KILL "$p" 2>/dev/null; done
[[ -e $course/.course/guard/pending ]] || fail "the ended check left no journal"
out=$("$ctl" list --root "$course" --build "$course/build" 2>&1)
expect "a check was ended before it could look over your files; now: .*moved into the backups"
nothing_left true

# ---------------------------------------------------------------------------------
# The compile: the launcher line exactly as the build configured it for ex_rnn_step
# (ninja -t commands), with this test's file and object put in.
# (A build that is not Ninja's: the launcher with the course's folders and plain flags.)
line=""
[[ -f $build/build.ninja ]] && line=$(cd "$build" && ninja -t commands ex_rnn_step 2>/dev/null | grep 'bounded_compile.sh' | tail -1)
if [[ -n $line ]]; then
  read -ra configured <<<"$line"
else
  echo "(no Ninja launcher line for ex_rnn_step in $build: the launcher with plain flags)"
  configured=("$src/cmake/bounded_compile.sh" 60 2048 128 --see "$src" --see "$build" c++ -std=c++17 -I"$src/src"
              -MD -MT x -MF x -o x -c x)
fi
objdir=$work/obj
mkdir -p "$objdir"
# compile NAME [VAR=value...]: $work/NAME.cpp through the configured line; $out, $code
compile() {
  local name=$1; shift
  local cmd=() prev="" w
  for w in "${configured[@]}"; do
    case $prev in
      -c) w=$work/$name.cpp ;;
      -o) w=$objdir/$name.o ;;
      -MF) w=$objdir/$name.o.d ;;
      -MT) w=$objdir/$name.o ;;
    esac
    cmd+=("$w")
    prev=$w
  done
  rm -f "$objdir/$name.o"
  out=$(cd "$build" && env "$@" "${cmd[@]}" 2>&1)
  code=$?
}
cp "$src/solutions/01_rnn_loop/rnn_step.cpp" "$work/right.cpp"

# files the check's sandbox hides, each holding a secret text
secret="attn-secret-$RANDOM$RANDOM"
hidden=(/var/tmp)
[[ $who == root ]] && hidden+=(/root)
[[ $who != root && $HOME == /home/* && -d $HOME && -w $HOME ]] && hidden+=("$HOME")
for dir in "${hidden[@]}"; do
  f=$(mktemp "$dir/.attn-secret.XXXXXX") || continue
  secrets+=("$f")
  printf '%s\n' "$secret" >"$f"
  chmod 600 "$f"
done
for i in "${!secrets[@]}"; do
  printf '#include "%s"\n' "${secrets[i]}" >"$work/include_$i.cpp"
  printf 'asm(".section .rodata\\n.incbin \\"%s\\"\\n.byte 0\\n.text\\n");\nint attn_probe;\n' "${secrets[i]}" >"$work/incbin_$i.cpp"
done
# a "compiler" that writes outside the object's folder, and inside it
cat >"$work/writer.sh" <<EOF
#!/bin/sh
echo written >>"$work/written-outside"
echo written >>"$objdir/written-inside"
EOF
chmod +x "$work/writer.sh"

if $bwrap_runs; then
  label="bubblewrap: a right file compiles"
  compile right
  [[ $code -eq 0 && -s $objdir/right.o ]] || fail "it did not compile (exit code $code)"
  for i in "${!secrets[@]}"; do
    label="bubblewrap: #include of ${secrets[i]}"
    compile "include_$i"
    [[ $code -ne 0 ]] || fail "it compiled"
    expect "No such file or directory"
    expect_not "$secret"
    label="bubblewrap: .incbin of ${secrets[i]}"
    compile "incbin_$i"
    expect_not "$secret"
    ! grep -qsF "$secret" "$objdir/incbin_$i.o" || fail "the object holds the file's text"
  done
  label="bubblewrap: the compiler writes only the object's folder"
  rm -f "$work/written-outside" "$objdir/written-inside"
  out=$(cd "$build" && "${configured[0]}" 60 2048 128 --see "$src" --see "$build" "$work/writer.sh" -c "$work/right.cpp" -o "$objdir/w.o" 2>&1)
  [[ ! -e $work/written-outside ]] || fail "it wrote $work/written-outside"
  [[ -s $objdir/written-inside ]] || fail "it could not write the object's folder"
  label="bubblewrap: the first line"
  first_line auto
  expect "it is compiled in one too"
  first_line fallback
  expect "WITHOUT a sandbox: asked for.*; it is compiled in a bubblewrap sandbox"
fi

# Where bubblewrap cannot run: a bwrap that fails, first on PATH.
mkdir -p "$work/nobwrap"
printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n' >"$work/nobwrap/bwrap"
chmod +x "$work/nobwrap/bwrap"
nobwrap=PATH=$work/nobwrap:$PATH
label="no bubblewrap: the first line"
if [[ " ${modes[*]} " == *" fallback "* ]]; then
  first_line auto "$nobwrap"
  expect "WITHOUT a sandbox: bubblewrap cannot run here.*it is compiled WITHOUT a sandbox too"
fi
label="no bubblewrap and no Landlock: the first line is the refusal"
first_line auto "$nobwrap" COURSE_LANDLOCK=0
expect "^course: refused to run your code: nothing here can contain it, so it was neither compiled nor run"
label="no bubblewrap: a right file compiles, where coursectl allows it outside (Landlock or --unsafe)"
compile right "$nobwrap" ATTN_COMPILE_SANDBOX=outside
[[ $code -eq 0 && -s $objdir/right.o ]] || fail "it did not compile (exit code $code)"
label="no bubblewrap, where coursectl said the compile is sandboxed"
compile right "$nobwrap" ATTN_COMPILE_SANDBOX=bwrap
[[ $code -ne 0 && ! -e $objdir/right.o ]] || fail "it compiled outside bubblewrap"
expect "right.cpp:1:1: error: bubblewrap could not start the compile of your file here \(bwrap: No permissions"
for how in unset auto; do
  label="no bubblewrap, a build nobody decided for (ATTN_COMPILE_SANDBOX $how)"
  if [[ $how == unset ]]; then compile right "$nobwrap"; else compile right "$nobwrap" ATTN_COMPILE_SANDBOX=$how; fi
  [[ $code -ne 0 && ! -e $objdir/right.o ]] || fail "it compiled outside bubblewrap"
  expect "right.cpp:1:1: error: bubblewrap could not start the compile of your file here \(bwrap: No permissions.*\); ./course compiles it outside only where it would run it"
done
label="no bubblewrap: a compile bomb still stops at its limit"
printf 'asm(".data\\n.space 300000000\\n");\nint main() {}\n' >"$work/space.cpp"
out=$(cd "$work" && env "$nobwrap" ATTN_COMPILE_SANDBOX=outside bash "$src/cmake/bounded_compile.sh" 8 256 16 c++ -c "$work/space.cpp" -o "$objdir/space.o" 2>&1)
expect "space.cpp:1:1: error: .*grew past 16 MiB"

if ((failures)); then
  echo "$failures failures"
  exit 1
fi
echo "ok: as $(id -un), nothing planted is left in: ${modes[*]}; the compile reads nothing its check may not (bubblewrap runs here: $bwrap_runs)"
