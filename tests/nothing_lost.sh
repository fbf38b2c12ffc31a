#!/usr/bin/env bash
# Suite test: the course never loses a learner's work.
# In a scratch clone (reset finds the original stubs in the git history), through
# ./course itself: list and hint leave exercises/ alone; reset asks first, does
# nothing without a yes, and with a yes keeps the learner's version in
# .course/backups/ before putting the stub back. (That check leaves exercises/
# alone too is part of checker_isolation.sh.)
# Also: two resets in a row keep two backups, and damaged state files in .course/
# are said and rebuilt, never a crash.
# Usage: nothing_lost.sh REPO_ROOT [BUILD_DIR]; with BUILD_DIR, the commands run
# that tree's coursectl (what ./course list/hint/reset exec) instead of building
# one in the scratch clone.
set -euo pipefail
src=$(cd "$1" && pwd)
built=${2:+$(cd "$2" && pwd)}
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-nothing-lost.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

git clone -q "$src" "$work/repo"
cd "$work/repo"
course() {  # the learner's ./course, or the same coursectl command with the suite's build
  if [[ -n $built ]]; then
    local cmd=$1; shift
    "$built/tools/coursectl/coursectl" "$cmd" --root "$work/repo" --build "$work/repo/build" "$@"
  else
    ./course "$@"
  fi
}
snapshot() { (cd exercises && find . -type f -print0 | sort -z | xargs -0 sha256sum); }

before=$(snapshot)
course list >/dev/null
course hint softmax_rows >/dev/null
[[ $(snapshot) == "$before" ]] || fail "list or hint changed exercises/"
[[ -f .course/hints.txt ]] || fail "hint should remember what it showed, in .course/"

ex=exercises/03_softmax/softmax_rows.cpp
stub=$(cat "$ex")
echo "// my work: two hours of it" >>"$ex"
mine=$(cat "$ex")

# no answer, or any answer but yes: nothing changes, exit non-zero
set +e
out=$(course reset softmax_rows </dev/null 2>&1); code=$?
out_n=$(printf 'n\n' | course reset softmax_rows 2>&1); code_n=$?
set -e
echo "$out_n"
[[ $code -ne 0 && $code_n -ne 0 ]] || fail "reset without a yes must exit non-zero"
grep -q 'Nothing changed' <<<"$out_n" || fail "reset should say that nothing changed"
grep -q 'Your version will be kept in .*/\.course/backups/softmax_rows-' <<<"$out_n" \
  || fail "reset should say where the backup will go before asking"
[[ $(cat "$ex") == "$mine" ]] || fail "reset without a yes changed the file"
[[ ! -d .course/backups ]] || [[ -z $(ls -A .course/backups) ]] || fail "reset without a yes wrote a backup"

# yes: the backup holds the learner's version, the file is the stub again
out=$(printf 'y\n' | course reset softmax_rows 2>&1)
echo "$out"
[[ $(cat "$ex") == "$stub" ]] || fail "reset did not restore the stub"
backups=(.course/backups/softmax_rows-*.cpp)
[[ ${#backups[@]} -eq 1 && -f ${backups[0]} ]] || fail "expected one backup of softmax_rows"
[[ $(cat "${backups[0]}") == "$mine" ]] || fail "the backup is not the learner's version"
ls exercises/03_softmax/ | grep -q 'tmp' && fail "a temporary file was left in exercises/"

# an untouched stub: nothing to do, no backup
out=$(course reset softmax_rows </dev/null 2>&1)
grep -q 'already the untouched stub' <<<"$out" || fail "reset of an untouched stub should say there is nothing to do"
[[ $(ls .course/backups | wc -l) -eq 1 ]] || fail "reset of an untouched stub wrote a backup"
[[ $(snapshot) == "$before" ]] || fail "exercises/ should be back to where it started"

# two resets within one second: two backups, neither version lost
echo "// first version" >>"$ex"; first=$(cat "$ex")
course reset softmax_rows --yes >/dev/null
echo "// second version" >>"$ex"; second=$(cat "$ex")
course reset softmax_rows --yes >/dev/null
found_first=0 found_second=0
for b in .course/backups/softmax_rows-*.cpp; do
  [[ $(cat "$b") == "$first" ]] && found_first=1
  [[ $(cat "$b") == "$second" ]] && found_second=1
done
[[ $found_first == 1 && $found_second == 1 ]] || fail "two quick resets must keep both versions (backups: $(ls .course/backups))"

# damaged state files: said once, rebuilt, never a crash
printf 'softmax_rows notanumber\n\x00\x01garbage\n' >.course/hints.txt
printf 'rnn_step done|nothex\n' >.course/status.txt
out=$(course hint softmax_rows 2>&1) || fail "hint must survive a damaged hints.txt: $out"
grep -q 'hints.txt was damaged' <<<"$out" || fail "a damaged hints.txt should be reported: $out"
grep -q 'hint 1 of' <<<"$out" || fail "after a damaged hints.txt, hints start again at 1: $out"
out=$(course list 2>&1) || fail "list must survive a damaged status.txt: $out"
grep -q 'status.txt was damaged' <<<"$out" || fail "a damaged status.txt should be reported: $out"
out=$(course list 2>&1)
! grep -q 'damaged' <<<"$out" || fail "the damaged file should have been written afresh"
echo "ok: only reset writes exercises/, after a yes, with a backup; nothing is lost"
