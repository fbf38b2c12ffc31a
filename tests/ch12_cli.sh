#!/usr/bin/env bash
# ch12.cli_keeps_checkpoints_apart_and_says_whose: chapter 12's program on the command line,
# where one run could replace what another saved or blur whose model answers:
#   1. --translate says whose model it used and when it was saved, and ends with its answer
#      (no "Read on" line after a translation);
#   2. the unknown-word message lists English words only;
#   3. without --checkpoint, a run on the reference looks for checkpoints/12_translation.ckpt
#      beside the figures' folder (the learner's run has 12_translation_mine.ckpt);
#   4. a training run refuses, before it trains, to save over a file that is not a checkpoint,
#      and leaves that file as it was;
#   5. a checkpoint that does not say whose it is (an older one) is kept as FILE.kept-1, and
#      the new one records that the reference trained it; a second run replaces its own.
#   ch12_cli.sh PROGRAM CHECKPOINT SOURCE_DIR   (CHECKPOINT: the one ch12.program_runs saved)
set -uo pipefail
exe=$1 ckpt=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
failed=0
fail() { printf 'FAILED: %s\n' "$*"; failed=1; }
# run NAME EXIT ARGS...: runs the program, keeps its output in $out, checks the exit code
run() {
  local name=$1 want=$2; shift 2
  out=$(timeout 300 "$exe" "$@" 2>&1)
  local rc=$?
  [[ $rc -eq $want ]] || fail "$name: exit $rc, expected $want; it said:
$out"
}
has()     { [[ $out == *"$2"* ]] || fail "$1: the output should say '$2'; it said:
$out"; }
has_not() { [[ $out != *"$2"* ]] || fail "$1: the output should not say '$2'; it said:
$out"; }

# 1. whose model, when, and nothing after the answer
run translate 0 --checkpoint "$ckpt" --translate "she loves the red car"
has translate "translating with the reference's model (trained on the reference solutions), saved 20"
has translate "she loves the red car  ->  elle aime la voiture rouge"
has_not translate "Read on"
[[ $(printf '%s\n' "$out" | tail -1) == "the grammar's own translation: "* ]] ||
  fail "translate: the last line should be the grammar's own translation; it said:
$out"

# 2. the known words are English
run unknown_word 2 --checkpoint "$ckpt" --translate "the purple car"
has unknown_word "'purple' is not a word this model knows (it knows these English words: I love the car"
for french in voiture aime les rouge chat; do has_not unknown_word " $french "; done
run french_word 2 --checkpoint "$ckpt" --translate "la voiture rouge"
has french_word "'la' is French; the model translates from English"

# 3. the reference's own file, beside the figures' folder
run default_file 2 --plots "$tmp/plots" --translate "I love LLMs"
has default_file "no saved model at $tmp/checkpoints/12_translation.ckpt yet: run ./course run 12 once"

# 4. a file that is not a checkpoint is never replaced, and nothing is trained
printf 'my notes\n' >"$tmp/notes.txt"
run not_a_checkpoint 2 --no-plots --steps 1 --checkpoint "$tmp/notes.txt"
has not_a_checkpoint "is a file of yours that is not a checkpoint of this course"
has_not not_a_checkpoint "--- 1."
[[ $(cat "$tmp/notes.txt") == "my notes" ]] || fail "not_a_checkpoint: notes.txt was changed"

# 5. an older checkpoint is kept aside; the new one says who trained it
cp "$src/tests/data/ch12/reversal_tiny.ckpt" "$tmp/old.ckpt"
run keeps_the_old_one 0 --no-plots --steps 1 --checkpoint "$tmp/old.ckpt"
has keeps_the_old_one "does not say whose model it holds, so it is kept as old.ckpt.kept-1"
cmp -s "$src/tests/data/ch12/reversal_tiny.ckpt" "$tmp/old.ckpt.kept-1" || fail "keeps_the_old_one: old.ckpt.kept-1 is not the old file"
grep -q '^trained reference [0-9-]*T[0-9:]*Z$' "$tmp/old.ckpt" || fail "keeps_the_old_one: the new checkpoint does not record that the reference trained it"
run replaces_its_own 0 --no-plots --steps 1 --checkpoint "$tmp/old.ckpt"
has_not replaces_its_own "kept as"
[[ ! -e $tmp/old.ckpt.kept-2 ]] || fail "replaces_its_own: a run on the reference kept its own earlier checkpoint aside"

[[ $failed -eq 0 ]] && echo "chapter 12's command line keeps the checkpoints apart and says whose model answers"
exit "$failed"
