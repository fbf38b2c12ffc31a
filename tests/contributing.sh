#!/usr/bin/env bash
# Suite test: CONTRIBUTING.md's checklist "Adding an exercise", followed in a scratch
# copy of the course. `./course new-exercise 03 double_scores` must touch five files
# and nothing else; the course must list the new exercise at once, and its check must
# fail cleanly ("not implemented yet"); with the solution and a test filled in as the
# checklist says, `./course docs` must add it to the chapter's table, and the chapter's
# module, the docs check and the learner's check of the filled-in stub must pass.
# Usage: contributing.sh REPO_ROOT COURSECTL   (the suite's coursectl, built already)
set -euo pipefail
src=$(cd "$1" && pwd)
ctl=$(readlink -f "$2")
work=$(mktemp -d "${TMPDIR:-/tmp}/attn-contributing.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { printf 'FAIL: %s\n' "$*"; exit 1; }

# the course's files as they are now, committed in a repository of their own
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work")
else
  (cd "$src" && tar --exclude='./build*' --exclude='./.course' -cf - .) | (cd "$work" && tar -xf -)
fi
cd "$work"
git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm before
# a build at -O1 (nothing here is timed), set up before ./course needs it
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" >configure.log 2>&1 \
  || { cat configure.log; fail "cannot configure the scratch copy"; }

# 1-5: the five files
"$ctl" new-exercise 03 double_scores --root "$work" >new.log || { cat new.log; fail "new-exercise failed"; }
changed=$(git status --porcelain | grep -v ' build/\|configure.log\|new.log' | sort)
want=$(printf '%s\n' " M exercises/manifest.txt" " M src/contracts/03_softmax.hpp" " M tests/03_softmax_test.cpp" \
         "?? exercises/03_softmax/double_scores.cpp" "?? solutions/03_softmax/double_scores.cpp" | sort)
[[ $changed == "$want" ]] || fail "new-exercise should touch exactly five files; git status says:
$changed"
"$ctl" list --root "$work" --build build >list.log || true
grep -q "double_scores" list.log || { cat list.log; fail "./course list does not show the new exercise"; }
set +e
"$ctl" check double_scores --root "$work" --build build >check.log 2>&1
rc=$?
set -e
grep -q "not implemented yet: double_scores" check.log && [[ $rc -ne 0 ]] \
  || { cat check.log; fail "the new stub's check should fail cleanly with 'not implemented yet' (exit $rc)"; }
"$ctl" new-exercise 03 double_scores --root "$work" >again.log 2>&1 && fail "a second new-exercise of the same name was accepted"
grep -q "there is already an exercise double_scores" again.log || { cat again.log; fail "the refusal does not say why"; }

# 3, 5: the solution and its test, as a contributor fills them in
sed -i 's|    throw NotImplemented("double_scores", __FILE__);|    return 2.0 * X;  // every score doubled|' \
  solutions/03_softmax/double_scores.cpp
cat >>tests/03_softmax_test.cpp <<'CPP'
BOOST_AUTO_TEST_SUITE(double_scores)
BOOST_AUTO_TEST_CASE(doubles_every_score) {
    const arma::mat X = {{1.0, -2.0}, {0.5, 3.0}};
    BOOST_TEST(matrices_close(attn::double_scores(X), arma::mat{{2.0, -4.0}, {1.0, 6.0}}, 1e-12, "2 X"));
}
BOOST_AUTO_TEST_SUITE_END()
CPP
sed -i 's|^title = TODO the exercise.s title$|title = Double every score|; s|^hint = TODO a first hint$|hint = Multiply by 2.|; s|^hint = TODO a second hint$|hint = 2.0 * X is the whole answer.|' exercises/manifest.txt
cmake --build build --target test_03 >build.log 2>&1 || { tail -30 build.log; fail "chapter 03's module does not build"; }
build/test_03 --run_test=double_scores >run.log 2>&1 || { cat run.log; fail "the filled-in exercise's suite does not pass"; }

# 6: the chapter's table, from the manifest
"$ctl" doc-gen --root "$work" >gen.log
grep -q "double_scores" chapters/03_softmax/README.md || fail "./course docs did not add the exercise to chapter 03's table"
"$ctl" doc-check chapters --root "$work" --build build || fail "the docs check does not pass after ./course docs"
# the learner's side: the stub filled in passes its check
cp solutions/03_softmax/double_scores.cpp exercises/03_softmax/double_scores.cpp
"$ctl" check double_scores --root "$work" --build build >pass.log 2>&1 || { cat pass.log; fail "the filled-in stub's check does not pass"; }
echo "ok: the exercise checklist holds (five files, listed, fails cleanly, then passes and is documented)"
