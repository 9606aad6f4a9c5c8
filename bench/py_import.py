#!/usr/bin/env python3
"""`readcov.import_log` against `readcov import` in a subprocess, in one run (issue 39: the API
must never lose to the subprocess).

  python3 bench/py_import.py --python PY [--rounds 5] [--cli READCOV] [--corpus DIR]
                             [--ways api-j1,api-j0,cli,cli-j1] [--no-workspaces]

PY is a Python with the `readcov` wheel installed; READCOV the `readcov` command (default: the one
beside PY). DIR is the real-size import corpus `bench/real_corpus.py import` makes
(target/bench-data/real-import-191: 191 real trajectories, 68.6 MB, a workspace each, given as
`--workspaces DIR/ws` unless --no-workspaces). Ways, each in a fresh process (its own peak
memory), rounds interleaved (every way once per round, so the machine's drift reaches all alike):
  api-jN   readcov.import_log(files, workspaces=ws, jobs=N)   (N=0: all cores, as `--jobs 0`)
  cli      `readcov import --workspaces ws FILES -o out.jsonl` (its default: all cores), then
           out.jsonl read back with json.loads, line by line, as the score bench parses the CLI's
  cli-jN   the same with `-j N`
Wall is the call's (for cli: the subprocess and the read-back); CPU is user+sys of the process
(for cli: the parent's read-back plus the child's rusage), both median over rounds; peak RSS is
the process's peak during the call (VmHWM reset just before it; for cli parent + child), max
over rounds. Every way's rows are checked equal (a digest of the rows) before the table prints.
The load average is printed per round: the machine is shared.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "target", "bench-data", "real-import-191")

# One measurement in a child Python: prints {"wall", "cpu", "rss_mb", "rows", "digest"}.
CHILD = r"""
import hashlib, json, os, resource, subprocess, sys, time
way, cli, ws, out, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
ws = ws or None
def status_mb(key):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
import readcov
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # resets the peak (VmHWM): the peak of the call alone
t, w = time.process_time(), time.perf_counter()
if way.startswith("cli"):
    args = [cli, "import", *(["--workspaces", ws] if ws else []), *files, "-o", out]
    if way.startswith("cli-j"):
        args += ["-j", way[len("cli-j"):]]
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    with open(out) as f:
        rows = [json.loads(l) for l in f if l.strip()]
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter() - w
    cpu = time.process_time() - t + (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    peak = status_mb("VmHWM") + resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
else:
    jobs = int(way[len("api-j"):])
    rows = readcov.import_log(files, workspaces=ws, jobs=jobs)
    wall, cpu = time.perf_counter() - w, time.process_time() - t
    peak = status_mb("VmHWM")
digest = hashlib.sha1("\n".join(json.dumps(r, sort_keys=True) for r in rows).encode()).hexdigest()
print(json.dumps({"wall": wall, "cpu": cpu, "rss_mb": peak, "rows": len(rows), "digest": digest}))
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--cli", default=None)
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--ways", default="api-j1,api-j0,cli,cli-j1")
    ap.add_argument("--no-workspaces", action="store_true")
    args = ap.parse_args()
    cli = args.cli or shutil.which("readcov", path=os.path.dirname(args.python)) or shutil.which("readcov")
    if not cli:
        sys.exit("py_import: no `readcov` command (install the wheel into --python's venv, or give --cli)")
    logs = os.path.join(args.corpus, "logs")
    if not os.path.isdir(logs):
        sys.exit(f"py_import: {logs} missing: run `python3 bench/real_corpus.py import` first")
    files = sorted(os.path.join(logs, f) for f in os.listdir(logs))
    ws = "" if args.no_workspaces else os.path.join(args.corpus, "ws")
    ways = args.ways.split(",")
    tmp = tempfile.mkdtemp(prefix="py-import.")
    out = os.path.join(tmp, "out.jsonl")
    print(f"python {args.python}\ncli {cli}\ncorpus {args.corpus}: {len(files)} files, "
          f"{sum(os.path.getsize(f) for f in files) / 1e6:.1f} MB, workspaces {'no' if not ws else 'yes'}; "
          f"{os.cpu_count()} cores\nrounds {args.rounds} (interleaved; wall and CPU s median, peak RSS MB max); "
          f"start {time.strftime('%H:%M:%S', time.gmtime())} UTC")
    got = {w: [] for w in ways}
    for r in range(args.rounds):
        print(f"round {r + 1}: load {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        for w in ways:
            p = subprocess.run([args.python, "-c", CHILD, w, cli, ws, out, *files], stdout=subprocess.PIPE,
                               text=True, check=True)
            got[w].append(json.loads(p.stdout))
    shutil.rmtree(tmp, ignore_errors=True)
    digests = {x["digest"] for w in ways for x in got[w]}
    if len(digests) != 1:
        sys.exit(f"py_import: the ways' rows differ: { {w: got[w][0]['digest'][:12] for w in ways} }")
    print(f"end {time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()[0]:.2f}; "
          f"rows identical in every way ({got[ways[0]][0]['rows']} rows)\n")
    ref = "cli" if "cli" in ways else None
    print("| way | wall s | vs cli | CPU s | vs cli | peak RSS MB |")
    print("|---|---|---|---|---|---|")
    med = {w: {k: statistics.median(x[k] for x in got[w]) for k in ("wall", "cpu")} for w in ways}
    for w in ways:
        m, c = med[w], med.get(ref)
        rss = max(x["rss_mb"] for x in got[w])
        vs_wall = f"{m['wall'] / c['wall']:.2f}x" if c else ""
        vs_cpu = f"{m['cpu'] / c['cpu']:.2f}x" if c else ""
        print(f"| {w} | {m['wall']:.2f} | {vs_wall} | {m['cpu']:.2f} | {vs_cpu} | {rss:.0f} |")


if __name__ == "__main__":
    main()
