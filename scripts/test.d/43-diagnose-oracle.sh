#!/usr/bin/env bash
# Cross-checks `readcov diagnose --format json` against scripts/diagnose_oracle.py, a recomputation
# from docs/diagnose.md's Definitions (patches applied at their stated lines, change lines, units
# touched, read coverage, each stage's figures, the units' text after each patch, token similarity,
# the verdict), on every run of the shipped real data:
# - tests/data/real (15 runs, SWE-bench gold, --workspaces): with the changes `import --emit-patches`
#   writes as --patches, at thresholds 0.5 and 0.9; and each trajectory as --reads alone (the log's
#   own patch for mini-swe-agent, the replayed edits for OpenHands: change_source as emitted);
# - tests/data/formats/mini-swe-agent-v1 (the same 3 astropy tasks, v1 logs; a submission changing a
#   file the workspace lacks);
# - tests/data/real-multi (23 runs that read, no sources): consensus gold with model_patches.jsonl,
#   and a pseudo-gold change per task (its first resolved run's patch) judged per file.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v python3 >/dev/null; then
  echo "error: python3 is required for the diagnose oracle suite (apt-get install python3)" >&2
  exit 1
fi
cargo build -q -p readcov
bin="$PWD/target/debug/readcov"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
real=tests/data/real multi=tests/data/real-multi v1=tests/data/formats/mini-swe-agent-v1
oracle() { python3 scripts/diagnose_oracle.py "$bin" "$@"; }

# tests/data/real: the emitted changes as --patches
"$bin" import --workspaces "$real/sources" "$real"/openhands/*.json "$real"/mini-swe-agent/*.json \
  -o "$out/reads.jsonl" --emit-patches "$out/patches.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/gold.jsonl" 2>/dev/null
for t in 0.5 0.9; do
  "$bin" diagnose --gold "$real/gold.jsonl" --reads "$out/reads.jsonl" --patches "$out/patches.jsonl" \
    --workspaces "$real/sources" --threshold "$t" --format json >"$out/real-$t.json" 2>/dev/null
  oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out/real-$t.json" --gold-patches "$real/gold.jsonl" \
    --patches "$out/patches.jsonl" --workspaces "$real/sources" --threshold "$t" --expect-source patches
done

# tests/data/real: each trajectory alone, its change from its log or its replayed edits
for f in "$real"/openhands/*.json "$real"/mini-swe-agent/*.json; do
  "$bin" diagnose --gold "$real/gold.jsonl" --reads "$f" --workspaces "$real/sources" --format json \
    >"$out/log-$(basename "$f")" 2>/dev/null
done
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out"/log-*.json --gold-patches "$real/gold.jsonl" \
  --patches "$out/patches.jsonl" --workspaces "$real/sources" --expect-source emitted

# tests/data/formats/mini-swe-agent-v1: the v1 logs' submissions
"$bin" import --workspaces "$real/sources" "$v1"/*.json -o "$out/v1-reads.jsonl" \
  --emit-patches "$out/v1-patches.jsonl" 2>/dev/null
for f in "$v1"/*.json; do
  "$bin" diagnose --gold "$real/gold.jsonl" --reads "$f" --workspaces "$real/sources" --format json \
    >"$out/v1-$(basename "$f")" 2>/dev/null
done
oracle "$out/gold.jsonl" "$out/v1-reads.jsonl" "$out"/v1-*.traj.json --gold-patches "$real/gold.jsonl" \
  --patches "$out/v1-patches.jsonl" --workspaces "$real/sources" --expect-source emitted

# tests/data/real-multi: each trajectory under its task and run (two read nothing: import exits 2)
for dir in "$multi"/swe-agent-java/*/; do
  task="$(basename "$dir")"
  for f in "$dir"*; do
    run="$(basename "$f")"; run="${run%.*}"
    "$bin" import --task "$task" --run "$run" "$f" -o - 2>/dev/null || test $? -eq 2
  done
done >"$out/multi-reads.jsonl"
"$bin" gold --from-runs "$out/multi-reads.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/multi-gold.jsonl" 2>/dev/null
"$bin" diagnose --gold "$out/multi-gold.jsonl" --reads "$out/multi-reads.jsonl" --patches "$multi/model_patches.jsonl" \
  --format json >"$out/multi.json" 2>/dev/null
oracle "$out/multi-gold.jsonl" "$out/multi-reads.jsonl" "$out/multi.json" --patches "$multi/model_patches.jsonl" \
  --expect-source patches
# a pseudo-gold change per task: the patch of its first resolved run (in model_patches.jsonl order)
python3 - "$multi" "$out/multi-pgold.jsonl" <<'EOF'
import json, sys
multi, dest = sys.argv[1:]
resolved = {(r["task"], r["run"]) for r in map(json.loads, open(f"{multi}/outcomes.jsonl")) if r["resolved"] is True}
seen = set()
with open(dest, "w") as out:
    for r in map(json.loads, open(f"{multi}/model_patches.jsonl")):
        if r["task"] not in seen and (r["task"], r["run"]) in resolved:
            seen.add(r["task"])
            out.write(json.dumps({"instance_id": r["task"], "patch": r["model_patch"]}) + "\n")
assert len(seen) == 5, seen
EOF
"$bin" gold --from-swebench "$out/multi-pgold.jsonl" -o "$out/multi-pgold-lines.jsonl" 2>/dev/null
"$bin" diagnose --gold "$out/multi-pgold.jsonl" --reads "$out/multi-reads.jsonl" --patches "$multi/model_patches.jsonl" \
  --format json >"$out/multi-p.json" 2>/dev/null
oracle "$out/multi-pgold-lines.jsonl" "$out/multi-reads.jsonl" "$out/multi-p.json" --gold-patches "$out/multi-pgold.jsonl" \
  --patches "$multi/model_patches.jsonl" --expect-source patches
echo "diagnose oracle ok"
