"""Hand-made and seeded-random cases for scripts/atk_oracle.py: each writes a workspace, gold
JSONL and reads JSONL and hands them to the oracle's check (which recomputes from the docs).
Hand-made: ties in rank, missing ranks (an agent's reads beside chunks), k larger than the chunks,
chunks outside any gold file, overlapping chunks, chunks cut across unit boundaries (two functions,
a class body into a method, a nested function), chunks past the end of the file and in files the
workspace lacks, a file with no grammar hit, a task with no chunks (gold only; an agent's reads
only), a run with all chunks cut at k, ranked edits and `manual` chunks (never counted), optional
gold, a task without gold, two runs, --widen 0 and 3, --threshold 1, no workspace; and each case with
outcome labels (`--outcomes`) naming a run that retrieved nothing, a run with chunks, a run of a task
with optional gold only, of a task without gold, and a whole task (no run)."""
import os
import random
import tempfile

from oracle_io import write_jsonl

PY = '''import os


def alpha(x):
    y = x + 1
    return y


class Box:
    size = 3

    def open(self):
        return self.size

    def close(self):
        def inner():
            return 0
        return inner()


def omega():
    pass
'''
# lines: 1 import, 4-6 alpha, 9-18 Box (open 12-13, close 15-18, inner 16-17), 21-22 omega; 22 lines

TXT = "".join(f"line {i}\n" for i in range(1, 31))


def ws(d):
    root = os.path.join(d, "ws", "t1")
    os.makedirs(os.path.join(root, "pkg"), exist_ok=True)
    open(os.path.join(root, "pkg", "a.py"), "w").write(PY)
    open(os.path.join(root, "pkg", "b.py"), "w").write(PY)
    open(os.path.join(root, "notes.txt"), "w").write(TXT)
    open(os.path.join(root, "nolast.py"), "w").write("def f():\n    return 1")
    return os.path.join(d, "ws")


def c(path, s, e, rank, task="t1", run="chunks", **kw):
    r = dict(task=task, run=run, path=path, start=s, end=e, source="retriever")
    if rank is not None:
        r["rank"] = rank
    r.update(kw)
    return r


def g(path, s, e, task="t1", **kw):
    return dict(task=task, path=path, start=s, end=e, **kw)


GOLD = [g("pkg/a.py", 5, 5), g("pkg/a.py", 13, 13), g("pkg/a.py", 16, 17), g("notes.txt", 10, 12),
        g("pkg/a.py", 20, 21, tier="optional"), g("nolast.py", 2, 2), g("gone.py", 1, 3)]

CASES = {
    "ties in rank": [c("pkg/a.py", 1, 3, 1), c("pkg/a.py", 12, 14, 3), c("pkg/b.py", 1, 5, 3),
                     c("notes.txt", 9, 9, 3), c("pkg/a.py", 16, 16, 4)],
    "missing ranks": [c("pkg/a.py", 1, 2, 2), dict(task="t1", run="chunks", path="pkg/a.py", start=4, end=5),
                      c("notes.txt", 1, 30, None), c("pkg/a.py", 15, 15, 5)],
    "k beyond the chunks": [c("pkg/a.py", 4, 6, 1), c("pkg/a.py", 21, 22, 2)],
    "chunks outside gold files": [c("pkg/b.py", 1, 22, 1), c("other.py", 1, 9, 2), c("pkg/a.py", 8, 8, 3)],
    "overlapping chunks": [c("pkg/a.py", 3, 8, 1), c("pkg/a.py", 5, 14, 2), c("pkg/a.py", 4, 6, 3),
                           c("pkg/a.py", 5, 14, 4), c("notes.txt", 11, 20, 2)],
    "across unit boundaries": [c("pkg/a.py", 5, 12, 1), c("pkg/a.py", 10, 10, 2), c("pkg/a.py", 17, 21, 3),
                               c("pkg/a.py", 1, 2, 4), c("pkg/a.py", 13, 16, 5)],
    "past the end": [c("pkg/a.py", 20, 40, 1), c("pkg/a.py", 30, 40, 2), c("nolast.py", 1, 5, 3),
                     c("gone.py", 2, 9, 4), c("notes.txt", 28, 31, 5)],
    "all cut at k": [c("pkg/a.py", 5, 5, 4), c("pkg/a.py", 13, 13, 6)],
    "edits, manual and optional": [c("pkg/a.py", 5, 5, 1, kind="edit"), c("pkg/a.py", 13, 13, 1, source="manual"),
                                   c("pkg/a.py", 20, 21, 2), c("pkg/a.py", 16, 16, 3, source="agent")],
    "two runs, tasks without gold or chunks": [
        c("pkg/a.py", 5, 5, 1), c("pkg/a.py", 1, 22, 1, run="r2"), c("x.py", 1, 2, 1, task="t2"),
        dict(task="t3", run="agent", path="q.py", start=1, end=4), c("notes.txt", 10, 10, 2, run="r2")],
}
EXTRA_GOLD = [g("q.py", 2, 2, task="t3"), g("z.py", 1, 1, task="t4"), g("pkg/a.py", 1, 1, task="t5", tier="optional")]
# Labels: runs that retrieved nothing (t1 `idle`, t4 where no run read: no `no run` row then), a run
# with chunks (nothing changes), a run of an all-optional task (an unscored row), of a task without
# gold (no row), and a whole task's label (names no run).
LABELS = [dict(task="t1", run="idle", resolved=False), dict(task="t1", run="chunks", resolved=True),
          dict(task="t4", run="idle", resolved=False), dict(task="t5", run="late", resolved=False),
          dict(task="t9", run="idle", resolved=False), dict(task="t3", resolved=True)]


def run_all(rc, check):
    with tempfile.TemporaryDirectory() as d:
        wsd = ws(d)
        gold = write_jsonl(d, "gold.jsonl", GOLD + EXTRA_GOLD)
        labels = write_jsonl(d, "labels.jsonl", LABELS)
        opts = [dict(), dict(widen=0), dict(widen=3, t=1.0)]
        for name, reads in CASES.items():
            rp = write_jsonl(d, "reads.jsonl", reads)
            for i, o in enumerate(opts):
                extra = (["--widen", str(o["widen"])] if "widen" in o else []) + \
                        (["--threshold", str(o["t"])] if "t" in o else [])
                for ws_args, kw in (([ "--workspaces", wsd], dict(workspaces=wsd)), ([], {})):
                    if i and not ws_args:
                        continue
                    check(rc, gold, rp, [1, 2, 3, 5, 100], ws_args, extra,
                          f"case {name!r} {' '.join(ws_args + extra) or 'no workspace'}", widen=o.get("widen", 10),
                          t=o.get("t", 0.5), **kw)
                    if i == 0:
                        check(rc, gold, rp, [1, 3, 100], ws_args, extra,
                              f"case {name!r} --outcomes {' '.join(ws_args) or 'no workspace'}", outcomes=labels, **kw)
        rng = random.Random(27)
        files = ["pkg/a.py", "pkg/b.py", "notes.txt", "nolast.py", "gone.py"]
        for trial in range(int(os.environ.get("ATK_ORACLE_TRIALS", "25"))):
            gold_rows, reads = [], []
            for task in ("t1", "t2"):
                for _ in range(rng.randint(0, 4)):
                    s = rng.randint(1, 24)
                    gold_rows.append(g(rng.choice(files), s, s + rng.randint(0, 4), task=task,
                                       tier=rng.choice(["core", "core", "optional"])))
                for run in rng.sample(["a", "b"], rng.randint(1, 2)):
                    for _ in range(rng.randint(0, 8)):
                        s = rng.randint(1, 26)
                        reads.append(c(rng.choice(files), s, s + rng.randint(0, 12),
                                       rng.choice([None, 1, 2, 2, 3, 4, 6, 9]), task=task, run=run,
                                       source=rng.choice(["retriever", "retriever", "agent", "manual"]),
                                       kind=rng.choice(["read"] * 5 + ["edit"])))
            if not reads:
                continue
            # the oracle reads "t2" from the same workspace folder as "t1"
            if not os.path.exists(os.path.join(wsd, "t2")):
                os.symlink(os.path.join(wsd, "t1"), os.path.join(wsd, "t2"))
            gp, rp = write_jsonl(d, "rg.jsonl", gold_rows or [g("z.py", 1, 1, task="t9")]), write_jsonl(d, "rr.jsonl", reads)
            ks = sorted(rng.sample([1, 2, 3, 4, 5, 10], 3))
            widen = rng.choice([0, 1, 5, 10])
            # Half the trials with labels: runs of either task, read or not.
            lp = None
            if trial % 2:
                lp = write_jsonl(d, "rl.jsonl", [dict(task=t, run=r, resolved=rng.random() < 0.5)
                                                 for t in ("t1", "t2") for r in ("a", "b", "c")
                                                 if rng.random() < 0.5] or [dict(task="t1", run="c", resolved=True)])
            check(rc, gp, rp, ks, ["--workspaces", wsd, "--widen", str(widen)], [], f"random {trial}",
                  workspaces=wsd, widen=widen, outcomes=lp)
