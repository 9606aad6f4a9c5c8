#!/usr/bin/env bash
# Browser test of the HTML report: builds the report of the small fixture, loads it in headless
# Debian chromium through playwright-core and checks charts, sorting, drill-down and dark mode.
# Installs what it needs (apt: chromium; npm ci: playwright-core); fails loudly when it cannot.
# Screenshots: artifacts/report-browser/*.png (gitignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

fail() { echo "70-report-browser: FAIL: $*" >&2; exit 1; }

# Debian packages come through the shared installer: root, passwordless sudo, or a clear
# "run apt-get install … as root" message (tests/editors/lib.sh).
source tests/editors/lib.sh

command -v chromium >/dev/null || apt_install chromium
command -v chromium >/dev/null || fail "chromium missing after install (apt-get install chromium)"
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
command -v node >/dev/null || fail "node missing (apt-get install nodejs npm)"

(cd tests/report-browser && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci in tests/report-browser failed"

cargo build -q -p readcov
bin="${CARGO_TARGET_DIR:-$root/target}/debug/readcov"
[ -x "$bin" ] || fail "readcov binary not found at $bin"

out="$root/artifacts/report-browser"
mkdir -p "$out"
fx=server/report/tests/fixtures/small
"$bin" report --gold $fx/gold.jsonl --reads $fx/reads.jsonl --workspace $fx/ws \
  --outcomes $fx/outcomes.jsonl --units $fx/units.jsonl --title "readcov fixture report" \
  --html "$out/fixture.html" --lcov "$out/fixture.info" --sarif "$out/fixture.sarif" >/dev/null

# Where runs failed: three run labels, a run label and a run's patch carrying markup
# (server/report/tests/fixtures/stages; tests/it/stages.rs checks the same page's bytes).
sx=server/report/tests/fixtures/stages
"$bin" report --gold $sx/gold.jsonl --reads $sx/reads.jsonl --workspaces $sx/ws \
  --patches $sx/patches.jsonl --title "readcov stages report" --html "$out/stages.html" >/dev/null 2>&1 \
  || fail "readcov report on $sx failed"

cd tests/report-browser
REPORT_HTML="$out/fixture.html" STAGES_HTML="$out/stages.html" ARTIFACTS="$out" CHROMIUM="$(command -v chromium)" \
  node --test report.test.mjs stages.test.mjs
for shot in report-light.png report-dark.png stages-light.png stages-drilldown.png stages-dark.png; do
  [ -s "$out/$shot" ] || fail "screenshot $shot was not written"
done
echo "70-report-browser: screenshots in $out"
