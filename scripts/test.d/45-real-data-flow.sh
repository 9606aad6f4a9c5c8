#!/usr/bin/env bash
# The README's real-data flow through the CLI: import → gold → score must give 15 scored runs,
# 14 of them at or above the 50% line-coverage threshold (figures hand-checked in
# server/import/tests/real_scores.rs). Fails loudly when the data is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
scripts/real-data-flow "$out" >"$out/score.txt" 2>"$out/stderr.txt" || { cat "$out/stderr.txt" >&2; exit 1; }
cat "$out/score.txt"
grep -q "15 scored" "$out/score.txt" || { echo "FAIL: expected 15 scored runs" >&2; exit 1; }
grep -q "14/15 at or above 50%" "$out/score.txt" || { echo "FAIL: expected 14/15 at or above 50%" >&2; exit 1; }
grep -q "imported 15 run(s)" "$out/stderr.txt" || { echo "FAIL: import summary missing" >&2; cat "$out/stderr.txt" >&2; exit 1; }
test "$(wc -l <"$out/gold.jsonl")" -eq 34 || { echo "FAIL: expected 34 gold spans" >&2; exit 1; }
echo "real-data flow ok"
