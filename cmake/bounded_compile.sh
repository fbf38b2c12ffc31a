#!/usr/bin/env bash
# bounded_compile.sh SECONDS MEMORY_MIB OBJECT_MIB [--see DIR]... COMPILER ARGS...
# The compiler launcher of the learner's files (cmake/exercises.cmake, CXX_COMPILER_LAUNCHER
# of ex_*). A learner's file is compiled
#  - within limits like those of its check, so that `#include "/dev/zero"`, a template or
#    constexpr computation that never ends, or an object file of gigabytes stops with a
#    clear error instead of taking the machine: at most SECONDS, MEMORY_MIB of address
#    space, an object file of OBJECT_MIB and 1 MiB of messages;
#  - inside bubblewrap where it runs, hidden like its check (tools/coursectl/sandbox.cpp):
#    every file read-only, empty /run, /var/run, /home, /root, /var/tmp, /mnt, /media and
#    the runtime folder, a private /tmp, no network, no capabilities, a new session, ended
#    with its parent. The folders named by --see (the course, the build folder), the
#    compile's working folder and the folders its arguments name (-I, -include, the source)
#    are bound back read-only; the object's folder alone is writable. So `.incbin` or
#    `#include` of a file the check may not read (root's, the home folder's) finds nothing.
# Where bubblewrap cannot run, the file is compiled without it, within the same limits, only
# where ATTN_COMPILE_SANDBOX=outside says that the course would run it there (Landlock, or the
# learner's --unsafe): coursectl sets it for its builds, and ./course for its own (the tour,
# run NN --mine, test, bench), from the one decision of `coursectl sandbox`. Anything else
# (bwrap, where coursectl's first line said the compile is sandboxed; unset, for a build
# nobody decided for) makes it an error: a build run by hand never compiles the learner's
# file outside bubblewrap.
# An error is written the way the compiler writes its own (FILE:1:1: error: ...), so the
# checker shows it like any compile error.
set -uo pipefail
parent() {  # dirname into $REPLY, without a process (a compile starts enough of them)
  case $1 in
    */*) REPLY=${1%/*} REPLY=${REPLY:-/} ;;
    *) REPLY=. ;;
  esac
}
seconds=$1 memory=$2 object=$3
shift 3
see=()
while [[ ${1-} == --see ]]; do
  see+=("$2")
  shift 2
done
src="" obj="" dep=""
readable=()
prev=""
for a in "$@"; do
  case $prev in
    -c) src=$a ;;
    -o) obj=$a ;;
    -MF) dep=$a ;;
    -I | -isystem | -iquote | -idirafter) readable+=("$a") ;;
    -include | -imacros) parent "$a" && readable+=("$REPLY") ;;
  esac
  case $a in
    -I?*) readable+=("${a#-I}") ;;
  esac
  prev=$a
done
where=${src:-your file}
ulimit -c 0
ulimit -v $((memory * 1024)) 2>/dev/null || true
ulimit -f $((object * 1024)) 2>/dev/null || true
scratch=$(mktemp -d "${TMPDIR:-/tmp}/course-compile.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
cd -P . || exit 1
log=$scratch/log started=$scratch/started here=$PWD

# The program line of bubblewrap for this compile (the same hiding as a check's).
bwrap_line() {
  bw=(bwrap --ro-bind / / --dev /dev --proc /proc --size $((object * 2 * 1048576)) --tmpfs /tmp)
  local hidden=(/run /var/run /home /root /var/tmp /mnt /media) emptied=() dir real
  [[ -n ${XDG_RUNTIME_DIR-} ]] && hidden+=("$XDG_RUNTIME_DIR")
  for dir in "${hidden[@]}"; do
    # (/var/run is mostly a link to /run: a link is left alone, its target is emptied)
    [[ -d $dir && ! -L $dir ]] || continue
    [[ " ${emptied[*]-} " == *" $dir "* ]] && continue
    emptied+=("$dir")
    bw+=(--size 65536 --tmpfs "$dir")
  done
  # Bound back read-only: what the hiding hid (a folder strictly below a hidden one or
  # /tmp; never a hidden folder itself or one that holds one, which would show it again).
  # Then the object's folder writable (a later mount covers an earlier).
  below_hidden() {
    local h
    for h in "${emptied[@]}" /tmp; do [[ $1 == "$h"/* ]] && return 0; done
    return 1
  }
  holds_hidden() {
    local h
    for h in "${emptied[@]}" /tmp; do [[ $1 == / || $h == "$1" || $h == "$1"/* ]] && return 0; done
    return 1
  }
  # (and the compiler's own prefix, where it lives in a hidden folder: /home/me/gcc/bin/g++;
  # every path made real by one realpath, a compile starts enough processes)
  local compiler paths=() writable=() i n prefix
  compiler=$1
  [[ $compiler == */* ]] || compiler=$(command -v -- "$1") || compiler=$1
  parent "${src:-.}"
  paths=("${see[@]}" "$here" "$REPLY" "${readable[@]}")
  n=${#paths[@]}
  paths+=("$compiler")
  parent "${obj:-.}" && paths+=("$REPLY")
  parent "${dep:-${obj:-.}}" && paths+=("$REPLY")
  mapfile -t paths < <(cd "$here" && realpath -m -- "${paths[@]}")
  for ((i = 0; i < n; i++)); do
    [[ -d ${paths[i]} ]] && below_hidden "${paths[i]}" && bw+=(--ro-bind "${paths[i]}" "${paths[i]}")
  done
  parent "${paths[n]}" && parent "$REPLY" && prefix=$REPLY
  [[ -d $prefix ]] && below_hidden "$prefix" && bw+=(--ro-bind "$prefix" "$prefix")
  for dir in "${paths[@]:n+1}"; do
    [[ -d $dir && " ${writable[*]-} " != *" $dir "* ]] && ! holds_hidden "$dir" && writable+=("$dir") && bw+=(--bind "$dir" "$dir")
  done
  for dir in "${emptied[@]}"; do bw+=(--remount-ro "$dir"); done
  bw+=(--remount-ro /dev --unshare-all --unshare-user --uid 65534 --gid 65534 --cap-drop ALL
       --die-with-parent --new-session --chdir "$here" --setenv TMPDIR /tmp --setenv HOME /tmp --)
}

want=${ATTN_COMPILE_SANDBOX:-}
# why a compile outside bubblewrap is not allowed here, after "...; "
if [[ $want == bwrap ]]; then
  not_outside="it was not compiled"
else
  not_outside="./course compiles it outside only where it would run it (./course check says whether, and why); it was not compiled"
fi
code=0
if command -v bwrap >/dev/null 2>&1; then
  bwrap_line "$1"
  # the compile starts by saying so on descriptor 9: without that word, bubblewrap could not set up
  timeout -s KILL "$seconds" "${bw[@]}" /bin/sh -c 'printf started >&9; exec 9>&-; exec "$@"' sh "$@" \
    9>"$started" 2>&1 | head -c 1048576 >"$log"
  code=${PIPESTATUS[0]}
  if [[ ! -s $started && $code -ne 137 ]]; then
    if [[ $want != outside ]]; then
      echo "$where:1:1: error: bubblewrap could not start the compile of your file here ($(head -1 "$log")); $not_outside"
      exit 1
    fi
    bw=()
  fi
elif [[ $want != outside ]]; then
  echo "$where:1:1: error: bubblewrap is not installed, so your file cannot be compiled in its sandbox; $not_outside"
  exit 1
else
  bw=()
fi
if [[ ${#bw[@]} -eq 0 ]]; then  # without bubblewrap: the limits alone
  timeout -s KILL "$seconds" "$@" 2>&1 | head -c 1048576 >"$log"
  code=${PIPESTATUS[0]}
fi
cat "$log"
[[ $code -eq 0 ]] && exit 0
if [[ $code -eq 137 ]]; then
  echo "$where:1:1: error: compiling it took longer than $seconds s, the limit for one exercise (is there a template or constexpr computation that never ends?)"
elif [[ $code -eq 153 ]] || grep -q 'File size limit exceeded' "$log"; then
  echo "$where:1:1: error: its object file grew past $object MiB, the limit for one exercise (a huge array or .space in it?)"
elif grep -qE 'memory exhausted|out of memory|Cannot allocate memory|std::bad_alloc' "$log"; then
  echo "$where:1:1: error: compiling it took more than $memory MiB of memory, the limit for one exercise (does it #include a file that never ends, such as /dev/zero?)"
fi
exit "$code"
