#!/usr/bin/env python3
"""Two (or more) readcov binaries on the same workloads, in interleaved rounds: CPU, wall and peak RSS.

  bench/ab.py --bin NAME=PATH [--bin NAME=PATH ...] [--env NAME:VAR=VALUE ...] [--floor PATH]
              [--runs 5] [--only import,contextbench,score,explore]

For a change that reaches every command at once (session 40: a global allocator), where
bench/real_size.py times only import and ContextBench and gives no memory. Each round runs every
workload with every binary in turn, so the machine's drift reaches them alike; each run is one
child process, its user + sys CPU and its own peak RSS (`wait4`'s `ru_maxrss`, what `/usr/bin/time
-v` prints) taken from that child alone. Medians (CPU, wall) and the range of peak RSS over the
rounds are printed per workload and binary, and the rows each binary writes are compared (byte for
byte) with the first binary's.

Workloads (corpora made once under target/bench-data, as bench/real_size.py and bench/run make them):
  import        191 real trajectories (68.7 MB): `import --workspaces --jobs 1`, without a workspace,
                and `--workspaces` on the default threads; `--floor` adds readcov-json-floor on the
                same files (the ratio docs/performance.md's goal is about)
  contextbench  1,136 real-size instances: with blocks (default threads) and `--jobs 1`
  score         the 848x12x5 generated corpus (71 MB reads), `score --format jsonl` and `--summary`
  explore       the 848x12 generated corpus, `explore --format jsonl`

`--env NAME:VAR=VALUE` runs binary NAME with that variable set (e.g. an allocator's option).
"""
import argparse
import filecmp
import os
import statistics
import subprocess
import sys
import time

from pagecache import at_rest, files_under
from real_corpus import WORK, contextbench_corpus, import_corpus

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_one(cmd, env, out_path):
    """(wall s, cpu s, peak RSS MB) of one child, its stdout to `out_path`."""
    with open(out_path, "wb") as out:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode not in (0, 1):
        sys.exit(f"ab.py: {' '.join(cmd)} exited {p.returncode}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def gen_corpus(name, **kw):
    out = os.path.join(WORK, name)
    if not os.path.exists(os.path.join(out, "lengths.json")):
        args = [sys.executable, os.path.join(ROOT, "bench", "gen.py"), "--out", out]
        for k, v in kw.items():
            args += [f"--{k}", str(v)]
        subprocess.run(args, check=True)
    at_rest(files_under(out))
    return out


def workloads(parts, any_bin):
    """[(name, args after the binary, output flag or None)]; `{floor}` marks the floor's command."""
    w = []
    if "import" in parts:
        d = import_corpus(os.path.join(WORK, "real-import-191"))
        logs = sorted(os.path.join(d, "logs", f) for f in os.listdir(os.path.join(d, "logs")))
        at_rest(logs)
        at_rest(files_under(os.path.join(d, "ws")))
        ws = ["--workspaces", os.path.join(d, "ws")]
        w.append(("floor", ["{floor}", *logs]))
        w.append(("import --workspaces -j1", ["import", "--jobs", "1", *ws, *logs]))
        w.append(("import -j1 (no workspace)", ["import", "--jobs", "1", *logs]))
        w.append(("import --workspaces", ["import", *ws, *logs]))
    if "contextbench" in parts:
        d = contextbench_corpus(os.path.join(WORK, "real-contextbench-1136"), any_bin)
        at_rest([os.path.join(d, "gold.jsonl"), os.path.join(d, "preds.jsonl")])
        at_rest(files_under(os.path.join(d, "ws")))
        args = ["contextbench", "--gold", os.path.join(d, "gold.jsonl"), "--preds", os.path.join(d, "preds.jsonl"),
                "--workspaces", os.path.join(d, "ws"), "--format", "jsonl"]
        w.append(("contextbench", args))
        w.append(("contextbench -j1", [*args, "--jobs", "1"]))
    if "score" in parts:
        d = gen_corpus("full", tasks=848, explorers=12, trials=5)
        args = ["score", "--gold", os.path.join(d, "gold.jsonl"), "--reads", os.path.join(d, "reads.jsonl"),
                "--format", "jsonl"]
        w.append(("score 848x12x5", args))
        w.append(("score 848x12x5 --summary", [*args, "--summary"]))
    if "explore" in parts:
        d = gen_corpus("side", tasks=848, explorers=12, trials=1)
        w.append(("explore 848x12", ["explore", "--bench", os.path.join(d, "bench.jsonl"), "--preds",
                                     os.path.join(d, "preds.jsonl"), "--file-lengths",
                                     os.path.join(d, "lengths.json"), "--format", "jsonl"]))
    return w


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", action="append", required=True, help="NAME=PATH of a readcov binary")
    ap.add_argument("--env", action="append", default=[], help="NAME:VAR=VALUE for binary NAME")
    ap.add_argument("--floor", help="readcov-json-floor, for the import workload's ratio")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="import,contextbench,score,explore")
    a = ap.parse_args()
    bins = [tuple(b.split("=", 1)) for b in a.bin]
    envs = {name: dict(os.environ) for name, _ in bins}
    for e in a.env:
        name, kv = e.split(":", 1)
        var, val = kv.split("=", 1)
        envs[name][var] = val
    os.makedirs(WORK, exist_ok=True)
    parts = set(a.only.split(","))
    loads = workloads(parts, bins[0][1])
    runs = []  # (workload, binary name, cmd, env)
    for wname, args in loads:
        if args[0] == "{floor}":
            if a.floor:
                runs.append((wname, "floor", [a.floor, *args[1:]], dict(os.environ)))
            continue
        for name, path in bins:
            runs.append((wname, name, [path, *args], envs[name]))
    res = {(w, n): [] for w, n, _, _ in runs}
    one, five, _ = os.getloadavg()
    print(f"start: {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, load {one:.1f} / {five:.1f}",
          flush=True)
    for k in range(a.runs):
        for w, n, cmd, env in runs:
            res[(w, n)].append(run_one(cmd, env, os.path.join(WORK, f"ab-{n}.out")))
        one, five, _ = os.getloadavg()
        print(f"round {k + 1} done {time.strftime('%H:%M:%S', time.gmtime())} UTC, load {one:.1f}", flush=True)
    # Outputs: every binary's rows against the first's, once per workload.
    same = {}
    for w, n, cmd, env in runs:
        if n == "floor":
            continue
        path = os.path.join(WORK, f"ab-{n}.out")
        run_one(cmd, env, path)
        first = os.path.join(WORK, "ab-first.out")
        if n == bins[0][0]:
            os.replace(path, first)
            same[(w, n)] = "ref"
        else:
            same[(w, n)] = "same" if filecmp.cmp(first, path, shallow=False) else "DIFFERS"
    floor_cpu = statistics.median(c for _, c, _ in res[("floor", "floor")]) if ("floor", "floor") in res else None
    print(f"{'workload':28} {'binary':10} {'CPU ms':>7} {'wall ms':>8} {'peak RSS MB':>15}  x floor  output")
    for (w, n), xs in res.items():
        cpu = statistics.median(c for _, c, _ in xs)
        wall = statistics.median(x for x, _, _ in xs)
        lo, hi = min(r for _, _, r in xs), max(r for _, _, r in xs)
        ratio = f"{cpu / floor_cpu:6.2f}x" if floor_cpu and w.startswith("import") else "       "
        print(f"{w:28} {n:10} {cpu * 1e3:7.0f} {wall * 1e3:8.0f} {lo:7.1f}-{hi:7.1f}  {ratio}  {same.get((w, n), '')}")
    one, five, _ = os.getloadavg()
    print(f"end: {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, load {one:.1f} / {five:.1f}")


if __name__ == "__main__":
    sys.exit(main())
