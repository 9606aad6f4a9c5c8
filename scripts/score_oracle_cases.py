"""The score oracle's hand-made edge cases and seeded random gold/reads (with a workspace of small
Python files so that units exist): overlapping and duplicate spans, the optional tier, spans and
reads past the end of a file (with and without `--workspace`), empty files and files without a
last line break, files the workspace lacks, tasks with no gold, gold no run read, runs with only
edits or only reads of a source left out, `--sources`, `--outcomes` runs without reads,
thresholds exactly at a row's coverage, `--widen`, `--workspaces`."""
import json
import os
import random
import shutil
import tempfile

PY = ["import os", "", "class A:", "    x = 1", "", "    def f(self):", "        return 1", "",
      "    def g(self):", "        y = 2", "        return y", "", "def h():", "    pass", ""]


def write(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")


def make_ws(d, rng=None):
    """A workspace: a Python file with units, a text file, an empty file, one without a last break."""
    os.makedirs(os.path.join(d, "pkg"), exist_ok=True)
    n = rng.randint(1, 4) if rng else 2
    with open(os.path.join(d, "pkg/m.py"), "w") as f:
        f.write("\n".join(PY * n) + "\n")
    with open(os.path.join(d, "notes.txt"), "w") as f:
        f.write("".join(f"line {i}\n" for i in range(1, (rng.randint(1, 30) if rng else 12) + 1)))
    open(os.path.join(d, "empty.py"), "w").close()
    with open(os.path.join(d, "nobreak.py"), "w") as f:
        f.write("def z():\n    return 0")
    return {"pkg/m.py": 15 * n, "notes.txt": None, "empty.py": 0, "nobreak.py": 2}


def edges(rc, check):
    with tempfile.TemporaryDirectory() as d:
        ws = os.path.join(d, "ws")
        make_ws(ws)
        g, r = os.path.join(d, "g.jsonl"), os.path.join(d, "r.jsonl")
        write(g, [
            {"task": "t1", "path": "pkg/m.py", "start": 6, "end": 7},
            {"task": "t1", "path": "pkg/m.py", "start": 6, "end": 11},
            {"task": "t1", "path": "pkg/m.py", "start": 6, "end": 11},   # duplicate
            {"task": "t1", "path": "./pkg//m.py", "start": 28, "end": 40},  # past the end (30 lines)
            {"task": "t1", "path": "empty.py", "start": 1, "end": 3},    # zero-length file
            {"task": "t1", "path": "nobreak.py", "start": 2, "end": 5},
            {"task": "t1", "path": "missing.py", "start": 1, "end": 2},  # not in the workspace
            {"task": "t1", "path": "pkg/m.py", "start": 1, "end": 30, "tier": "optional"},
            {"task": "t2", "path": "pkg/m.py", "start": 3, "end": 3, "tier": "optional"},  # optional only, read
            {"task": "t3", "path": "pkg/m.py", "start": 13, "end": 14},  # gold, no run
            {"task": "t4", "path": "pkg/m.py", "start": 2, "end": 2, "tier": "optional"},  # optional only, no run
            {"task": "t5", "path": "empty.py", "start": 1, "end": 1},    # all gold past the end
            {"task": 6, "path": "notes.txt", "start": 1, "end": 4},      # integer task id
        ])
        write(r, [
            {"task": "t1", "run": "a", "path": "pkg/m.py", "start": 1, "end": 6},
            {"task": "t1", "run": "a", "path": "pkg/m.py", "start": 25, "end": 60},
            {"task": "t1", "run": "a", "path": "nobreak.py", "start": 1, "end": 9},
            {"task": "t1", "run": "a", "path": "other.py", "start": 1, "end": 5},
            {"task": "t1", "run": "edits", "path": "pkg/m.py", "start": 6, "end": 7, "kind": "edit"},
            {"task": "t1", "run": "manual", "path": "pkg/m.py", "start": 6, "end": 11, "source": "manual"},
            {"task": "t1", "run": "mixed", "path": "pkg/m.py", "start": 9, "end": 9, "source": "human"},
            {"task": "t1", "run": "mixed", "path": "pkg/m.py", "start": 10, "end": 10, "source": "retriever"},
            {"task": "t1", "run": "mixed", "path": "missing.py", "start": 2, "end": 2, "source": "manual"},
            {"task": "t2", "run": "a", "path": "pkg/m.py", "start": 1, "end": 3},
            {"task": "t5", "run": "a", "path": "empty.py", "start": 1, "end": 2},
            {"task": 6, "run": 1, "path": "notes.txt", "start": 2, "end": 3},
            {"task": "t9", "run": "a", "path": "pkg/m.py", "start": 1, "end": 3},  # no gold at all
        ])
        lab = os.path.join(d, "labels.jsonl")
        write(lab, [{"task": "t1", "run": "ghost", "resolved": False}, {"task": "t3", "run": "ghost", "resolved": True},
                    {"task": "t9", "run": "ghost", "resolved": True}, {"task": "t1", "resolved": True}])
        for args in ([], ["--workspace", ws], ["--workspace", ws, "--widen", "0"], ["--workspace", ws, "--widen", "3"],
                     ["--sources", "manual"], ["--sources", "agent,human,manual,retriever", "--workspace", ws],
                     ["--threshold", "0"], ["--threshold", "1"], ["--threshold", str(2 / 6)],
                     ["--threshold", "0.125"], ["--outcomes", lab], ["--outcomes", lab, "--workspace", ws]):
            check(rc, g, r, args, f"edges {' '.join(a if a != ws else 'WS' for a in args)}")
        # --workspaces: each task in its own folder; t1's folder is the workspace, t3 has none
        wss = os.path.join(d, "wss")
        os.makedirs(wss)
        shutil.copytree(ws, os.path.join(wss, "t1"))
        check(rc, g, r, ["--workspaces", wss], "edges --workspaces")


def random_cases(rc, check, seed, trials):
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        for trial in range(trials):
            ws = os.path.join(d, f"ws{trial}")
            lens = make_ws(ws, rng)
            paths = list(lens) + ["gone.py"]
            tasks = [f"t{i}" for i in range(rng.randint(1, 4))]
            gold, reads, labels = [], [], []
            for t in tasks:
                for _ in range(rng.randint(0, 5)):
                    s = rng.randint(1, 70)
                    row = {"task": t, "path": rng.choice(paths), "start": s, "end": s + rng.choice([0, 0, 1, 3, 10, 40])}
                    if rng.random() < 0.2:
                        row["tier"] = "optional"
                    gold.append(row)
                    if rng.random() < 0.15:
                        gold.append(dict(row))
                for run in [f"r{i}" for i in range(rng.randint(0, 3))]:
                    for _ in range(rng.randint(0, 6)):
                        s = rng.randint(1, 70)
                        row = {"task": t, "run": run, "path": rng.choice(paths), "start": s,
                               "end": s + rng.choice([0, 2, 5, 20, 100])}
                        if rng.random() < 0.3:
                            row["source"] = rng.choice(["agent", "human", "manual", "retriever"])
                        if rng.random() < 0.15:
                            row["kind"] = "edit"
                        reads.append(row)
                if rng.random() < 0.3:
                    labels.append({"task": t, "run": "labelled", "resolved": rng.random() < 0.5})
            if not gold:
                gold.append({"task": "t0", "path": "pkg/m.py", "start": 1, "end": 1})
            if not reads:
                reads.append({"task": "tx", "run": "r", "path": "pkg/m.py", "start": 1, "end": 1})
            g, r, lab = (os.path.join(d, f"{x}{trial}.jsonl") for x in "grl")
            write(g, gold)
            write(r, reads)
            write(lab, labels)
            args = []
            if rng.random() < 0.6:
                args += ["--workspace", ws]
                if rng.random() < 0.4:
                    args += ["--widen", str(rng.choice([0, 1, 5]))]
            if rng.random() < 0.3:
                args += ["--sources", ",".join(rng.sample(["agent", "human", "manual", "retriever"], rng.randint(1, 3)))]
            if rng.random() < 0.3 and labels:
                args += ["--outcomes", lab]
            if rng.random() < 0.4:
                args += ["--threshold", str(rng.choice([0, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1]))]
            check(rc, g, r, args, f"random seed {seed} trial {trial} {' '.join(a if a != ws else 'WS' for a in args)}")
