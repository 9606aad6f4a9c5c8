#!/usr/bin/env python3
"""Memory and time of `readcov score` on large JSON inputs (issue 35, items 7 and 12): peak RSS
against the input's size, and wall time, measured by `/usr/bin/time -v` on generated real-size
inputs (rows shaped like tests/data/real's: SWE-bench task ids, repository paths, tool names).

  bench/large_json.py [--mb 200] [--bin BIN] [--before BIN] [--only array,jsonl,workspace]

Workloads (each input written once to a scratch folder, then scored):
  array      the reads as ONE JSON array on one line (`[{...},{...},...]`), gold a JSON array too
  jsonl      the same reads as JSONL (the control: the streamed path)
  workspace  the JSONL reads with --workspace over a checkout of the files they name (the path
             check, one per row before the cache, issue 35 item 12)
  traj-import  ONE trajectory document of --mb MB (a real mini-swe-agent log, tests/data/formats,
             its messages repeated; one line) through `readcov import` (the one-document parse)
  traj-score   the same document as `score --reads` (detected, then imported on the fly)

Prints one JSON array per line: [workload, binary, input MB, peak RSS MB, RSS / input, wall s,
exit code]. The goal stated by issue 35 item 7: peak memory within 4x the input plus a constant,
time linear. --check exits 1 when a workload of --bin is over 4x + 64 MB.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONSTANT_MB = 64

REPOS = ["django/django", "sympy/sympy", "astropy/astropy", "pallets/flask", "psf/requests"]
TOOLS = ["view", "grep", "cat", "sed", "open"]


def paths(n):
    rnd = random.Random(7)
    out = []
    for i in range(n):
        depth = rnd.randint(1, 4)
        parts = [rnd.choice(["core", "utils", "db", "models", "http", "io", "tests"]) for _ in range(depth)]
        out.append("/".join(parts) + f"/module_{i}.py")
    return out


def reads_rows(target_bytes, files):
    """Reads rows until about `target_bytes` of JSON: (task, run) pairs read spans of files."""
    rnd = random.Random(11)
    size = 0
    i = 0
    while size < target_bytes:
        task = f"{rnd.choice(REPOS).replace('/', '__')}-{1000 + (i // 400) % 500}"
        start = rnd.randint(1, 900)
        row = {
            "task": task,
            "run": f"agent-{i % 7}",
            "path": rnd.choice(files),
            "start": start,
            "end": start + rnd.randint(0, 60),
            "tool": rnd.choice(TOOLS),
            "turn": i % 50,
        }
        line = json.dumps(row, separators=(",", ":"))
        size += len(line) + 1
        i += 1
        yield line


def write_inputs(work, mb):
    files = paths(300)
    target = mb << 20
    jsonl = os.path.join(work, "reads.jsonl")
    array = os.path.join(work, "reads.json")
    with open(jsonl, "w") as fl, open(array, "w") as fa:
        fa.write("[")
        first = True
        for line in reads_rows(target, files):
            fl.write(line + "\n")
            fa.write(("" if first else ",") + line)
            first = False
        fa.write("]")
    tasks = sorted({json.loads(l)["task"] for l in open(jsonl) if l.strip()})
    gold = os.path.join(work, "gold.json")
    rnd = random.Random(5)
    with open(gold, "w") as g:
        rows = [{"task": t, "path": rnd.choice(files), "start": 10, "end": 40} for t in tasks]
        g.write(json.dumps(rows))
    ws = os.path.join(work, "ws")
    for p in files:
        full = os.path.join(ws, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write("x = 1\n" * 1000)
    return {"jsonl": jsonl, "array": array, "gold": gold, "ws": ws}


TRAJ = os.path.join(ROOT, "tests", "data", "formats", "mini-swe-agent-v1", "astropy__astropy-12907.traj.json")


def write_trajectory(work, mb):
    """One mini-swe-agent document of about `mb` MB: the real log's assistant/user turns repeated
    (each turn's command and output as the log has them) before its final messages."""
    doc = json.load(open(TRAJ))
    msgs = doc["messages"]
    head, turns, tail = msgs[:2], msgs[2:-2], msgs[-2:]
    one = len(json.dumps(turns, separators=(",", ":")))
    doc["messages"] = head + turns * max(1, (mb << 20) // one) + tail
    traj = os.path.join(work, "traj.json")
    with open(traj, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    gold = os.path.join(work, "traj-gold.jsonl")
    with open(gold, "w") as g:
        g.write(json.dumps({"task": doc["instance_id"], "path": "astropy/modeling/separable.py",
                            "start": 219, "end": 247}) + "\n")
    return traj, gold


def measure(binary, args):
    """(peak RSS MB, wall s, exit code) of one run, from GNU time's -v report."""
    p = subprocess.run(["/usr/bin/time", "-v", binary] + args, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", p.stderr)
    if not rss or not wall:
        sys.exit(f"no /usr/bin/time report for {binary} {args}:\n{p.stderr[-2000:]}")
    h, m, s = wall.groups()
    secs = int(h or 0) * 3600 + int(m) * 60 + float(s)
    code = re.search(r"Exit status: (\d+)", p.stderr)
    return int(rss.group(1)) / 1024, secs, int(code.group(1)) if code else p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=200, help="size of the reads input (MB)")
    default_bin = os.path.join(ROOT, "target", "release", "readcov")
    if not os.path.exists(default_bin):
        default_bin = os.path.join(ROOT, "target", "debug", "readcov")
    ap.add_argument("--bin", default=default_bin)
    ap.add_argument("--before", help="another readcov binary measured on the same inputs")
    ap.add_argument("--only", default="array,jsonl,workspace,traj-import,traj-score")
    ap.add_argument("--check", action="store_true", help="exit 1 past 4x the input + 64 MB")
    ap.add_argument("--work", help="scratch folder (default: a temporary one)")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="readcov-large-json-")
    os.makedirs(work, exist_ok=True)
    only = a.only.split(",")
    inputs = write_inputs(work, a.mb) if {"array", "jsonl", "workspace"} & set(only) else {}
    if {"traj-import", "traj-score"} & set(only):
        inputs["traj"], inputs["traj-gold"] = write_trajectory(work, a.mb)
    runs = {} if not inputs.get("gold") else {
        "array": ["score", "--gold", inputs["gold"], "--reads", inputs["array"], "--format", "json", "--summary"],
        "jsonl": ["score", "--gold", inputs["gold"], "--reads", inputs["jsonl"], "--format", "json", "--summary"],
        "workspace": ["score", "--gold", inputs["gold"], "--reads", inputs["jsonl"], "--workspace",
                      inputs["ws"], "--format", "json", "--summary"],
    }
    if "traj" in inputs:
        runs["traj-import"] = ["import", inputs["traj"], "-o", os.path.join(work, "traj-reads.jsonl")]
        runs["traj-score"] = ["score", "--gold", inputs["traj-gold"], "--reads", inputs["traj"],
                              "--format", "json", "--summary"]
    failed = False
    for what in only:
        source = {"array": "array", "traj-import": "traj", "traj-score": "traj"}.get(what, "jsonl")
        size_mb = os.path.getsize(inputs[source]) / (1 << 20)
        for binary in [b for b in [a.before, a.bin] if b]:
            rss, wall, code = measure(binary, runs[what])
            print(json.dumps([what, binary, round(size_mb, 1), round(rss, 1), round(rss / size_mb, 2),
                              round(wall, 2), code]), flush=True)
            if binary == a.bin and (code != 0 or rss > 4 * size_mb + CONSTANT_MB):
                failed = True
    if a.check and failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
