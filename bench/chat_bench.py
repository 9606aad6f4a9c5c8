#!/usr/bin/env python3
"""Chat-message dataset benchmark: `readcov import` streaming a JSONL dataset of chat rows, then
`readcov score` on the reads, against the JSON-parse floor of the same bytes (serde_json::Value
per row, `readcov-json-floor --jsonl`).

  bench/chat_bench.py [--rows 10000] [--jobs 1] [--rounds 3] [--shards N] [--keep] [--bin DIR]
                      [--before OLD_READCOV] [--no-ids]

Rows are made from the vendored real samples (tests/data/formats/chat-trajectories: the SWE-Gym,
SWE-smith and nebius rows, the three encodings), so their sizes follow the samples' (23 KB to
93 KB, mean 48.6 KB); each copy gets its own instance id (`<task>-<k>_<n>`), and a row that carries
a trajectory id and a row id (SWE-smith's `traj_id`, `id`, as the real rows do) gets them rewritten the
same way, so every row is a run of its own, named as a real row names it. `--no-ids` drops those two
ids instead (the bench before session 17): such rows are named by a hash of their bytes, a path the
real datasets do not take. Gold: one span per task in a file each encoding reads. Prints one JSON array per
line: [what, rows, MB, wall s, cpu s, peak RSS MB, runs/s, MB/s, ratio], the median of
`--rounds` interleaved rounds (floor, import, score, the one-process score of the dataset itself
as `--reads`, one after the other, so each sees the same machine load); runs/s, MB/s and the ratio to the floor are per CPU second (user+sys). Needs the
release binaries (built here with cargo, or --bin).
"""
import argparse
import json
import os
import resource
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(ROOT, "tests", "data", "formats", "chat-trajectories")
WORK = os.path.join(ROOT, "target", "bench-data", "chat")
BIN = os.path.join(ROOT, "target", "release")


def sample_rows():
    rows = []
    for f in ("adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
              "adp_SWE-smith-trajectories_sample_raw.first2.json",
              "adp_nebius_SWE-agent-trajectories_sample_raw.json"):
        rows += json.load(open(os.path.join(SAMPLES, f)))
    return rows


# Stands for the task in a row's `id` and `traj_id` until each copy writes its own; json.dumps
# writes it as `\u0001task\u0001`, which no other text of a row holds.
TASK_MARK = "\x01task\x01"


def dataset(n, ids=True):
    """`n` rows cycling through the samples, written a row at a time; (path, bytes). `ids`: keep
    each row's `id` and `traj_id`, made unique per copy as the instance id is (else dropped)."""
    os.makedirs(WORK, exist_ok=True)
    # Named by what the rows carry: a dataset kept from the other kind is never reused.
    path = os.path.join(WORK, f"rows-{n}{'' if ids else '-noids'}.jsonl")
    gold = os.path.join(WORK, f"gold-{n}.jsonl")
    if os.path.exists(path) and os.path.exists(gold):
        return path, gold, os.path.getsize(path)
    base = sample_rows()
    texts = []
    for r in base:
        iid = r["instance_id"]
        # ADP's `_<n>` suffix (nebius, SWE-Gym) comes off, as readcov takes it off.
        task = iid.rsplit("_", 1)[0] if iid.rsplit("_", 1)[-1].isdigit() else iid
        r = dict(r)
        for key in ("id", "traj_id"):
            if key not in r:
                continue
            # SWE-smith's are `<instance_id>.<run>` and `<instance_id>.<run>_<n>`.
            if ids and isinstance(r[key], str) and r[key].startswith(iid):
                r[key] = TASK_MARK + r[key][len(iid):]
            else:
                r.pop(key)
        texts.append((task, json.dumps(r)))
    mark = json.dumps(TASK_MARK)[1:-1]
    spans = {"python__mypy-15976": "mypy/plugins/attrs.py", "tomerfiliba__plumbum-366": "plumbum/cli/image.py"}
    with open(path, "w") as out, open(gold, "w") as g:
        for k in range(n):
            task, text = texts[k % len(texts)]
            new = f"{task}-{k // len(texts)}"
            # Whole-string replacement of the id field only: the row stays valid JSON.
            text = text.replace(json.dumps(task), json.dumps(new), 1).replace(f'"{task}_', f'"{new}_', 1)
            out.write(text.replace(mark, new) + "\n")
            if task in spans:
                g.write(json.dumps({"task": new, "path": spans[task], "start": 1, "end": 40}) + "\n")
    return path, gold, os.path.getsize(path)


def run(cmd):
    """Wall, CPU (user+sys) and peak RSS (MB) of one child process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(cmd)}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def one_process(readcov, gold, data):
    """`score` given the dataset itself as --reads (import and score in one process)."""
    return [readcov, "score", "--gold", gold, "--reads", data, "--format", "jsonl", "--summary"]


def same_scores(readcov, gold, data, reads):
    """Whether the one-process score prints what score on import's reads prints."""
    out = [subprocess.run(one_process(readcov, gold, x), capture_output=True, check=True).stdout
           for x in (data, reads)]
    return out[0] == out[1]


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=10000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3,
                    help="rounds of floor, import, score, one after the other (medians are printed)")
    ap.add_argument("--shards", type=int, default=0,
                    help="also time `import --shard 0/N` (shard 0's part of the dataset)")
    ap.add_argument("--keep", action="store_true", help="keep the dataset for the next run")
    ap.add_argument("--bin", help="folder of built readcov and readcov-json-floor (default: build release)")
    ap.add_argument("--no-ids", action="store_true",
                    help="drop each row's id and traj_id (the dataset before session 17: SWE-smith rows "
                         "are then named by a hash of their bytes)")
    ap.add_argument("--before", help="another readcov binary whose import is timed in the same rounds; "
                                     "its reads are compared with this one's byte for byte")
    a = ap.parse_args()
    global BIN
    if a.bin:
        BIN = a.bin
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "readcov", "-p", "readcov-naive"],
                       cwd=ROOT, check=True)
    data, gold, size = dataset(a.rows, ids=not a.no_ids)
    mb = size / 1e6
    reads = os.path.join(WORK, f"reads-{a.rows}.jsonl")
    readcov = os.path.join(BIN, "readcov")
    pin, pin_note = (["taskset", "-c", "0"], ", one core") if a.jobs == 1 else ([], "")
    steps = [
        ("json-parse floor", [os.path.join(BIN, "readcov-json-floor"), "--jsonl", data]),
        (f"import --jobs {a.jobs}", [readcov, "import", "--jobs", str(a.jobs), data, "-o", reads]),
        ("score", [readcov, "score", "--gold", gold, "--reads", reads, "--format", "jsonl", "--summary"]),
        # One process: the dataset itself as --reads, imported as it streams by, its rows on the
        # cores the process may use: with --jobs 1 pinned to one (`taskset -c 0`), as import is.
        (f"score --reads rows (one process{pin_note})", pin + one_process(readcov, gold, data)),
    ]
    if a.shards:
        steps.append((f"import --jobs {a.jobs} --shard 0/{a.shards}",
                      [readcov, "import", "--jobs", str(a.jobs), "--shard", f"0/{a.shards}", data,
                       "-o", reads + ".shard0"]))
    if a.before:
        steps.append((f"before: import --jobs {a.jobs}",
                      [a.before, "import", "--jobs", str(a.jobs), data, "-o", reads + ".before"]))
        steps.append((f"before: score --reads rows (one process{pin_note})",
                      pin + one_process(a.before, gold, data)))
    # Interleaved rounds: the floor and readcov see the same machine load, round by round (the
    # machine is shared); CPU time (user+sys) is what is compared, wall is printed beside it.
    got = {what: [] for what, _ in steps}
    for _ in range(a.rounds):
        for what, cmd in steps:
            got[what].append(run(cmd))
    med = {what: tuple(median([r[i] for r in rs]) for i in range(3)) for what, rs in got.items()}
    floor_cpu = med["json-parse floor"][1]
    imp, score = med[f"import --jobs {a.jobs}"], med["score"]
    rows = list(med.items()) + [("import+score", (imp[0] + score[0], imp[1] + score[1], max(imp[2], score[2])))]
    # [what, rows, MB, wall s, cpu s, peak RSS MB, runs/s (CPU), MB/s (CPU), CPU ratio to the floor]
    for what, (w, c, rss) in rows:
        print(json.dumps([what, a.rows, round(mb, 1), round(w, 2), round(c, 2), round(rss, 1),
                          round(a.rows / c), round(mb / c, 1), round(c / floor_cpu, 2)]))
    same = same_scores(readcov, gold, data, reads)
    print(json.dumps(["one process vs import + score: scores", "identical" if same else "DIFFER"]))
    if a.before:
        with open(reads, "rb") as x, open(reads + ".before", "rb") as y:
            same = x.read() == y.read()
        print(json.dumps(["before vs now: reads", "byte-identical" if same else "DIFFER"]))
        out = [subprocess.run(one_process(b, gold, data), capture_output=True, check=True).stdout
               for b in (a.before, readcov)]
        print(json.dumps(["before vs now: one-process scores",
                          "byte-identical" if out[0] == out[1] else "DIFFER"]))
    if not a.keep:
        for p in (data, gold, reads, reads + ".shard0", reads + ".before"):
            if os.path.exists(p):
                os.remove(p)


if __name__ == "__main__":
    main()
