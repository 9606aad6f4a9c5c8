#!/usr/bin/env bash
# Cross-checks `readcov gold` against scripts/gold_oracle.py, a recomputation from docs/gold.md (and
# the sections it links): every row (task, path, start, end, tier, origin, run, base) compared as a
# set per task, on
# - tests/data/real (15 SWE-bench rows): edit gold without and with the workspaces (base
#   fingerprints), unit gold at the defaults and at --anchor 2 --max-unit 40 --window 3
#   --exclude-tests; tests/data/real/offset-patches (hunks that apply 9, 4 and 1 lines away);
#   `--tests` on rows with no test fields (exit 2, nothing written);
# - tests/data/real-multi: consensus from the imported trajectories at every --agree (all, 1-5),
#   with --optional, --min-runs 1, and the labels given per run (`--outcomes RUN=FILE`), each also as
#   `--format swe-explore` rows (core/optional regions, modified and main files, meta); leave-one-out
#   (`score --consensus`, each run's gold size, coverage and file hit) at --agree all/2, matched and
#   full; the 25 model patches as edit gold, and as unit gold on the three Java base files rebuilt
#   from the runs' windows (each checked byte-for-byte against the blob its patches name);
#   fail_to_pass.jsonl's test tier (no workspace);
# - tests/fixtures/locbench's SWE-bench rows; the named sets side by side (`score --gold
#   edit=… --gold unit.jsonl`, and two consensus sets) against each set's figures recomputed and
#   each set scored alone;
# - hand-made and seeded-random cases (scripts/gold_oracle_cases.py): hunks with no context, a header
#   without counts, `\ No newline`, CRLF, /dev/null sides, renames, binary patches, adjacent and
#   overlapping hunks, lines past the file's end, an empty patch, several files and languages,
#   paths with spaces and git-quoted paths, --exclude-tests names, a numeric instance_id, a task in
#   several rows (the duplicate-span notes), leading comments, bytes that are not UTF-8, every
#   test-id shape of the test tier, 120 random
#   difflib patches (some shifted: offsets; some stale: does not apply), and random consensus reads.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "gold oracle"
real=tests/data/real multi=tests/data/real-multi
oracle() { python3 scripts/gold_oracle.py "$bin" "$@"; }

# tests/data/real: edit and unit gold
oracle swebench "$real/gold.jsonl"
oracle swebench "$real/gold.jsonl" --workspaces "$real/sources"
oracle swebench "$real/gold.jsonl" --workspaces "$real/sources" --expand units
oracle swebench "$real/gold.jsonl" --workspaces "$real/sources" --expand units --anchor 2 --max-unit 40 \
  --window 3 --exclude-tests
oracle swebench "$real/offset-patches/gold.jsonl" --workspaces "$real/offset-patches/sources" --expand units
oracle swebench "$real/gold.jsonl" --workspaces "$real/sources" --tests
# one patch as --from-diff with a workspace (the task's own folder)
python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["patch"], end="")' \
  "$real/gold.jsonl" >"$out/one.diff"
task="$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["instance_id"])' "$real/gold.jsonl")"
oracle diff "$out/one.diff" --task "$task" --workspace "$real/sources/$task" --expand units
# a diff file and a base file with a byte that is not UTF-8
mkdir "$out/latin1"
printf 'diff --git a/u.py b/u.py\n--- a/u.py\n+++ b/u.py\n@@ -1,2 +1,2 @@\n s = "\xe9"\n-x = 1\n+x = 2\n' >"$out/latin1.diff"
printf 's = "\xe9"\nx = 1\n' >"$out/latin1/u.py"
oracle diff "$out/latin1.diff" --workspace "$out/latin1" --expand units

# tests/data/real-multi: consensus, leave-one-out, model patches, the test tier without sources
"$bin" import --layout task/run "$multi/swe-agent-java" -o "$out/multi.jsonl" 2>/dev/null
for k in all 1 2 3 4 5; do
  oracle runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" --agree "$k" --optional
done
oracle runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" --agree 1 --min-runs 1
python3 - "$multi/outcomes.jsonl" "$out" <<'EOF'
import json, sys
by_run = {}
for r in map(json.loads, open(sys.argv[1])):
    by_run.setdefault(r["run"], []).append({"task": r["task"], "resolved": r["resolved"]})
for run, rows in by_run.items():
    open(f"{sys.argv[2]}/labels-{run}.jsonl", "w").write("".join(json.dumps(x) + "\n" for x in rows))
EOF
per_run=()
for f in "$out"/labels-*.jsonl; do r="${f##*/labels-}"; per_run+=(--outcomes "${r%.jsonl}=$f"); done
oracle runs "$out/multi.jsonl" "${per_run[@]}" --agree 2 --optional
"$bin" gold --from-runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/cons.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl" --agree 2 -o "$out/cons2.jsonl" 2>/dev/null
for k in all 2; do
  for lf in matched full; do
    oracle loo "$out/multi.jsonl" "$out/cons.jsonl" --outcomes "$multi/outcomes.jsonl" --agree "$k" --loo-failed "$lf"
  done
done
oracle sets "$out/cons.jsonl" k2="$out/cons2.jsonl" --reads "$out/multi.jsonl" --outcomes "$multi/outcomes.jsonl"
python3 - "$multi/model_patches.jsonl" "$out/mp.jsonl" <<'EOF'
import json, sys
with open(sys.argv[2], "w") as o:
    for r in map(json.loads, open(sys.argv[1])):
        o.write(json.dumps({"instance_id": f"{r['task']}.{r['run']}", "patch": r["model_patch"] or ""}) + "\n")
EOF
oracle swebench "$out/mp.jsonl"
oracle swebench "$out/mp.jsonl" --exclude-tests --anchor 3
# the three base files rebuilt from the runs' windows (MANIFEST.md): byte-for-byte the blobs the
# model patches name, then unit gold of those patches on them (one workspace per run)
python3 - "$multi" "$out/mp.jsonl" "$out/mpws" <<'EOF'
import hashlib, json, os, re, shutil, sys
multi, rows, ws = sys.argv[1:]
blobs = {}
for r in map(json.loads, open(f"{multi}/model_patches.jsonl")):
    for m in re.finditer(r"^diff --git a/(\S+) .*\n(?:.*\n)?index ([0-9a-f]+)\.\.", r["model_patch"] or "", re.M):
        blobs.setdefault((r["task"], m[1]), set()).add(m[2])
src = f"{multi}/sources"
shipped = [(t, os.path.relpath(os.path.join(d, f), f"{src}/{t}")) for t in os.listdir(src)
           for d, _, fs in os.walk(f"{src}/{t}") for f in fs]
assert len(shipped) == 3, shipped
for t, p in shipped:
    data = open(f"{src}/{t}/{p}", "rb").read()
    sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
    want = blobs.get((t, p), set())
    assert want and all(sha.startswith(b) for b in want), f"{t}/{p}: blob {sha}, patches name {want}"
for r in map(json.loads, open(rows)):
    task = r["instance_id"].split(".")[0]
    if os.path.isdir(f"{src}/{task}"):
        shutil.copytree(f"{src}/{task}", f"{ws}/{r['instance_id']}")
EOF
oracle swebench "$out/mp.jsonl" --workspaces "$out/mpws" --expand units
oracle swebench "$multi/fail_to_pass.jsonl" --tests

# tests/fixtures: SWE-bench rows
for f in tests/fixtures/locbench/swebench3.jsonl tests/fixtures/locbench/swebench-lite3.jsonl; do
  oracle swebench "$f"
done

# named sets side by side on tests/data/real
"$bin" import --workspaces "$real/sources" "$real"/openhands/*.json "$real"/mini-swe-agent/*.json \
  -o "$out/reads.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/edit.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$real/gold.jsonl" --workspaces "$real/sources" --expand units -o "$out/unit.jsonl" 2>/dev/null
oracle sets edit="$out/edit.jsonl" "$out/unit.jsonl" --reads "$out/reads.jsonl" --outcomes "$real/gold.jsonl"

# hand-made and seeded-random cases
mkdir "$out/cases"
python3 scripts/gold_oracle_cases.py "$out/cases" --seed 24 --random 120 >/dev/null
c="$out/cases"
oracle swebench "$c/rows.jsonl"
oracle swebench "$c/rows.jsonl" --workspaces "$c/ws"
oracle swebench "$c/rows.jsonl" --workspaces "$c/ws" --expand units
oracle swebench "$c/rows.jsonl" --workspaces "$c/ws" --expand units --anchor 2 --max-unit 5 --window 3 --exclude-tests
oracle swebench "$c/tests_rows.jsonl" --workspaces "$c/ws" --tests
oracle swebench "$c/tests_rows.jsonl" --workspaces "$c/ws" --tests --anchor 3 --window 2
for k in all 1 2 3; do
  oracle runs "$c/reads.jsonl" --outcomes "$c/labels.jsonl" --agree "$k" --min-runs 1 --optional
done
"$bin" gold --from-runs "$c/reads.jsonl" --outcomes "$c/labels.jsonl" --agree 1 --min-runs 1 -o "$c/cons.jsonl" 2>/dev/null
for k in all 2; do
  for lf in matched full; do
    oracle loo "$c/reads.jsonl" "$c/cons.jsonl" --outcomes "$c/labels.jsonl" --agree "$k" --min-runs 1 --loo-failed "$lf"
  done
done
echo "gold oracle ok"
