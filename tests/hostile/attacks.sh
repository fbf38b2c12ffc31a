#!/usr/bin/env bash
# Suite test: the kinds of attack a learner's code can make on the checker, each
# through the checker's real containment (`coursectl check-program`, the code path
# of `./course check`), in every mode this machine has: bubblewrap, the fallback
# (Landlock and seccomp), and the fallback without Landlock (COURSE_LANDLOCK=0, as
# on a kernel without it, where the fingerprint has to put things back; it runs only
# with --unsafe, tests/hostile/no_sandbox.sh shows the refusal). Run as root and, with
# `user`, as an ordinary user made for the test (attn-learner).
#
# What is checked, per kind (docs/CONTAINMENT.md says what each mode promises):
#   forged verdicts   a passing report written at exit, through /proc/self/fd/4, by a
#                     thread, by a forked process, by a whole imitated record, by a
#                     static initializer, by a definition of Boost.Test's own code, in
#                     place of Boost.Test's own report (lost in /dev/null), by libstdc++'s
#                     own functions defined again in the program: no ✓
#   the checker       signalled, ptraced, its memory opened: it still gives its verdict
#   the machine       Unix and TCP sockets of the host never reached; nothing written
#                     outside the course folder (where the mode promises it); memory
#                     taken apart from the check's processes is bounded and gone after
#   the course        the build folder's programs and .git/config unchanged (or put back);
#                     a file the learner saves during a check is kept as saved
#   the screen        escape sequences, C1 controls, bytes that are not UTF-8 and bidi
#                     controls never reach it; no text of the program passes for a verdict
#                     (no ✓ of its own, no padding that wraps onto a row of its own);
#                     "cannot start" is not echoed; what the guard did is shown below
#                     failing checks, however many
#   the build         an exercise that is a link to /dev/zero is refused by name; a
#                     compile bomb (/dev/zero, a compile-time loop, a huge object) stops
#                     with a clear message within its limits
# Usage: attacks.sh root|user SOURCE_DIR BUILD_DIR COURSECTL
set -uo pipefail
who=$1 src=$(cd "$2" && pwd) build=$(cd "$3" && pwd) ctl=$4
# as root and, with `user`, again as an ordinary user
source "$(dirname "$0")/as_user.sh"
run_as_who "$who" "$0" "$src" "$build" "$ctl" "$build/test_01"

hostile=$build/hostile
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-attacks.XXXXXX")
chmod 755 "$work"  # the fallback as root runs checks as nobody, who must reach the course
listener=""
cleanup() {
  [[ -n $listener ]] && kill "$listener" 2>/dev/null
  pkill -KILL -u "$(id -u)" -f "$hostile/hostile_" 2>/dev/null
  rm -rf "$work" /var/tmp/attn-hostile-outside /dev/shm/attn-hostile-outside /dev/shm/attn-hostile-memory 2>/dev/null
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL ($label): $*"; echo "$out" | sed 's/^/    | /' | head -20; failures=$((failures + 1)); }
expect() { grep -qE -- "$1" <<<"$out" || fail "expected /$1/"; }
expect_not() { ! grep -qE -- "$1" <<<"$out" || fail "did not expect /$1/"; }

root=$work/root
mkdir -p "$root" "$work/build/checks" "$work/outside" "$work/tmp"
chmod 777 "$work/outside"
cp -r "$src/exercises" "$src/solutions" "$src/README.md" "$root/"
git -C "$root" init -q 2>/dev/null && git -C "$root" config user.name learner
cp "$hostile/hostile_rnn_step" "$work/build/checks/check_title_question"
cases=$("$build/test_01" --list_content --run_test=rnn_step 2>&1 | awk '/^rnn_step/ { s = 1; next } /^[^ ]/ { s = 0 } s && /^    / { gsub(/[ *]/, ""); printf "%s%s", n++ ? "," : "", $0 }')
[[ -n $cases ]] || { echo "FAIL: cannot list rnn_step's checks"; exit 1; }
snapshot() { (cd "$1" && find . -path ./.course -prune -o -print0 | sort -z | xargs -0 stat -c '%n %a %s' && find . -path ./.course -prune -o -type f -print0 | sort -z | xargs -0 sha256sum) 2>/dev/null; }

# a Unix socket and a TCP port of "the host", which record whatever reaches them
sock=$work/host.sock
port=$((20000 + RANDOM % 20000))
python3 - "$sock" "$port" "$work/reached" <<'PY' &
import os, select, socket, sys
path, port, log = sys.argv[1], int(sys.argv[2]), sys.argv[3]
u = socket.socket(socket.AF_UNIX); u.bind(path); os.chmod(path, 0o777); u.listen(8)
t = socket.socket(); t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); t.bind(("127.0.0.1", port)); t.listen(8)
while True:
    for s in select.select([u, t], [], [])[0]:
        c, _ = s.accept(); c.settimeout(1)
        try: data = c.recv(100)
        except Exception: data = b"connected"
        open(log, "ab").write(data or b"connected")
        c.close()
PY
listener=$!
for _ in $(seq 50); do [[ -S $sock ]] && break; sleep 0.05; done

# check SANDBOX PROGRAM MODE [options]: one contained check; output in $out, exit code in $code
check() {
  local sandbox=$1 program=$2 mode=$3; shift 3
  local env=(ATTN_HOSTILE="$mode" ATTN_HOSTILE_ROOT="$root" ATTN_HOSTILE_CASES="$cases" ATTN_HOSTILE_SOCKET="$sock"
             ATTN_HOSTILE_PORT="$port" ATTN_HOSTILE_OUTSIDE="$work/outside" ATTN_HOSTILE_BUILD="$work/build" TMPDIR="$work/tmp")
  local s=$sandbox unsafe=()
  [[ $sandbox == nolandlock ]] && env+=(COURSE_LANDLOCK=0) && s=fallback && unsafe=(--unsafe)
  out=$(env "${env[@]}" timeout 60 "$ctl" check-program rnn_step --root "$root" --build "$work/build" --sandbox "$s" \
        "${unsafe[@]}" --timeout 20 --trusted "$build/test_01" --objects "$build/tests/CMakeFiles/hostile_src_$program.dir" \
        "$@" -- "$hostile/hostile_$program" 2>&1)
  code=$?
}
# course_check SANDBOX MODE: `coursectl check rnn_step`, the learner's command with its own
# way of showing a verdict, on the hostile program in a stand-in build folder ($work/fakebuild,
# whose cmake does nothing); output in $out
course_check() {
  local s=$1 mode=$2 unsafe=()
  [[ $s == nolandlock ]] && s=fallback && unsafe=(--unsafe)
  out=$(env ATTN_HOSTILE="$mode" ATTN_HOSTILE_ROOT="$root" TMPDIR="$work/tmp" PATH="$work/fakebin:$PATH" \
        COURSE_LANDLOCK=$([[ $1 == nolandlock ]] && echo 0 || echo 1) timeout 60 \
        "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" --sandbox "$s" "${unsafe[@]}" --timeout 20 2>&1)
  code=$?
}
# screen_safe WIDTH: "" when no text of the program in $out can pass for the checker's own on a
# screen (WIDTH columns wide; 0: no terminal), otherwise what can
screen_py='
import re, sys
data, width, bad = sys.stdin.buffer.read(), int(sys.argv[1]), []
try:
    text = data.decode("utf-8")
except UnicodeDecodeError as e:
    bad.append("bytes that are not UTF-8: %r" % data[e.start:e.start + 4])
    text = data.decode("utf-8", "replace")
for c in sorted(set(text)):
    o = ord(c)
    if (o < 0x20 and c not in "\r\n") or 0x7f <= o <= 0x9f or o in (0x61c, 0x200e, 0x200f) or 0x202a <= o <= 0x202e or 0x2066 <= o <= 0x2069:
        bad.append("U+%04X" % o)
if text.count("\u2713") + text.count("\u2717") + text.count("\u2714") != 1:
    bad.append("a check mark besides the verdict")
rows = text.replace("\r", "").split("\n")
bad += ["a run of blanks: " + r[:50] for r in rows if re.search(r"[^ ] {5,}", r)]
below = False
for r in rows:
    if below and r and width and (not r.startswith(" ") or len(r) > width):
        bad.append("a row not indented below the verdict: " + r[:50])
    below = below or r.startswith("\u2717")
print("; ".join(bad))
'
screen_safe() { printf '%s' "$out" | python3 -c "$screen_py" "$1"; }
no_process_left() {
  for _ in $(seq 100); do
    pgrep -u "$(id -u)" -f "$hostile/hostile_" >/dev/null || return 0
    sleep 0.02
  done
  fail "a process of the check is still running: $(pgrep -u "$(id -u)" -af "$hostile/hostile_" | head -3)"
}

mkdir -p "$work/fakebuild/checks" "$work/fakebin"
printf '#!/bin/sh\nexit 0\n' >"$work/fakebin/cmake"
chmod +x "$work/fakebin/cmake"
modes=(nolandlock)
# the fallback with Landlock, where the kernel has it (without it, the fallback is refused)
"$ctl" sandbox --sandbox fallback --root "$root" --build "$work/build" >/dev/null 2>&1 && modes=(fallback "${modes[@]}")
bwrap --ro-bind / / --dev /dev --proc /proc --unshare-user --cap-drop ALL true 2>/dev/null && modes=(bwrap "${modes[@]}")
echo "as $(id -un), modes: ${modes[*]}"
for sandbox in "${modes[@]}"; do
  label="$sandbox: a right answer"
  check "$sandbox" rnn_step ""
  echo "$out" | head -1
  expect "✓ rnn_step done"
  [[ $sandbox == bwrap ]] && expect "bubblewrap sandbox: no privileges"
  [[ $sandbox == fallback ]] && expect "WITHOUT a sandbox.*apt-get install bubblewrap.*user namespaces.*Landlock keeps every file read-only"
  [[ $sandbox == nolandlock ]] &&
    expect "WITHOUT a sandbox.*(Landlock is turned off|this kernel offers no Landlock).*you accepted that with --unsafe.*home folder, /tmp, /var/tmp and /dev/shm are not put back; and it can signal your other programs"
  per_process=false
  grep -q "limited per process" <<<"$out" && per_process=true

  # forged verdicts: never a ✓
  for mode in forge_atexit forge_reopen forge_thread forge_orphan forge_early; do
    label="$sandbox: $mode"
    check "$sandbox" rnn_step "$mode"
    [[ $code -ne 0 ]] || fail "a forged report passed"
    expect_not "✓"
    no_process_left
  done
  label="$sandbox: a definition of Boost.Test's own code"
  check "$sandbox" forge_symbols ""
  expect "✗ rnn_step refused"
  expect "boost::unit_test::test_results::passed\(\) const"
  label="$sandbox: a strong definition of a constant the checks use"
  check "$sandbox" forge_shadow ""
  expect "✗ rnn_step refused"
  expect "attn::plot::Figure::~Figure\(\)"
  label="$sandbox: Boost.Test's own report lost, a short passing one written at exit"
  check "$sandbox" forge_swap_report ""
  [[ $code -ne 0 ]] || fail "a forged report passed"
  expect_not "✓"
  expect "✗ rnn_step refused"
  expect "cannot be trusted"
  no_process_left
  label="$sandbox: libstdc++'s own functions defined again (weak, under their mangled names)"
  check "$sandbox" forge_interpose ""
  [[ $code -ne 0 ]] || fail "a forged report passed"
  expect_not "✓"
  expect "✗ rnn_step refused"
  expect "__ostream_insert"
  expect "replace the library's own"
  label="$sandbox: a static initializer that writes a passing record"
  check "$sandbox" forge_static_init ""
  expect "✗ rnn_step refused"
  expect "cannot be trusted"

  # the checker itself
  for mode in kill_checker ptrace; do
    label="$sandbox: $mode"
    check "$sandbox" rnn_step "$mode"
    expect "✓ rnn_step done"
    expect_not "Ctrl-C"
  done

  # the machine: sockets, files outside, memory apart from the processes
  label="$sandbox: sockets"
  rm -f "$work/reached"
  check "$sandbox" rnn_step sockets
  expect "✓ rnn_step done"
  sleep 0.2
  [[ ! -s $work/reached ]] || fail "the check reached a socket of the host: $(cat "$work/reached")"
  label="$sandbox: files outside the course folder"
  check "$sandbox" rnn_step outside
  if [[ $sandbox != nolandlock ]]; then
    for f in "$work/outside/written" /var/tmp/attn-hostile-outside /dev/shm/attn-hostile-outside; do
      [[ ! -e $f ]] || fail "the check wrote $f"
    done
  fi
  rm -f "$work/outside/written" /var/tmp/attn-hostile-outside /dev/shm/attn-hostile-outside 2>/dev/null
  label="$sandbox: memory in children and /dev/shm"
  start=$SECONDS
  check "$sandbox" rnn_step memory_apart --memory 512M
  $per_process || [[ $sandbox == nolandlock ]] || expect "✗ rnn_step used too much memory"
  [[ $sandbox == nolandlock ]] || [[ ! -e /dev/shm/attn-hostile-memory ]] || fail "memory was left in /dev/shm"
  rm -f /dev/shm/attn-hostile-memory 2>/dev/null
  no_process_left

  # the course: its build folder, .git, a learner's edit during the check
  label="$sandbox: programs of the build folder replaced"
  before=$(sha256sum "$work/build/checks/check_title_question")
  check "$sandbox" rnn_step trojan
  [[ ! -e $work/build/planted ]] || fail "a planted file stayed in the build folder"
  if [[ -e $work/build/checks/check_title_question ]]; then
    [[ $(sha256sum "$work/build/checks/check_title_question") == "$before" ]] || fail "a program of the build folder was replaced"
  fi
  # (as nobody, the fallback's code cannot write the folder at all; as the learner it can, and
  # what it changed is removed)
  [[ $sandbox == nolandlock ]] && ! grep -q "as the user nobody" <<<"$out" && { expect "changed the build folder"; expect_not "^✓"; }
  cp "$hostile/hostile_rnn_step" "$work/build/checks/check_title_question"
  label="$sandbox: .git/config rewritten at the same size, its mtime put back"
  gitbefore=$(sha256sum "$root/.git/config")
  check "$sandbox" rnn_step git_config
  [[ $(sha256sum "$root/.git/config") == "$gitbefore" ]] || fail ".git/config changed"
  label="$sandbox: the learner saves a file while the check runs"
  rm -rf "$root/.course"
  snap=$(snapshot "$root")
  ( check "$sandbox" rnn_step sleep; printf '%s\n' "$out" >"$work/sleep.out" ) &
  sleeper=$!
  sleep 0.7
  printf '// my own edit, saved during a check\n' >"$root/exercises/03_softmax/softmax_rows.cpp"
  wait "$sleeper"
  out=$(cat "$work/sleep.out")
  [[ $(cat "$root/exercises/03_softmax/softmax_rows.cpp") == "// my own edit, saved during a check" ]] ||
    fail "the learner's edit was not kept"
  [[ $sandbox == nolandlock ]] || { expect "✓ rnn_step done"; expect_not "changed"; }
  cp "$src/exercises/03_softmax/softmax_rows.cpp" "$root/exercises/03_softmax/softmax_rows.cpp"
  rm -rf "$root/.course"

  # the terminal: TIOCSTI into every terminal in reach, with coursectl on a real one (script)
  label="$sandbox: TIOCSTI"
  if command -v script >/dev/null; then
    s=$sandbox; [[ $s == nolandlock ]] && s="fallback --unsafe"
    out=$(env ATTN_HOSTILE=tiocsti COURSE_LANDLOCK=$([[ $sandbox == nolandlock ]] && echo 0 || echo 1) TMPDIR="$work/tmp" \
          timeout 60 script -qec "$ctl check-program rnn_step --root $root --build $work/build --sandbox $s --timeout 20 --trusted $build/test_01 -- $hostile/hostile_rnn_step" /dev/null 2>&1)
    expect "✓ rnn_step done"
    expect_not "injected"
  fi

  # the screen
  label="$sandbox: escape sequences in an exception"
  check "$sandbox" rnn_step escape
  expect "^✗ rnn_step"
  ! grep -q $'\e' <<<"$out" || fail "an escape sequence reached the screen"
  label="$sandbox: C1 controls, bidi controls and a padded fake verdict in an exception"
  check "$sandbox" rnn_step escape_c1
  expect "^✗ rnn_step"
  why=$(screen_safe 0)
  [[ -z $why ]] || fail "$why"
  if command -v script >/dev/null; then
    s=$sandbox; [[ $s == nolandlock ]] && s="fallback --unsafe"
    out=$(env ATTN_HOSTILE=escape_c1 COURSE_LANDLOCK=$([[ $sandbox == nolandlock ]] && echo 0 || echo 1) TMPDIR="$work/tmp" \
          timeout 60 script -qec "stty cols 80 rows 40; $ctl check-program rnn_step --root $root --build $work/build --sandbox $s --timeout 20 --trusted $build/test_01 -- $hostile/hostile_rnn_step" /dev/null 2>&1)
    expect "✗ rnn_step"
    why=$(screen_safe 80)
    [[ -z $why ]] || fail "on a terminal of 80 columns: $why"
  fi
  label="$sandbox: the guard's notice below a diagnosis and failing checks"
  cp "$hostile/hostile_rnn_step" "$work/fakebuild/checks/check_rnn_step"
  rm -rf "$root/.course"
  ( course_check "$sandbox" clobber; printf '%s\n' "$out" >"$work/clobber.out" ) &
  clobber=$!
  sleep 0.7
  printf 'a line of my own, saved during a check\n' >>"$root/README.md"
  wait "$clobber"
  out=$(cat "$work/clobber.out")
  expect "^✗ 01 rnn_step"
  expect "^      mistake: "
  expect "put back|your code did|check again for a verdict"
  [[ $sandbox == nolandlock ]] && ! grep -q "as the user nobody" <<<"$out" && expect "your code did.*rnn_forward.cpp"
  cp "$src/README.md" "$root/README.md"
  cp "$src/exercises/01_rnn_loop/rnn_forward.cpp" "$root/exercises/01_rnn_loop/rnn_forward.cpp"
  rm -rf "$root/.course"
  label="$sandbox: 'cannot start' printed, exit code 127"
  check "$sandbox" rnn_step cannot_start
  expect_not "✓"
  no_process_left
  [[ $(snapshot "$root") == "$snap" ]] || { label="$sandbox"; fail "the course folder changed"; }
done

# the build: an exercise that is a link to /dev/zero is refused by name (never read)
label="an exercise that is a link to /dev/zero"
rm -f "$work/fakebuild/checks/check_rnn_step"
ln -sf /dev/zero "$root/exercises/01_rnn_loop/rnn_step.cpp"
out=$(PATH=$work/fakebin:$PATH timeout 20 "$ctl" check rnn_step --root "$root" --build "$work/fakebuild" 2>&1)
expect "rnn_step.cpp is not a plain file \(a link\)"
out=$(timeout 20 "$ctl" list --root "$root" --build "$work/fakebuild" 2>&1) || fail "list did not finish"
cp "$src/exercises/01_rnn_loop/rnn_step.cpp" "$root/exercises/01_rnn_loop/rnn_step.cpp"

# compile bombs, through the learner's compiler launcher with small limits
if [[ $who == root ]]; then
  bomb=$work/bomb
  mkdir -p "$bomb"
  printf '#include "/dev/zero"\n' >"$bomb/zero.cpp"
  printf 'constexpr unsigned long f(unsigned long n) { unsigned long s = 0; for (unsigned long i = 0; i < n; ++i) s += i %% 7; return s; }\nconstexpr unsigned long x = f(1ul << 40);\nint main() { return static_cast<int>(x); }\n' >"$bomb/loop.cpp"
  printf 'asm(".data\\n.space 300000000\\n");\nint main() {}\n' >"$bomb/space.cpp"
  for b in zero:"more than 256 MiB of memory|longer than 8 s" loop:"longer than 8 s|more than 256 MiB" space:"grew past 16 MiB"; do
    name=${b%%:*} want=${b#*:}
    label="compile bomb $name"
    start=$SECONDS
    # (outside: where bubblewrap cannot run here, the limits are still what stops it)
    out=$(ATTN_COMPILE_SANDBOX=outside bash "$src/cmake/bounded_compile.sh" 8 256 16 c++ -fconstexpr-ops-limit=2147483647 -fconstexpr-loop-limit=2147483647 -c "$bomb/$name.cpp" -o "$bomb/$name.o" 2>&1)
    expect "$bomb/$name.cpp:1:1: error: .*($want)"
    [[ $((SECONDS - start)) -le 20 ]] || fail "it took $((SECONDS - start)) s"
    [[ ! -e $bomb/$name.o ]] || [[ $(stat -c %s "$bomb/$name.o") -le $((16 << 20)) ]] || fail "an object past the limit was left"
  done
fi

if ((failures)); then
  echo "$failures failures"
  exit 1
fi
echo "ok: every attack was contained, as $(id -un), in: ${modes[*]}"
