#!/usr/bin/env python3
"""The contextbench oracle (scripts/contextbench_oracle.py's naive evaluator) on the shipped real
runs: the 15 SWE-bench trajectories of tests/data/real (12 OpenHands, 3 mini-swe-agent), imported by
readcov, scored against ContextBench-layout gold rows built here from each task's gold patch (one
region per hunk, its old-side lines) in the real upstream files of sources/. Blocks come from
Python's own `ast` (def/class extents in bytes), not tree-sitter. Two passes: the unified
predictions built here from the reads (one step per turn, docs/contextbench.md) with each run's own
patch (`import --emit-patches`) as model_patch; and the reads themselves (`--reads`).
Compat and clean rows are compared value by value; so are the session-34 hand checks in
docs/contextbench.md.

Usage: contextbench_oracle_real.py READCOV_BINARY REAL_DATA_DIR
Exits non-zero, printing the first disagreements, when any value differs by more than 1e-12.
"""
import ast
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from contextbench_oracle import compare, evaluate  # noqa: E402

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")


def checkout(root):
    """{path: text} of one task's files, bytes kept (no newline translation)."""
    out = {}
    for full in glob.glob(os.path.join(root, "**", "*"), recursive=True):
        if os.path.isfile(full):
            with open(full, "rb") as f:
                out[os.path.relpath(full, root)] = f.read().decode("utf-8")
    return out


def ast_blocks(files):
    """{path: [(kind, name, start, end_exclusive)]}: every def and class of each .py file."""
    out = {}
    for path, text in files.items():
        if not path.endswith(".py"):
            continue
        data = text.encode()
        starts = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
        out[path] = [
            ("class_definition" if isinstance(n, ast.ClassDef) else "function_definition", n.name,
             starts[n.lineno - 1] + n.col_offset, starts[n.end_lineno - 1] + n.end_col_offset)
            for n in ast.walk(ast.parse(data))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        ]
    return out


def gold_row(g):
    ctx, cur = [], None
    for line in g["patch"].split("\n"):
        if line.startswith("--- a/"):
            cur = line[6:]
        m = HUNK.match(line)
        if m and cur and int(m.group(2) or 1) > 0:
            s = int(m.group(1))
            ctx.append({"file": cur, "start_line": s, "end_line": s + int(m.group(2) or 1) - 1})
    return {"instance_id": g["instance_id"], "repo": g["repo"], "base_commit": g["base_commit"],
            "gold_context": json.dumps(ctx), "patch": g["patch"], "language": "python"}


def preds_of(reads, patches):
    runs = {}
    for r in reads:
        if r.get("kind", "read") == "read" and r.get("source", "agent") == "agent":
            runs.setdefault((r["task"], r["run"]), []).append(r)
    out = []
    for key in sorted(runs):
        steps, last = [], object()
        for r in runs[key]:
            if r.get("turn") is None or r.get("turn") != last or not steps:
                steps.append({"files": [], "spans": {}})
            last = r.get("turn")
            if r["path"] not in steps[-1]["files"]:
                steps[-1]["files"].append(r["path"])
            steps[-1]["spans"].setdefault(r["path"], []).append({"start": r["start"], "end": r["end"]})
        files, spans = [], {}
        for s in steps:
            files += [p for p in s["files"] if p not in files]
            for p, v in s["spans"].items():
                spans.setdefault(p, []).extend(v)
        out.append({"instance_id": key[0], "model_patch": patches.get(key, ""),
                    "traj_data": {"pred_steps": steps, "pred_files": files, "pred_spans": spans}})
    return out


def run(args):
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args[:2])} failed ({out.returncode}): {out.stderr}")
    return out.stdout


def main():
    binary, data = sys.argv[1], sys.argv[2]
    sources = os.path.join(data, "sources")
    golds = [gold_row(json.loads(l)) for l in open(os.path.join(data, "gold.jsonl")) if l.strip()]
    truth = {}
    for g in golds:
        files = checkout(os.path.join(sources, g["instance_id"]))
        truth[g["instance_id"]] = (g, files, ast_blocks(files))
    bad, rows_checked = [], 0
    with tempfile.TemporaryDirectory() as work:
        reads_p, patches_p = os.path.join(work, "reads.jsonl"), os.path.join(work, "patches.jsonl")
        trajs = sorted(glob.glob(os.path.join(data, "openhands", "*.json")))
        trajs += sorted(glob.glob(os.path.join(data, "mini-swe-agent", "*.json")))
        run([binary, "import", "--workspaces", sources, *trajs, "-o", reads_p, "--emit-patches", patches_p])
        reads = [json.loads(l) for l in open(reads_p)]
        patches = {(p["instance_id"], p["model_name_or_path"]): p["model_patch"]
                   for p in map(json.loads, open(patches_p))}
        gold_p, preds_p = os.path.join(work, "gold.jsonl"), os.path.join(work, "preds.jsonl")
        with open(gold_p, "w") as f:
            f.writelines(json.dumps(g) + "\n" for g in golds)
        with_patch = preds_of(reads, patches)
        with open(preds_p, "w") as f:
            f.writelines(json.dumps(p) + "\n" for p in with_patch)
        for label, source, preds in (("preds", ["--preds", preds_p], with_patch),
                                     ("reads", ["--reads", reads_p], preds_of(reads, {}))):
            out = run([binary, "contextbench", "--gold", gold_p, *source, "--workspaces", sources,
                       "--format", "jsonl"])
            rows = [r for r in map(json.loads, out.splitlines()) if "summary" not in r]
            if len(rows) != len(preds):
                bad.append(f"{label}: {len(rows)} rows for {len(preds)} predictions")
            for pred, row in zip(preds, rows):
                g, files, blocks = truth[pred["instance_id"]]
                for compat in (True, False):
                    want = evaluate(g, pred, files, blocks, compat)
                    got = row if compat else row.get("clean", {})
                    got = {k: v for k, v in got.items() if k not in ("instance_id", "run", "clean")}
                    compare(want, got, f"{label} {pred['instance_id']} {'compat' if compat else 'clean'}", bad)
                rows_checked += 1
    if bad:
        print(f"contextbench oracle (real runs): {len(bad)} disagreement(s)", file=sys.stderr)
        for b in bad[:25]:
            print("  " + b, file=sys.stderr)
        sys.exit(1)
    print(f"contextbench oracle: the {rows_checked} rows of the real runs agree (compat and clean, "
          "with their own patches and as --reads)")


if __name__ == "__main__":
    main()
