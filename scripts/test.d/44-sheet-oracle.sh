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
# - the multi-model recipe over tests/data/real-multi (docs/evaluation.md "On the shipped multi-model runs":
#   25 labelled runs, 5 tasks x 5 models, consensus gold; two runs import to no row and must still count):
#   a condition per model, and the five models as five trials of each task (k = 1..5, the only shipped
#   data with n > 1 per task), its no-evaluation-log runs as target null, also with exploration at 0.9
#   and in 3 shards;
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

# "On the shipped multi-model runs": tests/data/real-multi, one run record per outcomes.jsonl row
rm=tests/data/real-multi
"$bin" import --layout task/run "$rm/swe-agent-java" -o "$out/rm_reads.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/rm_reads.jsonl" --outcomes "$rm/outcomes.jsonl" -o "$out/rm_gold.jsonl" 2>/dev/null
python3 - "$rm/outcomes.jsonl" "$out" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
valid = {"environment": "valid", "simulator": "valid", "scenario_oracle": "valid"}
for name, record in (
        ("rm_runs_model", lambda o: {"condition": o["run"], "target": o["resolved"]}),
        ("rm_runs_pooled", lambda o: {"target": o["resolved"]}),
        ("rm_runs_noeval_null", lambda o: {"target": None if o["outcome"] == "no_evaluation_log" else o["resolved"]})):
    with open(f"{sys.argv[2]}/{name}.jsonl", "w") as f:
        for o in rows:
            f.write(json.dumps({"run": o["run"], "task": o["task"], **valid, **record(o)}) + "\n")
PY
# the case this recipe is for: two labelled runs (doubao-pro-128k: 58 malformed actions then exit_cost on
# jackson-databind-4487, a bare `submit` on jib-4035) import to no row, yet are two of the 25 planned trials
python3 - "$out/rm_reads.jsonl" "$out/rm_runs_pooled.jsonl" <<'PY'
import json, sys
pairs = {(r["task"], r["run"]) for r in map(json.loads, open(sys.argv[1]))}
records = [(r["task"], r["run"]) for r in map(json.loads, open(sys.argv[2]))]
empty = sorted(set(records) - pairs)
assert len(records) == 25 and [t for t, _ in empty] == ["fasterxml__jackson-databind-4487",
                                                     "googlecontainertools__jib-4035"], empty
PY
rm_args=(--gold "$out/rm_gold.jsonl" --reads "$out/rm_reads.jsonl")
oracle --runs "$out/rm_runs_model.jsonl" "${rm_args[@]}" --require target --k 1,2
oracle --runs "$out/rm_runs_pooled.jsonl" "${rm_args[@]}" --require target --k 1,2,3,4,5
oracle --runs "$out/rm_runs_noeval_null.jsonl" "${rm_args[@]}" --require target --k 1,2,3,4,5
oracle --runs "$out/rm_runs_pooled.jsonl" "${rm_args[@]}" --require target,exploration --threshold 0.9 --k 1,2,3
oracle --shards 3 --runs "$out/rm_runs_noeval_null.jsonl" "${rm_args[@]}" --require target,exploration --k 1,2,3

# the hand-made edges, then seeded random sheets
python3 scripts/sheet_oracle_gen.py "$bin" --trials "${SHEET_ORACLE_TRIALS:-200}" --seed 1
echo "sheet oracle ok"
