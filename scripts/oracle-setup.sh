# Sourced by the oracle suites of scripts/test.d (each checks readcov against an independent
# Python recomputation): `oracle_setup NAME` fails loudly without python3, builds the debug
# binary the suites share, and sets `bin` (that binary) and `out` (a scratch folder removed on exit).
oracle_setup() {
  if ! command -v python3 >/dev/null; then
    echo "error: python3 is required for the $1 suite (apt-get install python3)" >&2
    exit 1
  fi
  cargo build -q -p readcov
  bin="$PWD/target/debug/readcov"
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
}

# docs/evaluation.md's "On real trajectories" recipe, for the sheet suites: tests/data/real's runs
# imported with their edits, its SWE-bench gold, and one run record per trajectory (condition = the
# agent, the harness's resolved as `target`), written to $out/reads.jsonl, gold.jsonl and runs.jsonl.
real_sheet_inputs() {
  local real=tests/data/real
  "$bin" import "$real"/openhands/*.json "$real"/mini-swe-agent/*.traj.json --workspaces "$real/sources" \
    -o "$out/reads.jsonl" 2>/dev/null
  "$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/gold.jsonl" 2>/dev/null
  python3 - "$real/gold.jsonl" "$out/runs.jsonl" <<'PY'
import json, sys
with open(sys.argv[2], "w") as f:
    for r in map(json.loads, open(sys.argv[1])):
        f.write(json.dumps({"run": r["agent"], "task": r["instance_id"], "condition": r["agent"],
                            "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                            "target": r["resolved"]}) + "\n")
PY
}
