#!/usr/bin/env bash
# Cross-checks `readcov diagnose --format json` against scripts/diagnose_oracle.py, a recomputation
# from docs/diagnose.md's Definitions (patches applied at their stated lines, change lines, units
# touched, read coverage, each stage's figures, the units' text after each patch, token similarity,
# the verdict), on every run of the shipped real data:
# - tests/data/real (15 runs, SWE-bench gold, --workspaces): the changes `import --emit-patches` writes
#   as --patches; the same with the reads thinned (the read stage failing) at thresholds 0.3 and 0.9;
#   with mini-swe-agent's run-level harness report (the tests stage) and its sb-cli predictions
#   (paired by the one-entry-one-run rule); each trajectory as --reads
#   alone (the log's own patch for mini-swe-agent, the replayed edits for OpenHands: change_source as
#   emitted); the replayed changes of the mini-swe-agent logs (partial: losses that decide) as --patches;
# - tests/data/formats/mini-swe-agent-v1 (the same 3 astropy tasks, v1 logs; a submission changing a
#   file the workspace lacks);
# - tests/data/real-multi (23 runs that read, no sources): consensus gold with model_patches.jsonl,
#   and a pseudo-gold change per task (its first resolved run's patch) judged per file, with
#   deepseek-chat-v2's Multi-SWE-bench results.json as its harness report;
# - tests/data/real/offset-patches (3 gold patches that apply only off their stated lines): runs
#   whose change is the gold patch, or it with one added line changed;
# - hand-made tasks: a file the workspace lacks, changed by the gold and by the run; token similarity
#   at its 2,000-differing-token bound; where written lines stand (blocks spanning units, insertions
#   between units, before the first line, after the last); patches whose file does not apply to its base
#   (change_lost's `not applied: …`, change_partial, stated lines, text after unknown; the gold's too) and
#   reads of files the workspace lacks;
# then scripts/emit_patches_oracle.py: `import --emit-from replay` against the log's own patch.
# Every summary (groups by run, repo or source, verdict counts, resolved of labelled, figure means, resolve rate per verdict)
# is recomputed from its runs. Fails naming every disagreement (ORACLE_NOTES=1 prints what each oracle explained away, too).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "diagnose oracle"
real=tests/data/real multi=tests/data/real-multi v1=tests/data/formats/mini-swe-agent-v1
# the units of a workspace's files are asked once per binary and files (scripts/diagnose_oracle_lib.py)
export DIAGNOSE_ORACLE_UNITS_CACHE="$out/units-cache"
# Each oracle run only reads files written before it (every case writes its own), so it runs in the
# background beside the next cases, two at a time; a failure is recorded and fails the suite at the end.
slot() { while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done; }
oracle() {
  slot
  { python3 scripts/diagnose_oracle.py "$bin" "$@" || touch "$out/oracle-failed"; } &
}
# readcov's own runs go beside them under the same limit: `rc OUT ARGS…` runs `readcov ARGS…` (stdout
# to OUT, stderr dropped) in the background; `await` waits for the runs started since the last one,
# before a step reads what they wrote. A run that fails is named and fails the suite at the end.
pending=()
rc() {
  local dest="$1"
  shift
  slot
  { "$bin" "$@" >"$dest" 2>/dev/null || { echo "error: readcov $* failed" >&2; touch "$out/readcov-failed"; }; } &
  pending+=("$!")
}
await() {
  local p
  for p in "${pending[@]}"; do wait "$p" || true; done
  pending=()
}
# One case of SWE-bench rows GOLD, base files WS, and DIR's reads.jsonl and preds.jsonl: gold lines,
# `readcov diagnose`, then the oracle on its output.
patches_case() {
  local gold="$1" ws="$2" dir="$3"
  rc /dev/null gold --from-swebench "$gold" -o "$dir/lines.jsonl"
  rc "$dir/d.json" diagnose --gold "$gold" --reads "$dir/reads.jsonl" --patches "$dir/preds.jsonl" \
    --workspaces "$ws" --format json
  await
  oracle "$dir/lines.jsonl" "$dir/reads.jsonl" "$dir/d.json" --gold-patches "$gold" \
    --patches "$dir/preds.jsonl" --workspaces "$ws" --expect-source patches
}

# tests/data/real: the emitted changes as --patches
rc /dev/null import --workspaces "$real/sources" "$real"/openhands/*.json "$real"/mini-swe-agent/*.json \
  -o "$out/reads.jsonl" --emit-patches "$out/patches.jsonl"
rc /dev/null gold --from-swebench "$real/gold.jsonl" -o "$out/gold.jsonl"
await
rc "$out/real.json" diagnose --gold "$real/gold.jsonl" --reads "$out/reads.jsonl" --patches "$out/patches.jsonl" \
  --workspaces "$real/sources" --outcomes "$real/gold.jsonl" --format json
# the read stage where it fails: the same reads thinned (every third row kept, every third cut to a
# third of its lines; edit rows kept), at thresholds 0.3 and 0.9
python3 - "$out/reads.jsonl" "$out/thin.jsonl" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
with open(sys.argv[2], "w") as f:
    for i, r in enumerate(rows):
        if r.get("kind") == "edit" or i % 3 == 0:
            f.write(json.dumps(r) + "\n")
        elif i % 3 == 1 and r["end"] - r["start"] > 20:
            r["end"] = r["start"] + (r["end"] - r["start"]) // 3
            f.write(json.dumps(r) + "\n")
EOF
for t in 0.3 0.9; do
  rc "$out/thin-$t.json" diagnose --gold "$real/gold.jsonl" --reads "$out/thin.jsonl" --patches "$out/patches.jsonl" \
    --workspaces "$real/sources" --threshold "$t" --group-by repo --format json
done
# the tests stage: mini-swe-agent's own run-level SWE-bench report (its 3 astropy runs: resolved)
msa=tests/data/formats/swebench-eval/msa-pr816_deepseek__deepseek-chat.deepseek_chat_test_1-100.json
rc "$out/real-tests.json" diagnose --gold "$real/gold.jsonl" --reads "$out/reads.jsonl" --patches "$out/patches.jsonl" \
  --workspaces "$real/sources" --test-report "mini-swe-agent=$msa" --format json
# the same deepseek run's sb-cli predictions (a JSON object keyed by instance id, model
# `deepseek/deepseek-chat`, not the run's name): each astropy task has one entry and one run, so they pair
preds=tests/data/formats/swebench-predictions/msa-pr816_deepseek_chat_test_1-100_preds.json
rc "$out/real-preds.json" diagnose --gold "$real/gold.jsonl" --reads "$out/reads.jsonl" --patches "$preds" \
  --workspaces "$real/sources" --group-by source --format json
await
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out/real.json" --gold-patches "$real/gold.jsonl" \
  --patches "$out/patches.jsonl" --workspaces "$real/sources" --expect-source patches --outcomes "$real/gold.jsonl"
for t in 0.3 0.9; do
  oracle "$out/gold.jsonl" "$out/thin.jsonl" "$out/thin-$t.json" --gold-patches "$real/gold.jsonl" \
    --patches "$out/patches.jsonl" --workspaces "$real/sources" --threshold "$t" --expect-source patches --group-by repo
done
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out/real-tests.json" --gold-patches "$real/gold.jsonl" \
  --patches "$out/patches.jsonl" --workspaces "$real/sources" --expect-source patches --test-report "mini-swe-agent=$msa"
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out/real-preds.json" --gold-patches "$real/gold.jsonl" \
  --patches "$preds" --workspaces "$real/sources" --expect-source patches --group-by source

# tests/data/real: each trajectory alone, its change from its log or its replayed edits
for f in "$real"/openhands/*.json "$real"/mini-swe-agent/*.json; do
  rc "$out/log-$(basename "$f")" diagnose --gold "$real/gold.jsonl" --reads "$f" --workspaces "$real/sources" \
    --format json
done
await
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out"/log-*.json --gold-patches "$real/gold.jsonl" \
  --patches "$out/patches.jsonl" --workspaces "$real/sources" --expect-source emitted

# tests/data/formats/mini-swe-agent-v1: the v1 logs' submissions
rc /dev/null import --workspaces "$real/sources" "$v1"/*.json -o "$out/v1-reads.jsonl" \
  --emit-patches "$out/v1-patches.jsonl"
for f in "$v1"/*.json; do
  rc "$out/v1-$(basename "$f")" diagnose --gold "$real/gold.jsonl" --reads "$f" --workspaces "$real/sources" \
    --format json
done
await
oracle "$out/gold.jsonl" "$out/v1-reads.jsonl" "$out"/v1-*.traj.json --gold-patches "$real/gold.jsonl" \
  --patches "$out/v1-patches.jsonl" --workspaces "$real/sources" --expect-source emitted

# tests/data/real-multi: each trajectory under its task and run (`--layout task/run`: <task>/<run>.traj)
rc /dev/null import --layout task/run "$multi/swe-agent-java" -o "$out/multi-reads.jsonl"
await
rc /dev/null gold --from-runs "$out/multi-reads.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/multi-gold.jsonl"
await
rc "$out/multi.json" diagnose --gold "$out/multi-gold.jsonl" --reads "$out/multi-reads.jsonl" \
  --patches "$multi/model_patches.jsonl" --outcomes "$multi/outcomes.jsonl" --format json
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
rc /dev/null gold --from-swebench "$out/multi-pgold.jsonl" -o "$out/multi-pgold-lines.jsonl"
# with deepseek-chat-v2's Multi-SWE-bench results.json for the tests stage (2 of its 5 runs unresolved)
msb=tests/data/formats/swebench-eval/msb-java_deepseek-chat-v2_results.json
rc "$out/multi-p.json" diagnose --gold "$out/multi-pgold.jsonl" --reads "$out/multi-reads.jsonl" \
  --patches "$multi/model_patches.jsonl" --test-report "deepseek-chat-v2=$msb" --format json
await
oracle "$out/multi-gold.jsonl" "$out/multi-reads.jsonl" "$out/multi.json" --patches "$multi/model_patches.jsonl" \
  --expect-source patches --outcomes "$multi/outcomes.jsonl"
oracle "$out/multi-pgold-lines.jsonl" "$out/multi-reads.jsonl" "$out/multi-p.json" --gold-patches "$out/multi-pgold.jsonl" \
  --patches "$multi/model_patches.jsonl" --expect-source patches --test-report "deepseek-chat-v2=$msb"

# tests/data/real/offset-patches: gold patches that apply only off their stated lines; per task a run
# whose change is the gold patch itself (`same`) and one with its first added line changed (`other`)
off=tests/data/real/offset-patches
python3 - "$off" "$out/off" <<'EOF'
import json, os, sys
off, d = sys.argv[1:]
os.makedirs(d)
with open(f"{d}/preds.jsonl", "w") as preds, open(f"{d}/reads.jsonl", "w") as reads:
    for r in map(json.loads, open(f"{off}/gold.jsonl")):
        t, patch = r["instance_id"], r["patch"]
        lines = patch.split("\n")
        i = next(i for i, l in enumerate(lines) if l.startswith("+") and not l.startswith("+++"))
        other = "\n".join(lines[:i] + [lines[i] + "  # changed"] + lines[i + 1:])
        for run, p in (("same", patch), ("other", other)):
            preds.write(json.dumps({"instance_id": t, "model_name_or_path": run, "model_patch": p}) + "\n")
            for root, _, files in os.walk(f"{off}/sources/{t}"):
                for f in files:
                    n = sum(1 for _ in open(os.path.join(root, f), "rb"))
                    path = os.path.relpath(os.path.join(root, f), f"{off}/sources/{t}")
                    reads.write(json.dumps({"task": t, "run": run, "path": path, "start": 1, "end": n}) + "\n")
EOF
patches_case "$off/gold.jsonl" "$off/sources" "$out/off"

# hand-made: a file the workspace lacks (c.toml), changed by the gold and, past the gold's last line
# there, by the run — one `<file>` unit for both (readcov before session 23: verdict edit)
mkdir -p "$out/lack/ws/t1"
printf 'def f():\n    return 1\n' >"$out/lack/ws/t1/a.py"
printf '[a]\nb = 1\nc = 2\n' >"$out/lack/ws/t1/d.cfg"  # no grammar: one <file> unit, read and changed
python3 - "$out/lack" <<'EOF'
import json, sys
d = sys.argv[1]
gold = ("diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n"
        "diff --git a/c.toml b/c.toml\n--- a/c.toml\n+++ b/c.toml\n@@ -1,3 +1,3 @@\n [x]\n-y = 1\n+y = 2\n z = 3\n")
run = gold + "@@ -9,3 +9,3 @@\n [w]\n-v = 1\n+v = 2\n u = 3\n" + \
    "diff --git a/d.cfg b/d.cfg\n--- a/d.cfg\n+++ b/d.cfg\n@@ -1,3 +1,3 @@\n [a]\n-b = 1\n+b = 5\n c = 2\n"
open(f"{d}/gold.jsonl", "w").write(json.dumps({"instance_id": "t1", "patch": gold}) + "\n")
open(f"{d}/preds.jsonl", "w").write(json.dumps({"instance_id": "t1", "model_name_or_path": "r", "model_patch": run}) + "\n")
reads = [{"task": "t1", "run": "r", "path": p, "start": 1, "end": e} for p, e in (("a.py", 2), ("c.toml", 3), ("d.cfg", 3))]
open(f"{d}/reads.jsonl", "w").write("".join(json.dumps(r) + "\n" for r in reads))
EOF
patches_case "$out/lack/gold.jsonl" "$out/lack/ws" "$out/lack"

# hand-made: token similarity at its bound — a 1,500-line function the gold rewrites, runs that move
# 333 or 334 of its lines to the end and change 0-2 tokens: 1,998 / 2,000 differing tokens (LCS ratio),
# 2,002 / 2,004 (past the bound: the ratio over the tokens as multisets)
mkdir -p "$out/bound/ws/t1"
python3 - "$out/bound" <<'EOF'
import json, sys
d, n = sys.argv[1], 1500
open(f"{d}/ws/t1/a.py", "w").write("\n".join(["def f():"] + [f"    a{i} = b{i}" for i in range(n)]) + "\n")
def patch(new):
    body = [f"@@ -1,{n + 1} +1,{n + 1} @@", " def f():"] + [f"-    a{i} = b{i}" for i in range(n)] + ["+" + l for l in new]
    return "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n" + "\n".join(body) + "\n"
gold = [f"    a{i} = c{i}" for i in range(n)]
open(f"{d}/gold.jsonl", "w").write(json.dumps({"instance_id": "t1", "patch": patch(gold)}) + "\n")
with open(f"{d}/preds.jsonl", "w") as preds, open(f"{d}/reads.jsonl", "w") as reads:
    for name, moved, changed in (("D1998", 333, 0), ("D2000", 333, 1), ("D2002", 333, 2), ("D2004", 334, 0)):
        run = gold[moved:] + gold[:moved]
        for j in range(changed):
            run[700 + j] = run[700 + j].replace(" = c", " = x")
        preds.write(json.dumps({"instance_id": "t1", "model_name_or_path": name, "model_patch": patch(run)}) + "\n")
        reads.write(json.dumps({"task": "t1", "run": name, "path": "a.py", "start": 1, "end": n + 1}) + "\n")
EOF
patches_case "$out/bound/gold.jsonl" "$out/bound/ws" "$out/bound"

# hand-made: where written lines stand (T(u)) — a -/+ block spanning f and g (goes with f, the unit of
# its first deleted line), a line inserted between two units (after f's last: f's), one before the
# first line (no unit's), one after the file's last unit, a unit deleted whole
mkdir -p "$out/span/ws/t1"
printf 'def f():\n    x = 1\n    return x\ndef g():\n    y = 2\n    return y\n\ndef h():\n    return 3\n' \
  >"$out/span/ws/t1/a.py"
python3 - "$out/span" <<'EOF'
import json, sys
d = sys.argv[1]
head = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n"
span = "@@ -1,6 +1,6 @@\n def f():\n-    x = 1\n-    return x\n-def g():\n-    y = 2\n+    x = 10\n+    return x\n+def g():\n+    y = 20\n     return y\n"
tail = "@@ -9,1 +9,2 @@\n     return 3\n+    # after h\n"
runs = {"span": span, "tail": tail,
        "inter": "@@ -1,5 +1,6 @@\n def f():\n-    x = 1\n+    x = 11\n     return x\n+# between\n def g():\n     y = 2\n",
        "delall": "@@ -1,4 +1,1 @@\n-def f():\n-    x = 1\n-    return x\n def g():\n",
        "head": "@@ -1,1 +1,2 @@\n+import os\n def f():\n"}
open(f"{d}/gold.jsonl", "w").write(json.dumps({"instance_id": "t1", "patch": head + span + tail}) + "\n")
with open(f"{d}/preds.jsonl", "w") as preds, open(f"{d}/reads.jsonl", "w") as reads:
    for run, hunks in runs.items():
        preds.write(json.dumps({"instance_id": "t1", "model_name_or_path": run, "model_patch": head + hunks}) + "\n")
        reads.write(json.dumps({"task": "t1", "run": run, "path": "a.py", "start": 1, "end": 9}) + "\n")
EOF
patches_case "$out/span/gold.jsonl" "$out/span/ws" "$out/span"

# hand-made: a run's file that does not apply to its base (docs: its stated lines, its text after the
# change unknown, `not applied: …` in change_lost, change_partial true): a hunk whose context matches
# nothing (`ctx`: the gold's unit on its stated lines, its text unknown: verdict unknown; `other`: a
# second file beside the gold's change; `gold`: another unit than the gold's) and a hunk that applies
# only off its stated line (`off`: applied where git apply finds it, nothing lost)
mkdir -p "$out/na/ws/t1" "$out/na/ws/t2" "$out/na/ws/t3"
printf 'def f():\n    x = 1\n    return x\n\n\ndef g():\n    y = 2\n    return y\n' |
  tee "$out/na/ws/t2/a.py" "$out/na/ws/t3/a.py" >"$out/na/ws/t1/a.py"
printf 'def h():\n    return 3\n' >"$out/na/ws/t1/b.py"
python3 - "$out/na" <<'PY'
import json, sys
d = sys.argv[1]
def diff(path, hunk):
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n{hunk}"
fix = diff("a.py", "@@ -1,3 +1,3 @@\n def f():\n-    x = 1\n+    x = 10\n     return x\n")
runs = {"ctx": diff("a.py", "@@ -1,3 +1,3 @@\n def f():\n-    x = 100\n+    x = 10\n     return x\n"),
        "other": fix + diff("b.py", "@@ -1,2 +1,2 @@\n def h():\n-    return 4\n+    return 5\n"),
        "gold": diff("a.py", "@@ -6,3 +6,3 @@\n def g():\n-    y = 3\n+    y = 20\n     return y\n"),
        "off": diff("a.py", "@@ -4,3 +4,3 @@\n def f():\n-    x = 1\n+    x = 10\n     return x\n")}
# t2 (no b.py): the gold's own hunk does not apply (its stated lines, its text unknown), the run's does; files
# the workspace lacks, read: y.toml the gold changes, z.toml the run `absent` changes (one <file> unit each), b.py
# none; `both` changes the gold's units, whose text after the gold is unknown (verdict unknown)
toml = "@@ -1,3 +1,3 @@\n [a]\n-b = 1\n+b = 2\n c = 3\n"
stale = diff("a.py", "@@ -1,3 +1,3 @@\n def f():\n-    x = 7\n+    x = 10\n     return x\n") + diff("y.toml", toml)
# t3 (no b.py): every gold file at the base, so the read units count: a read of b.py (which no patch changes)
# touches none, one of z.toml (which the run `absent` changes) its <file> unit
open(f"{d}/gold.jsonl", "w").write(json.dumps({"instance_id": "t1", "patch": fix}) + "\n"
                                   + json.dumps({"instance_id": "t2", "patch": stale}) + "\n"
                                   + json.dumps({"instance_id": "t3", "patch": fix}) + "\n")
with open(f"{d}/preds.jsonl", "w") as preds, open(f"{d}/reads.jsonl", "w") as reads:
    for task, run, patch in [("t1", r, p) for r, p in runs.items()] + [("t2", "fix", fix),
                                                                      ("t2", "absent", fix + diff("z.toml", toml)),
                                                                      ("t2", "both", fix + diff("y.toml", toml)),
                                                                      ("t3", "fix", fix), ("t3", "absent", fix + diff("z.toml", toml))]:
        preds.write(json.dumps({"instance_id": task, "model_name_or_path": run, "model_patch": patch}) + "\n")
        for path, n in (("a.py", 8), ("b.py", 2), ("y.toml", 3), ("z.toml", 3)):
            reads.write(json.dumps({"task": task, "run": run, "path": path, "start": 1, "end": n}) + "\n")
PY
patches_case "$out/na/gold.jsonl" "$out/na/ws" "$out/na"
python3 -c 'import json, sys; rs = json.load(open(sys.argv[1]))["runs"]
sys.exit(sorted(r["run"] for r in rs if r["change_partial"]) != ["ctx", "gold", "other"])' "$out/na/d.json" ||
  { echo "error: the not-applied case: runs ctx, gold and other should be partial" >&2; exit 1; }

# `import --emit-patches --emit-from replay` against the log's own patch, on the runs that carry both
# and have their base files (the 6 mini-swe-agent logs): each file both change comes out the same
# after either, unless the replay names a loss for it. v1 astropy-14182's submission changes
# pyproject.toml, which the run never touched (its `git diff` caught the environment's setuptools pin).
for set in real v1; do
  if [ "$set" = real ]; then logs=("$real"/mini-swe-agent/*.json); else logs=("$v1"/*.json); fi
  for from in replay log; do
    rc /dev/null import --workspaces "$real/sources" "${logs[@]}" -o /dev/null --emit-from "$from" \
      --emit-patches "$out/emit-$set-$from.jsonl"
  done
done
await
python3 scripts/emit_patches_oracle.py "$out/emit-real-replay.jsonl" "$out/emit-real-log.jsonl" "$real/sources" \
  --expect-agree 1
python3 scripts/emit_patches_oracle.py "$out/emit-v1-replay.jsonl" "$out/emit-v1-log.jsonl" "$real/sources" \
  --expect-agree 1 --known astropy__astropy-14182:pyproject.toml
# the replayed changes (partial: sed -i, scripts, rm) as --patches: a loss that may have changed a base
# file that is not a test file decides (verdict unknown); losses of created files do not (v1 14182: edit)
rc "$out/partial-real.json" diagnose --gold "$real/gold.jsonl" --reads "$out/reads.jsonl" \
  --patches "$out/emit-real-replay.jsonl" --workspaces "$real/sources" --format json
rc "$out/partial-v1.json" diagnose --gold "$real/gold.jsonl" --reads "$out/v1-reads.jsonl" \
  --patches "$out/emit-v1-replay.jsonl" --workspaces "$real/sources" --format json
await
oracle "$out/gold.jsonl" "$out/reads.jsonl" "$out/partial-real.json" --gold-patches "$real/gold.jsonl" \
  --patches "$out/emit-real-replay.jsonl" --workspaces "$real/sources" --expect-source patches
oracle "$out/gold.jsonl" "$out/v1-reads.jsonl" "$out/partial-v1.json" --gold-patches "$real/gold.jsonl" \
  --patches "$out/emit-v1-replay.jsonl" --workspaces "$real/sources" --expect-source patches
wait
if [ -e "$out/readcov-failed" ]; then
  echo "error: a readcov run of the suite failed (named above)" >&2
  exit 1
fi
if [ -e "$out/oracle-failed" ]; then
  echo "error: the diagnose oracle disagrees with readcov (DISAGREE lines above)" >&2
  exit 1
fi
echo "diagnose oracle ok"
