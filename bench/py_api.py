#!/usr/bin/env python3
"""The Python API against the command line it wraps, in one run (issue 39).

  python3 bench/py_api.py [--rounds 5] [--sizes synth,real] [--ways api,dicts,frame,cli]
                          [--breakdown no,yes,columns] [--python PY] [--cli READCOV] [--no-threads]

PY is a Python with the `readcov` wheel (and pandas) installed; READCOV the `readcov` command
(default: the one beside PY). Two corpora are generated here, never fetched:
  synth  bench/gen.py's SWE-Explore-scale corpus, 848 tasks x 12 explorers x 5 trials
         (50,880 task-runs, 585k reads; no edits: the CLI's lean path)
  real   the shipped real data (tests/data/real: 15 runs, 518 rows with edits), imported and
         its gold built by the CLI, then copied 3,334 times under new task ids (1.73M rows;
         edits: the general path, with read-before-edit)
Ways, each in a fresh process so peak memory is its own, rounds interleaved (every way once per
round, so the machine's drift reaches all alike):
  api      readcov.score(gold_path, reads_path)
  dicts    readcov.score(list_of_dicts, list_of_dicts) (rows loaded before the clock starts)
  frame    readcov.score(DataFrame, DataFrame) (idem)
  cli      `readcov score --format jsonl` in a subprocess, its stdout parsed with json.loads
each with and without the breakdown (`breakdown=False` / `--summary`), and the API ways with the breakdown
as columns (`breakdown="columns"`, then `result.files` and `result.spans` built: the cost with access;
compared with the CLI's default rows, which carry the breakdown). Wall time is the call's (for
cli: the subprocess and the parse). CPU time is the process's user+sys (for cli: the parent's
parse plus the child's rusage), median over rounds, first when the call returns, then "with the
free": after `readcov._native.settle()`, which waits for the loaded rows to be freed (a thread of
their own frees them after the call; the CLI never frees them, its process exits). The ratios
are wall to the CLI's wall and CPU with the free to the CLI's CPU. Peak memory
is the process's peak RSS during the call (VmHWM, reset just before it; for cli: parent + the
child's max RSS), max over rounds; for dicts/frame it includes the input rows the process holds,
and their RSS before the call is in brackets. RSS after is the process's resident memory once the
call has returned and its free is done, its result still held (max over rounds; for cli the
parent's alone): what a caller keeps.
Then, per breakdown mode, two threads scoring the two shards of synth (`shard="0/2"`, `"1/2"`)
against one shard alone, and the process's CPU time over the two threads: what runs without the
GIL (loading, scoring) overlaps on two idle cores; building the rows' dicts holds it.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data", "py-api")
REAL = os.path.join(ROOT, "tests", "data", "real")
COPIES = 3334

# One measurement, run by the child Python: prints {"cpu": s, "rss_mb": MB, "before_mb": MB, "rows": n}.
CHILD = r"""
import json, os, resource, subprocess, sys, time
way, gold, reads, mode, cli = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
breakdown = {"no": False, "yes": True, "columns": "columns"}[mode]
def rss_mb(who=resource.RUSAGE_SELF):
    return resource.getrusage(who).ru_maxrss / 1024
def status_mb(key):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
def load(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]
import readcov
if way == "dicts":
    gold, reads = load(gold), load(reads)
elif way == "frame":
    import pandas as pd
    gold, reads = pd.DataFrame(load(gold)), pd.DataFrame(load(reads))
before = status_mb("VmRSS")
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # resets the peak (VmHWM): the peak of the call alone, inputs held included
t, w = time.process_time(), time.perf_counter()
if way == "cli":
    args = [cli, "score", "--gold", gold, "--reads", reads, "--format", "jsonl"] + ([] if breakdown else ["--summary"])
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
    rows = [json.loads(l) for l in out.splitlines() if l]
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter() - w
    cpu = time.process_time() - t + (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    freed, peak = cpu, status_mb("VmHWM") + rss_mb(resource.RUSAGE_CHILDREN)
    after = status_mb("VmRSS")
else:
    rows = readcov.score(gold, reads, breakdown=breakdown, errors="collect")
    if breakdown == "columns":
        rows.files, rows.spans
    wall, cpu = time.perf_counter() - w, time.process_time() - t
    # The loaded rows are freed on a thread of their own after the call (wheels from session 17
    # on): waited for here, so that CPU time counts too.
    getattr(readcov._native, "settle", lambda: None)()
    freed, peak = time.process_time() - t, status_mb("VmHWM")
    after = status_mb("VmRSS")  # what the process keeps once the call and its free are done
print(json.dumps({"cpu": cpu, "freed": freed, "wall": wall, "rss_mb": peak, "before_mb": before,
                  "after_mb": after, "rows": len(rows)}))
"""

# Two shards, one thread each, against one shard alone (wall time, one process), and the
# process's CPU time over the two threads (how much of a core each thread got: on a busy machine
# the wall times say more about the machine than about the GIL).
THREADS = r"""
import json, sys, threading, time
import readcov
gold, reads, mode = sys.argv[1], sys.argv[2], sys.argv[3]
breakdown = {"no": False, "yes": True, "columns": "columns"}[mode]
def one(i):
    r = readcov.score(gold, reads, shard=(i, 2), breakdown=breakdown)
    if breakdown == "columns":
        r.files, r.spans
one(0)  # warm: the files in the page cache
t = time.perf_counter(); one(0); alone = time.perf_counter() - t
t = time.perf_counter(); one(0); one(1); serial = time.perf_counter() - t
ts = [threading.Thread(target=one, args=(i,)) for i in (0, 1)]
t, c = time.perf_counter(), time.process_time()
for x in ts: x.start()
for x in ts: x.join()
threads, cpu = time.perf_counter() - t, time.process_time() - c
print(json.dumps({"one_shard": alone, "two_serial": serial, "two_threads": threads, "threads_cpu": cpu}))
"""


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def synth():
    out = os.path.join(WORK, "synth")
    if not os.path.exists(os.path.join(out, "reads.jsonl")):
        sh([sys.executable, os.path.join(ROOT, "bench", "gen.py"), "--out", out,
            "--tasks", "848", "--explorers", "12", "--trials", "5"], stdout=subprocess.DEVNULL)
    return os.path.join(out, "gold.jsonl"), os.path.join(out, "reads.jsonl")


def real(cli):
    """The real data's reads and gold, each task copied COPIES times as task#i."""
    out = os.path.join(WORK, "real")
    gold, reads = os.path.join(out, "gold.jsonl"), os.path.join(out, "reads.jsonl")
    if os.path.exists(reads):
        return gold, reads
    os.makedirs(out, exist_ok=True)
    logs = [os.path.join(REAL, d, f) for d in ("openhands", "mini-swe-agent")
            for f in sorted(os.listdir(os.path.join(REAL, d))) if f.endswith(".json")]
    one_r, one_g = os.path.join(out, "one-reads.jsonl"), os.path.join(out, "one-gold.jsonl")
    sh([cli, "import", "--workspaces", os.path.join(REAL, "sources"), *logs, "-o", one_r], stderr=subprocess.DEVNULL)
    sh([cli, "gold", "--from-swebench", os.path.join(REAL, "gold.jsonl"), "-o", one_g], stderr=subprocess.DEVNULL)
    for src, dst in ((one_g, gold), (one_r, reads)):
        rows = [json.loads(l) for l in open(src) if l.strip()]
        with open(dst + ".tmp", "w") as f:
            for i in range(COPIES):
                for r in rows:
                    f.write(json.dumps({**r, "task": f"{r['task']}#{i}"}) + "\n")
        os.replace(dst + ".tmp", dst)
    return gold, reads


def measure(py, cli, way, gold, reads, mode):
    if way == "cli" and mode == "columns":
        mode = "yes"  # the CLI's rows with the breakdown: what the columns stand in for
    p = sh([py, "-c", CHILD, way, gold, reads, mode, cli], stdout=subprocess.PIPE, text=True)
    return json.loads(p.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--sizes", default="synth,real")
    ap.add_argument("--ways", default="api,dicts,frame,cli")
    ap.add_argument("--breakdown", default="no,yes,columns", help="no, yes (rows with files/spans), columns")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--cli", default=None)
    ap.add_argument("--no-threads", action="store_true", help="skip the two-thread (GIL) lines")
    args = ap.parse_args()
    cli = args.cli or shutil.which("readcov", path=os.path.dirname(args.python)) or shutil.which("readcov")
    if not cli:
        sys.exit("py_api: no `readcov` command (install the wheel into --python's venv, or give --cli)")
    corpora = {"synth": synth, "real": lambda: real(cli)}
    ways = args.ways.split(",")
    print(f"python {args.python}\ncli {cli}\nrounds {args.rounds} (interleaved; wall and CPU s median, peak RSS MB "
          f"max); load {os.getloadavg()[0]:.1f} at the start\n")
    print("| corpus | breakdown | way | wall s | vs cli | CPU s | with the free | vs cli | peak RSS MB | RSS after MB "
          "| rows |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        gold, reads = corpora[size]()
        for mode in args.breakdown.split(","):
            got = {w: [] for w in ways}
            for _ in range(args.rounds):
                for w in ways:
                    got[w].append(measure(args.python, cli, w, gold, reads, mode))
            med = {w: {k: statistics.median(x[k] for x in got[w]) for k in ("wall", "cpu", "freed")}
                   for w in ways}
            for w in ways:
                m, c = med[w], med.get("cli")
                rss = max(x["rss_mb"] for x in got[w])
                before = max(x["before_mb"] for x in got[w])
                wall_ratio = f"{m['wall'] / c['wall']:.2f}x" if c else ""
                cpu_ratio = f"{m['freed'] / c['freed']:.2f}x" if c else ""
                after = max(x.get("after_mb", 0) for x in got[w])
                mem = f"{rss:.0f}" + (f" ({before:.0f} before)" if w in ("dicts", "frame") else "")
                print(f"| {size} | {mode} | {w} | {m['wall']:.2f} | {wall_ratio} | {m['cpu']:.2f} | {m['freed']:.2f} "
                      f"| {cpu_ratio} | {mem} | {after:.0f} | {got[w][0]['rows']} |", flush=True)
    if "synth" in args.sizes.split(",") and not args.no_threads:
        gold, reads = synth()
        print()
        for mode in args.breakdown.split(","):
            walls = [json.loads(sh([args.python, "-c", THREADS, gold, reads, mode], stdout=subprocess.PIPE,
                                   text=True).stdout) for _ in range(args.rounds)]
            med = {k: statistics.median(w[k] for w in walls) for k in walls[0]}
            print(f"GIL (synth, breakdown {mode}, wall s, median of {args.rounds}; load {os.getloadavg()[0]:.1f}): "
                  f"one shard {med['one_shard']:.2f}, two shards one after the other {med['two_serial']:.2f}, "
                  f"two shards on two threads {med['two_threads']:.2f} (process CPU {med['threads_cpu']:.2f})",
                  flush=True)


if __name__ == "__main__":
    main()
