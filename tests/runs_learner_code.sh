#!/usr/bin/env bash
# ch12.runs_learner_code.E: chapter 12's model is built from the chapters' functions,
# so that ./course run 12 --mine runs the learner's code. The program ch12_stub_E links
# every reference solution except E, whose stub it takes instead; it must stop at E's
# first call with "not implemented yet: E". A stub the learner has already filled in is
# skipped (exit 77), except under CI, where exercises/ must be untouched.
#   runs_learner_code.sh EXERCISE STUB_FILE BUILD_DIR PROGRAM
set -uo pipefail
ex=$1 stub=$2 build=$3 exe=$4
if ! grep -q "throw NotImplemented(\"$ex\"" "$stub"; then
  if [[ -n ${CI:-} ]]; then echo "$stub is not the untouched stub of $ex (under CI it must be)"; exit 1; fi
  echo "$stub is no longer a stub: skipped"
  exit 77
fi
if ! out=$(cmake --build "$build" --target "ch12_stub_$ex" 2>&1); then
  printf 'building ch12_stub_%s failed:\n%s\n' "$ex" "$out"
  exit 1
fi
err=$(timeout 120 "$exe" --no-plots --quick 2>&1 >/dev/null)
rc=$?
if [[ $rc -ne 3 || $err != *"not implemented yet: $ex ("* ]]; then
  printf "with %s left a stub, chapter 12 should stop (exit 3) with 'not implemented yet: %s'; it exited %d, saying:\n%s\n" "$ex" "$ex" "$rc" "$err"
  echo "(the model does not call $ex: is a layer computing attention some other way?)"
  exit 1
fi
echo "stopped as it should: $err"
