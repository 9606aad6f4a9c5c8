#!/usr/bin/env bash
# Cross-checks `readcov sheet --format json` against scripts/sheet_oracle.py, a recomputation from
# docs/evaluation.md (Grading, Per-turn exploration, Requirement ledger, Aggregation, Run records):
# each run's status, causes, axes, strict success, timeline, edited-before-reading, obsolete edits,
# read-before-edit, proposed attribution; every denominator, pass^k / pass@k (n ≥ k, common tasks,
# planned n) with their task counts, the breakdowns, unreadable and planned counts, the bad lines. On:
# - the worked example of docs/evaluation.md (tests/fixtures/sheet), as the page runs it, and with
#   its syntax units (--units, --workspace tests/fixtures/sheet/repo);
# - the "On real trajectories" recipe over tests/data/real (15 runs, target = resolved), also with
#   exploration required, k = 1,2 and in 2 shards;
# - two hand-made sheets (scripts/sheet_oracle_edges.py: the edges a random draw reaches rarely, and
#   290 trials of one task whose C(150, 75) overflows u128), then seeded random sheets (fixed seed;
#   scripts/sheet_oracle_gen.py) that must reach every edge the docs define at least once.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "sheet oracle"
oracle() { python3 scripts/sheet_oracle.py "$bin" "$@"; }

# the worked example, exactly as docs/evaluation.md runs it; then with its units
fx=tests/fixtures/sheet
example=(--runs "$fx/runs.jsonl" --gold "$fx/gold.jsonl" --reads "$fx/reads.jsonl" --ledger "$fx/ledger.jsonl"
  --tasks "$fx/tasks.jsonl")
oracle "${example[@]}" --k 1,2 --regeneration-limit 2
oracle "${example[@]}" --k 1,2,3 --units "$fx/units.jsonl" --threshold 0.8
oracle "${example[@]}" --workspace "$fx/repo" --require target --sources agent
oracle --shards 2 "${example[@]}" --k 2 --regeneration-limit 1
oracle "${example[@]}" --k 0                  # bad options: exit 2
oracle "${example[@]}" --require target,speed

# "On real trajectories": reads + edits, SWE-bench gold, one run record per trajectory
real_sheet_inputs
grep -q '"kind":"edit"' "$out/reads.jsonl"  # the real runs' edits are in: read-before-edit is exercised
real_args=(--runs "$out/runs.jsonl" --gold "$out/gold.jsonl" --reads "$out/reads.jsonl")
oracle "${real_args[@]}" --require target
oracle "${real_args[@]}" --require target,exploration --k 1,2 --threshold 0.3
oracle --shards 2 "${real_args[@]}" --require target,exploration --k 1,2

# the hand-made edges, then seeded random sheets
python3 scripts/sheet_oracle_gen.py "$bin" --trials "${SHEET_ORACLE_TRIALS:-200}" --seed 1
echo "sheet oracle ok"
