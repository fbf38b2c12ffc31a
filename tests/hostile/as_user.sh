# as_user.sh: sourced by the hostile scripts (attacks.sh, guard_and_compile.sh,
# no_sandbox.sh), each run once as root and once, with `user`, as an ordinary user made
# for the test (attn-learner).
#
# run_as_who WHO SCRIPT SRC BUILD CTL NEEDED: for WHO=user under root, makes the user
# and runs SCRIPT again as that user with the same folders (exec: this run ends there),
# or skips (exit 77) where the user cannot be made or cannot read NEEDED, the course
# and coursectl; for WHO=root, skips unless this is root. Otherwise it returns.
learner=attn-learner

run_as_who() {
  local who=$1 script=$2 src=$3 build=$4 ctl=$5 needed=$6
  if [[ $who == user && $(id -u) -eq 0 ]]; then
    if ! id "$learner" >/dev/null 2>&1 && ! useradd -m "$learner" >/dev/null 2>&1; then
      echo "SKIP: cannot create an ordinary user here (useradd failed); the user runs are skipped"
      exit 77
    fi
    if ! runuser -u "$learner" -- test -x "$ctl" -a -r "$needed" -a -r "$src/exercises/manifest.txt"; then
      echo "SKIP: the user $learner cannot reach the build folder $build; the user runs are skipped"
      exit 77
    fi
    exec runuser -u "$learner" -- env -i PATH="$PATH" HOME="$(getent passwd "$learner" | cut -d: -f6)" \
      LANG="${LANG:-C.UTF-8}" bash "$script" as-user "$src" "$build" "$ctl"
  fi
  if [[ $who == root && $(id -u) -ne 0 ]]; then
    echo "SKIP: the root runs need root"
    exit 77
  fi
}
