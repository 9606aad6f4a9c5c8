#!/usr/bin/env bash
# Cross-checks `readcov score` (every key of --format json, --format jsonl, --summary, and the text
# table's figures with and without --detail) against scripts/score_oracle.py, a recomputation from
# docs/metrics.md ("Foundation metrics"), docs/formats.md and docs/units.md, on
# - tests/data/real: the imported trajectories (--workspaces), SWE-bench edit gold and unit gold,
#   with and without the workspaces, --threshold at a row's own coverage (0.75), --sources, --widen;
# - tests/data/real-multi: consensus gold (--agree all, --agree 2 with its optional tier) with
#   --outcomes (two labelled runs import to no reads), and the real gold against its reads
#   (tasks with no gold, gold no run read);
# - hand-made edge cases and seeded random gold/reads (scripts/score_oracle_cases.py).
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "score oracle"
oracle() { python3 scripts/score_oracle.py "$bin" "$@"; }
real=tests/data/real multi=tests/data/real-multi
"$bin" import "$real"/openhands/*.json "$real"/mini-swe-agent/*.traj.json --workspaces "$real/sources" \
  -o "$out/reads.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/gold.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" --workspaces "$real/sources" --expand units -o "$out/units.jsonl" 2>/dev/null
oracle check "$out/gold.jsonl" "$out/reads.jsonl"
oracle check "$out/gold.jsonl" "$out/reads.jsonl" --workspaces "$real/sources"
oracle check "$out/gold.jsonl" "$out/reads.jsonl" --workspaces "$real/sources" --threshold 0.75 --widen 3
oracle check "$out/units.jsonl" "$out/reads.jsonl" --workspaces "$real/sources" --sources agent,manual
oracle check "$out/units.jsonl" "$out/reads.jsonl" --threshold 1
# requests-2317's span read 29/31 (0.935) under 0.94: printed 93.5%, not 94% (metrics.md "How shares are printed")
oracle check "$out/units.jsonl" "$out/reads.jsonl" --threshold 0.94
"$bin" import --layout task/run "$multi/swe-agent-java" -o "$out/multi.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/cons.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" --agree 2 --optional \
  -o "$out/cons2.jsonl" 2>/dev/null
oracle check "$out/cons.jsonl" "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl"
oracle check "$out/cons2.jsonl" "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" --threshold 0.3
oracle check "$out/gold.jsonl" "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl"
oracle edges
oracle random --seed 26 --trials "${SCORE_ORACLE_TRIALS:-40}"
echo "score oracle ok"
