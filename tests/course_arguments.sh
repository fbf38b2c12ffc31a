#!/usr/bin/env bash
# Suite test: ./course refuses arguments a command does not take, in one line,
# before doing anything (no suite run, no tour). Usage: course_arguments.sh REPO_ROOT BUILD_DIR
set -uo pipefail
course=$1/course
export COURSE_BUILD_DIR=$2
fail() { echo "FAIL: $*"; exit 1; }
expect() {  # expect EXIT PATTERN ARGS...
  local want=$1 pattern=$2; shift 2
  local out code
  out=$("$course" "$@" 2>&1); code=$?
  [[ $code -eq $want ]] || { echo "$out"; fail "./course $*: exit code $code, expected $want"; }
  grep -qE -- "$pattern" <<<"$out" || { echo "$out"; fail "./course $*: expected /$pattern/"; }
  [[ $(wc -l <<<"$out") -le 3 ]] || { echo "$out"; fail "./course $*: the refusal should be one line"; }
}
expect 2 "usage: ./course test \[--sanitize\] +\(unknown argument '--bogus'" test --bogus
expect 2 "usage: ./course test \[--sanitize\] +\(unknown argument 'x'\)" test --sanitize x
expect 2 "./course tour takes no arguments; got 'extra'" tour extra
expect 2 "./course plots takes no arguments; got 'x'" plots x
expect 2 "./course setup takes no arguments; got 'x'" setup x
expect 2 "usage: ./course list +\(it takes no arguments; got 'extra'\)" list extra
expect 2 "usage: ./course check \[NN\|NAME\]" check 01 02
expect 2 "unknown option --bogus" check --bogus
expect 2 "--timeout takes seconds, such as 10 or 2.5; got 'soon'" check 01 --timeout soon
expect 2 "a memory size is a number with K, M or G, such as 2G or 512M; got 'lots'" check 01 --memory lots
expect 2 "usage: ./course verify \[--pytorch \[--save-fixture\]\] +\(unknown argument '--bogus'\)" verify --bogus
expect 2 "--save-fixture needs --pytorch: the fixture holds PyTorch's answers" verify --save-fixture
expect 2 "unknown command 'frobnicate'" frobnicate
# an option another command takes is refused by name, with what this one takes
expect 2 "./course list does not take --timeout \(it takes no options\)" list --timeout 5
expect 2 "./course hint does not take --memory \(it takes no options\)" hint rnn_step --memory 1G
expect 2 "./course reset does not take --timeout \(it takes --yes, -y\)" reset rnn_step --timeout 3
# --unsafe goes only where the learner's code runs
expect 2 "./course hint does not take --unsafe \(it takes no options\)" hint rnn_step --unsafe
expect 2 "--unsafe goes with --mine \(./course run 01 --mine --unsafe\)" run 01 --unsafe
echo "ok: unknown arguments are refused in one line"
