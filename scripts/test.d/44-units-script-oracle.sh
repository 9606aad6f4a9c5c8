#!/usr/bin/env bash
# Cross-checks `readcov units` on the scripting languages against each language's own parser
# (scripts/units_oracle_script.py), from docs/units.md "What a unit is" and "<Lang>, exactly":
# every unit's kind, name, start, end and depth, and their order, on
# - JavaScript, JSX, TypeScript and TSX against the TypeScript compiler's parser
#   (scripts/units_oracle_js/units.js; npm `typescript` pinned by the committed package-lock.json,
#   installed here with `npm ci`): every such file under tests/ and editors/vscode's own sources,
#   the hand-made cases of scripts/units_oracle_js_cases.py (decorators, export default, overloads,
#   accessors, class fields, multi-declarator `var`, member assignments, object literals, generics,
#   JSX, TS declarations and namespaces, strings and regexes holding braces, CRLF, BOM, non-ASCII
#   names, syntax errors, the documented limits) and 100 seeded random files.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "units script oracle"
source tests/editors/lib.sh
need node "Node.js ≥ 20 (apt-get install -y nodejs, or https://nodejs.org)"
need npm "npm (ships with Node.js)"
js=scripts/units_oracle_js
# npm ci only when the lock file changed since the last install (cached between runs).
if ! cmp -s "$js/package-lock.json" "$js/node_modules/.readcov-lock" 2>/dev/null; then
  (cd "$js" && npm ci --no-audit --no-fund) || die "npm ci failed in $js (registry.npmjs.org must be reachable)"
  cp "$js/package-lock.json" "$js/node_modules/.readcov-lock"
fi
oracle() { python3 scripts/units_oracle_script.py "$bin" "$@"; }
oracle js files tests editors/vscode/src editors/vscode/test editors/vscode/scripts
oracle js cases "$out/js" --seed 1 --count 100
echo "units script oracle ok"
