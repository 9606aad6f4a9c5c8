#!/usr/bin/env bash
# The README's real-data flow through the CLI: import → gold → score (--workspaces) must give 15 scored runs,
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
# --workspaces sources: every task has its folder, so unit columns and no "source not found".
head -1 "$out/score.txt" | grep -q "units_hit" || { echo "FAIL: no unit columns with --workspaces" >&2; exit 1; }
if grep -q "source not found" "$out/stderr.txt"; then echo "FAIL: a source was not found under --workspaces" >&2; exit 1; fi
test "$(wc -l <"$out/gold.jsonl")" -eq 34 || { echo "FAIL: expected 34 gold spans" >&2; exit 1; }
echo "real-data flow ok"
