#!/usr/bin/env bash
# Suite test: the compile of a learner's file reads nothing its check may not, in every
# mode this machine has, as root and (with `user`) as an ordinary user made for the test
# (attn-learner); docs/CONTAINMENT.md says what each mode promises.
#
#   the compile   Where bubblewrap runs, the learner's file is compiled inside it
#                 (cmake/bounded_compile.sh, with the launcher line the build configured):
#                 `#include` or `.incbin` of a file in a folder the check's sandbox hides
#                 (/var/tmp, /root, the home folder) finds nothing, and neither the
#                 compiler's message nor the object holds the file's text; the compiler
#                 writes nothing but the object's folder; a right file still compiles.
#                 `coursectl check-program`'s first line says the compile is sandboxed,
#                 with --sandbox fallback too. Where bubblewrap cannot run (a `bwrap`
#                 that fails, first on PATH), that first line says the compile is not,
#                 the file still compiles within its limits (a bomb still stops), and
#                 ATTN_COMPILE_SANDBOX=bwrap (what coursectl sets when it said it is)
#                 refuses the compile instead of running it outside.
# Usage: guard_and_compile.sh root|user SOURCE_DIR BUILD_DIR COURSECTL
set -uo pipefail
who=$1 src=$(cd "$2" && pwd) build=$(cd "$3" && pwd) ctl=$4
learner=attn-learner

if [[ $who == user && $(id -u) -eq 0 ]]; then
  # as root: make the ordinary user and run this script again as that user
  if ! id "$learner" >/dev/null 2>&1 && ! useradd -m "$learner" >/dev/null 2>&1; then
    echo "SKIP: cannot create an ordinary user here (useradd failed); the user runs are skipped"
    exit 77
  fi
  if ! runuser -u "$learner" -- test -x "$ctl" -a -r "$build/test_01" -a -r "$src/exercises/manifest.txt"; then
    echo "SKIP: the user $learner cannot reach the build folder $build; the user runs are skipped"
    exit 77
  fi
  exec runuser -u "$learner" -- env -i PATH="$PATH" HOME="$(getent passwd "$learner" | cut -d: -f6)" \
    LANG="${LANG:-C.UTF-8}" bash "$0" as-user "$src" "$build" "$ctl"
fi
if [[ $who == root && $(id -u) -ne 0 ]]; then
  echo "SKIP: the root runs need root"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/attn-guard-compile.XXXXXX")
chmod 755 "$work"
secrets=()
cleanup() {
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
# The compile: the launcher line exactly as the build configured it for ex_rnn_step
# (ninja -t commands), with this test's file and object put in.
line=""
[[ -f $build/build.ninja ]] && line=$(cd "$build" && ninja -t commands ex_rnn_step 2>/dev/null | grep 'bounded_compile.sh' | tail -1)
if [[ -z $line ]]; then
  echo "FAIL: no launcher line for ex_rnn_step in $build (is it configured with Ninja?)"
  exit 1
fi
read -ra configured <<<"$line"
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
first_line auto "$nobwrap"
expect "WITHOUT a sandbox: bubblewrap cannot run here.*it is compiled WITHOUT a sandbox too"
label="no bubblewrap: a right file compiles"
compile right "$nobwrap"
[[ $code -eq 0 && -s $objdir/right.o ]] || fail "it did not compile (exit code $code)"
label="no bubblewrap, where coursectl said the compile is sandboxed"
compile right "$nobwrap" ATTN_COMPILE_SANDBOX=bwrap
[[ $code -ne 0 && ! -e $objdir/right.o ]] || fail "it compiled outside bubblewrap"
expect "right.cpp:1:1: error: bubblewrap could not start the compile of your file here \(bwrap: No permissions"
label="no bubblewrap: a compile bomb still stops at its limit"
printf 'asm(".data\\n.space 300000000\\n");\nint main() {}\n' >"$work/space.cpp"
out=$(cd "$work" && env "$nobwrap" bash "$src/cmake/bounded_compile.sh" 8 256 16 c++ -c "$work/space.cpp" -o "$objdir/space.o" 2>&1)
expect "space.cpp:1:1: error: .*grew past 16 MiB"

if ((failures)); then
  echo "$failures failures"
  exit 1
fi
echo "ok: as $(id -un), the compile reads nothing its check may not (bubblewrap runs here: $bwrap_runs)"
