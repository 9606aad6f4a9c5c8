#!/usr/bin/env bash
# LCOV export read by a real LCOV tool: builds the tracefile of the small fixture (runs `r-a` only,
# with --lcov-gold-unread), checks `lcov --summary` counts the expected lines and that genhtml
# renders it against the fixture workspace. Installs Debian `lcov` when missing; fails loudly.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

fail() { echo "71-report-lcov-genhtml: FAIL: $*" >&2; exit 1; }

# lcov through the shared installer: root, passwordless sudo, or a clear "run apt-get install …
# as root" message (tests/editors/lib.sh).
source tests/editors/lib.sh
if ! command -v genhtml >/dev/null || ! command -v lcov >/dev/null; then
  apt_install lcov
  command -v genhtml >/dev/null || fail "genhtml missing after installing lcov"
fi

cargo build -q -p readcov
bin="${CARGO_TARGET_DIR:-$root/target}/debug/readcov"
out="$root/artifacts/report-lcov"
rm -rf "$out" && mkdir -p "$out"
fx=server/report/tests/fixtures/small
grep '"run":"r-a"' $fx/reads.jsonl > "$out/reads-r-a.jsonl"
"$bin" report --gold $fx/gold.jsonl --reads "$out/reads-r-a.jsonl" --workspace $fx/ws \
  --lcov "$out/r-a.info" --lcov-gold-unread >/dev/null

# Merged over runs: auth.py 80-95 (4 read) + 1-5 (t4), utils.py 1-40 read, db.py 5-14 (3 read)
# + 20-30 (t3, nobody read): 82 lines, 52 hit.
summary=$(lcov --summary "$out/r-a.info" 2>&1) || fail "lcov rejected the tracefile: $summary"
echo "$summary" | grep -q "lines\.*: 63\.4% (52 of 82 lines)" || fail "unexpected lcov summary: $summary"

(cd $fx/ws && genhtml -q -o "$out/html" "$out/r-a.info") || fail "genhtml could not render the tracefile"
[ -s "$out/html/index.html" ] || fail "genhtml wrote no index.html"
grep -q "auth.py" "$out/html/src/index.html" || fail "genhtml page lists no src/auth.py"
echo "71-report-lcov-genhtml: 1 passed, 0 failed (lcov summary 52 of 82 lines; genhtml page in $out/html)"
