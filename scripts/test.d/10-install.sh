#!/usr/bin/env bash
# The README's install line, `cargo install --path server/cli`, into a temporary --root: the
# installed `readcov` runs the demo. Debug profile and the repository's target/ (CARGO_TARGET_DIR)
# so it reuses the build of the README's `cargo run -- demo` (the same profile and features)
# instead of a second release build; the README's install command differs only in the profile.
# --locked: the committed Cargo.lock must be enough.
set -euo pipefail
cd "$(dirname "$0")/../.."
# First: the install and the wheel must find the test build's dependencies compiled with their
# features (server/feature-union), or each compiles them again (~100 s of CPU apiece in CI).
python3 scripts/check-feature-union || { echo "10-install: FAIL: scripts/check-feature-union" >&2; exit 1; }
root="$(mktemp -d "${TMPDIR:-/tmp}/readcov-install.XXXXXX")"
trap 'rm -rf "$root"' EXIT
fail() { echo "10-install: FAIL: $*" >&2; exit 1; }
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" \
  cargo install -q --locked --debug --path server/cli --root "$root" || fail "cargo install --path server/cli failed"
[ -x "$root/bin/readcov" ] || fail "no bin/readcov under the install root"
"$root/bin/readcov" --version | grep -q '^readcov ' || fail "installed readcov --version"
"$root/bin/readcov" demo | grep -q 'line_coverage = 0.25' || fail "installed readcov demo"
echo "cargo install --path server/cli: ok ($root/bin/readcov)"
