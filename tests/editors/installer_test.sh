#!/usr/bin/env bash
# Tests `apt_install` (tests/editors/lib.sh) on a fake PATH: as root it runs apt-get; without root
# it uses sudo only when sudo exists and needs no password; otherwise it stops with the exact
# "run `apt-get install -y …` as root" message and runs nothing. Also checks that no suite calls
# sudo itself (issue 29: plain `sudo` is absent on many machines).
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "installer_test: FAIL: $*" >&2; exit 1; }

# No script but the shared installer runs sudo (comments may name it). Python scripts run programs
# through subprocess, so there a call is `sudo` first in an argument list or command string: the
# import oracles' hand-made agent commands (`sudo cp …`, session 39) are data, never run.
if grep -rInE --exclude-dir=node_modules --exclude=lib.sh --exclude=installer_test.sh --exclude='*.py' \
  -e '^[^#]*\bsudo\b' "$REPO/scripts" "$REPO/tests/editors" "$REPO/bench" "$REPO/.ci"; then
  fail "a suite calls sudo itself; use apt_install from tests/editors/lib.sh"
fi
if grep -rInE --exclude-dir=node_modules --include='*.py' -e "^[^#]*[[(][[:space:]]*[fbr]?[\"']sudo\b" \
  "$REPO/scripts" "$REPO/tests" "$REPO/bench" "$REPO/python"; then
  fail "a Python script calls sudo itself; use apt_install from tests/editors/lib.sh"
fi

# run_case UID SUDO: apt_install pkg-x with `id -u` = UID and SUDO = none|password|nopassword.
# Prints "rc=N" then stderr, then what the fake apt-get was asked (if anything).
run_case() {
  local dir
  dir="$(mktemp -d)"
  mkdir "$dir/bin"
  for t in bash dirname basename mkdir cat env; do ln -s "$(command -v $t)" "$dir/bin/$t"; done
  printf '#!%s\n[ "$1" = -u ] && echo %s || echo x\n' "$(command -v bash)" "$1" >"$dir/bin/id"
  printf '#!%s\nexit 1\n' "$(command -v bash)" >"$dir/bin/dpkg"
  printf '#!%s\necho "apt-get $*" >>"%s/asked"\n' "$(command -v bash)" "$dir" >"$dir/bin/apt-get"
  case "$2" in
    password) printf '#!%s\nexit 1\n' "$(command -v bash)" >"$dir/bin/sudo" ;;
    nopassword) printf '#!%s\n[ "$1" = -n ] && shift\necho "sudo" >>"%s/asked"\n"$@"\n' "$(command -v bash)" "$dir" >"$dir/bin/sudo" ;;
  esac
  chmod +x "$dir"/bin/*
  local rc=0
  PATH="$dir/bin" READCOV_TOOLS="$dir/tools" "$dir/bin/bash" -c \
    "source '$REPO/tests/editors/lib.sh'; apt_install pkg-x" >/dev/null 2>"$dir/err" || rc=$?
  echo "rc=$rc"
  cat "$dir/err"
  [ -f "$dir/asked" ] && cat "$dir/asked"
  rm -rf "$dir"
}

check() { # check NAME GOT WANT-REGEX [MUST-NOT-REGEX]
  grep -Eq -- "$3" <<<"$2" || fail "$1: expected /$3/ in:"$'\n'"$2"
  if [ -n "${4:-}" ] && grep -Eq -- "$4" <<<"$2"; then fail "$1: unexpected /$4/ in:"$'\n'"$2"; fi
  echo "ok: $1"
}

msg='run `apt-get install -y pkg-x` as root'
got="$(run_case 1000 none)"
check "no sudo, not root" "$got" "^rc=1$" "^apt-get "
grep -qF "$msg" <<<"$got" || fail "no sudo: message missing: $got"
got="$(run_case 1000 password)"
check "sudo asks a password" "$got" "^rc=1$" "^apt-get "
grep -qF "$msg" <<<"$got" || fail "sudo with password: message missing: $got"
check "root" "$(run_case 0 none)" "apt-get .*install -y .*pkg-x" "^sudo$"
check "passwordless sudo" "$(run_case 1000 nopassword)" "^sudo$"
check "passwordless sudo installs" "$(run_case 1000 nopassword)" "apt-get .*install -y .*pkg-x"
echo "installer tests passed"
