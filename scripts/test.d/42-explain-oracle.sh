#!/usr/bin/env bash
# Cross-checks `readcov explain --format json` against a naive Python recomputation
# (scripts/explain_oracle.py) on every run of the shipped real data: tests/data/real (15 runs,
# SWE-bench gold, --workspaces) and tests/data/real-multi (25 runs, consensus gold: every resolved
# run, and --agree 2), plus each partly read span at a threshold equal to its own coverage; the
# real gold widened to units, and the offset patches' tasks that no run read.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "explain oracle"
real=tests/data/real multi=tests/data/real-multi
"$bin" import --workspaces "$real/sources" "$real"/openhands/*.json "$real"/mini-swe-agent/*.json \
  -o "$out/real-reads.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/real-gold.jsonl" 2>/dev/null
python3 scripts/explain_oracle.py "$bin" "$out/real-gold.jsonl" "$out/real-reads.jsonl" --workspaces "$real/sources"
python3 scripts/explain_oracle.py "$bin" "$out/real-gold.jsonl" "$out/real-reads.jsonl" --workspaces "$real/sources" --threshold 0.9
# Gold widened to units (86 spans, partly read ones among them: units, nearest reads, at threshold).
"$bin" gold --from-swebench "$real/gold.jsonl" --expand units --workspaces "$real/sources" -o "$out/real-units.jsonl" 2>/dev/null
python3 scripts/explain_oracle.py "$bin" "$out/real-units.jsonl" "$out/real-reads.jsonl" --workspaces "$real/sources"
# pylint-4604 reads 4/45 (0.089) of its unit gold: "line coverage 8.8%" beside "below 9%", not 9%
python3 scripts/explain_oracle.py "$bin" "$out/real-units.jsonl" "$out/real-reads.jsonl" --threshold 0.09
# The offset patches: gold no run read (each task's `-` run, `no run`).
"$bin" gold --from-swebench "$real/offset-patches/gold.jsonl" --workspaces "$real/offset-patches/sources" -o "$out/offset-gold.jsonl" 2>/dev/null
python3 scripts/explain_oracle.py "$bin" "$out/offset-gold.jsonl" "$out/real-reads.jsonl" --workspaces "$real/offset-patches/sources"
# real-multi: each trajectory imported under its task and run (the file's stem: `--layout task/run`),
# as the cargo tests do.
"$bin" import --layout task/run "$multi/swe-agent-java" -o "$out/multi-reads.jsonl" 2>/dev/null
test "$(wc -l <"$out/multi-reads.jsonl")" -gt 250 || { echo "FAIL: real-multi import gave too few rows" >&2; exit 1; }
"$bin" gold --from-runs "$out/multi-reads.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/multi-all.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/multi-reads.jsonl" --outcomes "$multi/outcomes.jsonl" --agree 2 -o "$out/multi-k2.jsonl" 2>/dev/null
python3 scripts/explain_oracle.py "$bin" "$out/multi-all.jsonl" "$out/multi-reads.jsonl"
python3 scripts/explain_oracle.py "$bin" "$out/multi-k2.jsonl" "$out/multi-reads.jsonl" --threshold 0.3
echo "explain oracle ok"
