#!/usr/bin/env python3
"""Real-size corpora made from the shipped real data (tests/data/real), for bench/real_size.py.

  bench/real_corpus.py import [--out DIR] [--files 191] [--mb 68.7]
  bench/real_corpus.py contextbench [--out DIR] [--instances 1136] [--readcov BIN]

`import`: the size of issue 42's corpus (191 OpenHands/mini-swe-agent trajectories, 68.7 MB) out of
the 15 shipped ones: each copy is its own task (`<instance>__c<k>`: the file name for OpenHands, the
`instance_id` member for mini-swe-agent, the only bytes changed), with its own workspace
`ws/<task>/`, a copy of the instance's `sources/` folder. Each trajectory gets `files / 15` copies,
then copies move from the trajectories holding the most bytes to those holding the fewest until the
corpus is about `mb` MB (191 files, 68.55 MB: 7 copies of the largest, 21 of the smallest).

`contextbench`: `instances` ContextBench instances made from the 15 real SWE-bench instances of
tests/data/real, in turn: gold regions are the real gold patches' changed lines widened to their
enclosing functions and classes (`readcov gold --from-swebench --expand units`, as ContextBench's
annotators mark whole definitions), `patch` the real gold patch; predictions are the real agents'
reads of the instance (`readcov import`): one step per turn, `model_patch` the run's own change
(`import --emit-patches`). Each instance gets its own checkout, `ws/<id>/`, a byte-for-byte copy of
the instance's real source files (sizes as in the repositories: up to 176 kB, 4,600 lines); with
`--no-ws` none (each row's `original_inst_id` names its checkout in tests/data/real/sources).
Everything is seeded by the shipped files only: the same corpus on every machine.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = os.path.join(ROOT, "tests", "data", "real")
WORK = os.path.join(ROOT, "target", "bench-data")


def real_trajectories():
    """(instance, path, format) of every shipped OpenHands and mini-swe-agent trajectory."""
    out = []
    for sub, suffix in (("openhands", ".json"), ("mini-swe-agent", ".traj.json")):
        d = os.path.join(REAL, sub)
        for f in sorted(os.listdir(d)):
            if f.endswith(suffix):
                out.append((f[: -len(suffix)], os.path.join(d, f), sub))
    return out


def copy_tree(src, dst):
    shutil.copytree(src, dst, dirs_exist_ok=True)


def choose_copies(sizes, files, size):
    """Copies of each trajectory: `files` in all, as even as can be, then (while the total is over
    `size`) a copy moved from the trajectory holding the most bytes to the one holding the fewest."""
    n = len(sizes)
    copies = [files // n + (1 if k < files % n else 0) for k in range(n)]
    total = lambda: sum(c * s for c, s in zip(copies, sizes))
    while total() > size:
        big = max(range(n), key=lambda k: (copies[k] * sizes[k], k))
        small = min(range(n), key=lambda k: (copies[k] * sizes[k], k))
        if total() - sizes[big] + sizes[small] < size * 0.997:
            break
        copies[big] -= 1
        copies[small] += 1
    return copies


def import_corpus(out, files=191, mb=68.7):
    done = os.path.join(out, "DONE")
    if os.path.exists(done):
        return out
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "logs"))
    trajs = real_trajectories()
    sizes = [os.path.getsize(p) for _, p, _ in trajs]
    count = choose_copies(sizes, files, mb * 1e6)
    order = [(c, k) for k in range(len(trajs)) for c in range(count[k])]
    copies = [0] * len(trajs)
    total = 0
    for _, k in sorted(order):
        inst, path, fmt = trajs[k]
        task = f"{inst}__c{copies[k]}"
        copies[k] += 1
        data = open(path, "rb").read()
        if fmt == "mini-swe-agent":
            old = json.dumps({"instance_id": inst})[1:-1].encode()
            new = json.dumps({"instance_id": task})[1:-1].encode()
            assert data.count(old) == 1, (path, data.count(old))
            data = data.replace(old, new)
            name = f"{task}.traj.json"
        else:
            name = f"{task}.json"
        with open(os.path.join(out, "logs", name), "wb") as f:
            f.write(data)
        total += len(data)
        copy_tree(os.path.join(REAL, "sources", inst), os.path.join(out, "ws", task))
    open(done, "w").close()
    return out


def readcov_json(cmd):
    r = subprocess.run(cmd, check=True, capture_output=True)
    return [json.loads(l) for l in r.stdout.decode().splitlines() if l.strip()]


def contextbench_corpus(out, readcov, instances=1136, copy_ws=True):
    done = os.path.join(out, "DONE")
    if os.path.exists(done):
        return out
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    sources = os.path.join(REAL, "sources")
    gold_rows = [json.loads(l) for l in open(os.path.join(REAL, "gold.jsonl")) if l.strip()]
    # Gold regions: the real patches' lines widened to their definitions.
    spans = readcov_json([readcov, "gold", "--from-swebench", os.path.join(REAL, "gold.jsonl"),
                          "--workspaces", sources, "--expand", "units", "-o", "-"])
    regions = {}
    for s in spans:
        regions.setdefault(s["task"], []).append(
            {"file": s["path"], "start_line": s["start"], "end_line": s["end"]})
    # Predictions: the real agents' reads, one step per turn, and each run's own change.
    trajs = [p for _, p, _ in real_trajectories()]
    tmp = os.path.join(out, "tmp")
    os.makedirs(tmp)
    reads_path, patches_path = os.path.join(tmp, "reads.jsonl"), os.path.join(tmp, "patches.jsonl")
    subprocess.run([readcov, "import", "--workspaces", sources, "--emit-patches", patches_path, *trajs,
                    "-o", reads_path], check=True, capture_output=True)
    patches = {r["instance_id"]: r.get("model_patch") or "" for r in map(json.loads, open(patches_path))}
    steps = {}
    for r in map(json.loads, open(reads_path)):
        if r.get("kind", "read") != "read" or r.get("source", "agent") != "agent":
            continue
        per = steps.setdefault(r["task"], {})
        per.setdefault(r.get("turn", -1), {}).setdefault(r["path"], []).append((r["start"], r["end"]))
    base = []
    for g in sorted(gold_rows, key=lambda g: g["instance_id"]):
        inst = g["instance_id"]
        if inst not in steps or inst not in regions:
            continue
        pred_steps, final = [], {}
        for turn in sorted(steps[inst]):
            files = steps[inst][turn]
            pred_steps.append({"files": sorted(files),
                               "spans": {f: [{"start": a, "end": b} for a, b in v] for f, v in sorted(files.items())}})
            for f, v in files.items():
                final.setdefault(f, []).extend(v)
        base.append((g, regions[inst], patches.get(inst, ""), pred_steps, final))
    shutil.rmtree(tmp)
    with open(os.path.join(out, "gold.jsonl"), "w") as gf, open(os.path.join(out, "preds.jsonl"), "w") as pf:
        for i in range(instances):
            g, region, model_patch, pred_steps, final = base[i % len(base)]
            inst = f"{g['instance_id']}__c{i // len(base)}"
            gf.write(json.dumps({
                "instance_id": inst, "original_inst_id": g["instance_id"], "repo": g["repo"],
                "base_commit": g["base_commit"], "gold_context": json.dumps(region), "patch": g["patch"],
                "test_patch": "", "language": "python", "source": "readcov-real"}) + "\n")
            pf.write(json.dumps({"instance_id": inst, "model_patch": model_patch, "traj_data": {
                "pred_steps": pred_steps,
                "pred_files": sorted(final),
                "pred_spans": {f: [{"start": a, "end": b} for a, b in sorted(set(v))] for f, v in sorted(final.items())},
            }}) + "\n")
            if copy_ws:
                copy_tree(os.path.join(sources, g["instance_id"]), os.path.join(out, "ws", inst))
    open(done, "w").close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("import")
    a.add_argument("--out", default=os.path.join(WORK, "real-import-191"))
    a.add_argument("--files", type=int, default=191)
    a.add_argument("--mb", type=float, default=68.7)
    c = sub.add_parser("contextbench")
    c.add_argument("--out", default=os.path.join(WORK, "real-contextbench-1136"))
    c.add_argument("--instances", type=int, default=1136)
    c.add_argument("--readcov", default=os.path.join(ROOT, "target", "release", "readcov"))
    c.add_argument("--no-ws", action="store_true",
                   help="no checkout copies: score with --workspaces tests/data/real/sources, where each row's "
                        "original_inst_id names its checkout (the small fixture tests pin outputs on)")
    args = ap.parse_args()
    if args.what == "import":
        print(import_corpus(args.out, args.files, args.mb))
    else:
        print(contextbench_corpus(args.out, args.readcov, args.instances, not args.no_ws))


if __name__ == "__main__":
    sys.exit(main())
