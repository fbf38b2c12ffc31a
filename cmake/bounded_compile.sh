#!/usr/bin/env bash
# bounded_compile.sh SECONDS MEMORY_MIB OBJECT_MIB COMPILER ARGS...
# The compiler launcher of the learner's files (CMakeLists.txt, CXX_COMPILER_LAUNCHER
# of ex_*): a learner's file is compiled with limits like those of its check, so that
# `#include "/dev/zero"`, a template or constexpr computation that never ends, or an
# object file of gigabytes stops with a clear error instead of taking the machine:
# at most SECONDS, MEMORY_MIB of address space, an object file of OBJECT_MIB and
# 1 MiB of messages. The error is written the way the compiler writes its own
# (FILE:1:1: error: ...), so the checker shows it like any compile error.
set -uo pipefail
seconds=$1 memory=$2 object=$3
shift 3
src="" prev=""
for a in "$@"; do
  [[ $prev == -c ]] && src=$a
  prev=$a
done
ulimit -c 0
ulimit -v $((memory * 1024)) 2>/dev/null || true
ulimit -f $((object * 1024)) 2>/dev/null || true
log=$(mktemp "${TMPDIR:-/tmp}/course-compile.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT
timeout -s KILL "$seconds" "$@" 2>&1 | head -c 1048576 >"$log"
code=${PIPESTATUS[0]}
cat "$log"
[[ $code -eq 0 ]] && exit 0
where=${src:-your file}
if [[ $code -eq 137 ]]; then
  echo "$where:1:1: error: compiling it took longer than $seconds s, the limit for one exercise (is there a template or constexpr computation that never ends?)"
elif [[ $code -eq 153 ]] || grep -q 'File size limit exceeded' "$log"; then
  echo "$where:1:1: error: its object file grew past $object MiB, the limit for one exercise (a huge array or .space in it?)"
elif grep -qE 'memory exhausted|out of memory|Cannot allocate memory|std::bad_alloc' "$log"; then
  echo "$where:1:1: error: compiling it took more than $memory MiB of memory, the limit for one exercise (does it #include a file that never ends, such as /dev/zero?)"
fi
exit "$code"
