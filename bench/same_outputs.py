#!/usr/bin/env python3
"""Byte-for-byte comparison of two readcov binaries on the shipped data (issue 42: speed work must
not change a byte of what `import` and `contextbench` write).

  bench/same_outputs.py OLD_READCOV NEW_READCOV [--real-size]

Runs every case below with both binaries, from the repository root, and compares exit code,
stdout, stderr and every file written (`-o`, `--emit-patches`, `--emit-outcomes`):

- `import` of every file under tests/data/formats and tests/fixtures/import (one at a time), of
  the 15 real SWE-bench trajectories (with and without `--workspaces`, `--jobs 1` and `2`, with
  their patches and outcomes), of the real Claude Code sessions and the SWE-agent Java runs;
- `contextbench` on tests/fixtures/contextbench (JSONL and Parquet gold, table and JSONL, with and
  without blocks) and on tests/fixtures/pinned/contextbench-real against the real checkouts;
- `report` (HTML, LCOV, SARIF; `--html -`) and `sheet` (table, JSON, shards with `--emit-partial`)
  on server/report/tests/fixtures (small, stages), tests/fixtures/sheet and a real trajectory with
  `--workspaces`, with several gold sets, `--runs`, and inputs the script writes into a temp folder:
  bad lines in every input, empty, all-bad and refused files, duplicate tasks, missing paths;
- with `--real-size`, the corpora of bench/real_corpus.py in target/bench-data (made first with
  `bench/real_corpus.py import` and `bench/real_corpus.py contextbench`).

Exit 0 when every case is identical; otherwise each differing case is named, with the first
differing byte.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = "tests/data/real"
WORK = os.path.join(ROOT, "target", "bench-data")


def files_under(d):
    return sorted(p for p in glob.glob(os.path.join(d, "**", "*"), recursive=True) if os.path.isfile(p))


def import_cases():
    """(name, args, output file names) of every import case."""
    cases = []
    for f in files_under("tests/data/formats"):
        cases.append((f"import {f}", ["import", f, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    for d in sorted(glob.glob("tests/fixtures/import/*/")):
        ws = os.path.join(d, "workspace")
        args = ["import", os.path.join(d, "log.json"), "-o", "{out}/reads.jsonl"]
        if os.path.isdir(ws):
            args += ["--workspace", ws]
        cases.append((f"import {d}", args, ["reads.jsonl"]))
    trajs = sorted(glob.glob(f"{REAL}/openhands/*.json")) + sorted(glob.glob(f"{REAL}/mini-swe-agent/*.json"))
    outs = ["-o", "{out}/reads.jsonl", "--emit-patches", "{out}/patches.jsonl",
            "--emit-outcomes", "{out}/outcomes.jsonl"]
    names = ["reads.jsonl", "patches.jsonl", "outcomes.jsonl"]
    for jobs in ("1", "2"):
        cases.append((f"import real --workspaces --jobs {jobs}",
                      ["import", "--jobs", jobs, "--workspaces", f"{REAL}/sources", *trajs, *outs], names))
        cases.append((f"import real --jobs {jobs}", ["import", "--jobs", jobs, *trajs, *outs], names))
    for f in files_under(f"{REAL}/claude-code"):
        cases.append((f"import {f}", ["import", f, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    java = "tests/data/real-multi/swe-agent-java"
    if os.path.isdir(java):
        logs = [p for p in files_under(java) if p.endswith((".traj", ".json"))]
        cases.append(("import swe-agent-java", ["import", *logs, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    return cases


def contextbench_cases():
    cases = []
    d = "tests/fixtures/contextbench"
    for gold in ("gold.jsonl", "gold.zstd.parquet", "legacy.jsonl"):
        base = ["contextbench", "--gold", f"{d}/{gold}", "--preds", f"{d}/preds.jsonl", "--workspaces", f"{d}/ws"]
        cases.append((f"contextbench fixture {gold}", base + ["--format", "jsonl"], []))
        cases.append((f"contextbench fixture {gold} table", base, []))
        cases.append((f"contextbench fixture {gold} --no-blocks", base + ["--no-blocks", "--format", "jsonl"], []))
    d = "tests/fixtures/pinned/contextbench-real"
    base = ["contextbench", "--gold", f"{d}/gold.jsonl", "--preds", f"{d}/preds.jsonl",
            "--workspaces", f"{REAL}/sources"]
    for jobs in ("1", "2"):
        cases.append((f"contextbench real --jobs {jobs}", base + ["--format", "jsonl", "--jobs", jobs], []))
    cases.append(("contextbench real table", base, []))
    return cases


def write_bad_inputs(d):
    """Inputs with bad lines (and wholly bad, empty or duplicated ones) made from the fixtures in
    folder d: every reader of report and sheet must skip or refuse them the same way."""
    small, stages, sheet = "server/report/tests/fixtures/small", "server/report/tests/fixtures/stages", \
        "tests/fixtures/sheet"

    def text(f):
        return open(os.path.join(ROOT, f)).read()
    made = {
        "gold-bad.jsonl": text(f"{small}/gold.jsonl") + 'not json\n{"task":"t9","path":"x.py","start":5,"end":1}\n',
        "reads-bad.jsonl": text(f"{small}/reads.jsonl") + '{"task":"t1"}\nnope\n',
        "outcomes-bad.jsonl": text(f"{small}/outcomes.jsonl") + '{"task":1}\n',
        "units-bad.jsonl": text(f"{small}/units.jsonl") + '{"path":"a"}\n',
        "patches-bad.jsonl": text(f"{stages}/patches.jsonl") + "bad\n",
        "runs-bad.jsonl": text(f"{sheet}/runs.jsonl") + "broken\n",
        "sheet-units-bad.jsonl": text(f"{sheet}/units.jsonl") + '{"path":1}\n',
        "tasks-dup.jsonl": text(f"{sheet}/tasks.jsonl") + text(f"{sheet}/tasks.jsonl").splitlines(True)[0],
        "empty.jsonl": "",
        "reads-allbad.jsonl": '{"x":1}\n',
        "gold-allbad.jsonl": "zzz\n",
        "outcomes-allbad.jsonl": "zzz\n",
        "runs-allbad.jsonl": "zzz\n",
    }
    for name, body in made.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(body)


def report_sheet_cases(d):
    """report and sheet cases; d holds the inputs of write_bad_inputs (nope* do not exist)."""
    small, st, sh = "server/report/tests/fixtures/small", "server/report/tests/fixtures/stages", "tests/fixtures/sheet"
    traj = f"{REAL}/openhands/pallets__flask-5014.json"
    i = lambda f: os.path.join(d, f)  # noqa: E731
    outs = ["--html", "{out}/r.html", "--lcov", "{out}/r.info", "--sarif", "{out}/r.sarif"]
    names = ["r.html", "r.info", "r.sarif"]
    g, r = ["--gold", f"{small}/gold.jsonl"], ["--reads", f"{small}/reads.jsonl"]
    report = [
        ("small", g + r + ["--outcomes", f"{small}/outcomes.jsonl", "--units", f"{small}/units.jsonl",
                           "--workspace", f"{small}/ws"]),
        ("small absolute workspace", g + r + ["--workspace", os.path.join(ROOT, small, "ws"), "--lcov-gold-unread"]),
        ("bad lines", ["--gold", i("gold-bad.jsonl"), "--reads", i("reads-bad.jsonl"), "--outcomes",
                       i("outcomes-bad.jsonl"), "--units", i("units-bad.jsonl")]),
        ("all-bad outcomes", g + r + ["--outcomes", i("outcomes-allbad.jsonl")]),
        ("gold sets", ["--gold", f"a={i('gold-bad.jsonl')}", *g, "--gold", f"c={REAL}/gold.jsonl",
                       "--reads", i("reads-bad.jsonl"), "--outcomes", f"{small}/outcomes.jsonl"]),
        ("gold sets, second all bad", g + ["--gold", i("gold-allbad.jsonl")] + r),
        ("empty reads", g + ["--reads", i("empty.jsonl")]),
        ("all-bad reads", ["--gold", i("gold-bad.jsonl"), "--reads", i("reads-allbad.jsonl")]),
        ("all-bad gold", ["--gold", i("gold-allbad.jsonl")] + r),
        ("reads as gold (refused)", ["--gold", f"{small}/reads.jsonl"] + r),
        ("units as reads (refused)", g + ["--reads", f"{small}/units.jsonl"]),
        ("missing units", g + r + ["--units", i("nope.jsonl")]),
        ("missing workspaces", g + r + ["--workspaces", i("nope")]),
        ("real trajectory", ["--gold", f"{REAL}/gold.jsonl", "--reads", traj, "--workspaces", f"{REAL}/sources",
                             "--outcomes", f"{REAL}/gold.jsonl", "--at-k", "1,3"]),
        ("real trajectory --no-stages", ["--gold", f"{REAL}/gold.jsonl", "--reads", traj,
                                         "--workspaces", f"{REAL}/sources", "--no-stages"]),
        ("stages", ["--gold", f"{st}/gold.jsonl", "--reads", f"{st}/reads.jsonl", "--workspaces", f"{st}/ws",
                    "--patches", f"{st}/patches.jsonl", "--test-report", f"{st}/report.json",
                    "--outcomes", f"{st}/outcomes.jsonl"]),
        ("stages bad patches", ["--gold", f"{st}/gold.jsonl", "--reads", f"{st}/reads.jsonl", "--workspaces",
                                f"{st}/ws", "--patches", i("patches-bad.jsonl"), "--test-report", f"r={st}/report.json"]),
        ("--runs", ["--gold", f"{sh}/gold.jsonl", "--reads", f"{sh}/reads.jsonl", "--runs", i("runs-bad.jsonl"),
                    "--ledger", f"{sh}/ledger.jsonl", "--tasks", f"{sh}/tasks.jsonl", "--k", "1,2"]),
    ]
    cases = [(f"report {n}", ["report", *a, *outs], names) for n, a in report]
    # `report --runs` with LCOV only is refused since session 29 (--runs goes with --html: the sheet is a section of
    # the page; cli_silent_options::report_html_only_options_without_html_are_refused), so it has no case here.
    cases.append(("report --html -", ["report", *g, *r, "--html", "-", "--sarif", "{out}/r.sarif"], ["r.sarif"]))
    runs = ["--runs", f"{sh}/runs.jsonl"]
    sg, sr = ["--gold", f"{sh}/gold.jsonl"], ["--reads", f"{sh}/reads.jsonl"]
    sheet = [
        ("fixture", runs + sg + sr + ["--ledger", f"{sh}/ledger.jsonl", "--tasks", f"{sh}/tasks.jsonl",
                                      "--units", f"{sh}/units.jsonl"]),
        ("bad lines json", ["--runs", i("runs-bad.jsonl"), "--gold", i("gold-bad.jsonl"), "--reads",
                            i("reads-bad.jsonl"), "--format", "json", "--workspace", f"{sh}/repo"]),
        ("runs only", runs),
        ("empty reads", runs + ["--reads", i("empty.jsonl")]),
        ("all-bad gold", runs + ["--gold", i("gold-allbad.jsonl")]),
        ("real trajectory", runs + ["--gold", f"{REAL}/gold.jsonl", "--reads", traj, "--format", "json"]),
        ("all-bad runs", ["--runs", i("runs-allbad.jsonl"), "--gold", i("gold-bad.jsonl"),
                          "--reads", i("reads-bad.jsonl")]),
        ("duplicate tasks, bad units", runs + ["--tasks", i("tasks-dup.jsonl"), "--ledger", f"{sh}/ledger.jsonl",
                                               "--units", i("sheet-units-bad.jsonl"), "--format", "json"]),
        ("missing ledger", runs + ["--ledger", i("nope.jsonl")]),
        ("missing runs", ["--runs", i("nope.jsonl")]),
        ("workspace", runs + sg + sr + ["--workspace", f"{sh}/repo", "--format", "json"]),
    ]
    cases += [(f"sheet {n}", ["sheet", *a], []) for n, a in sheet]
    cases.append(("sheet shard 0/2", ["sheet", *runs, *sg, *sr, "--shard", "0/2", "--emit-partial", "{out}/p.json"],
                  ["p.json"]))
    cases.append(("sheet shard 1/2, real gold", ["sheet", *runs, "--gold", f"{REAL}/gold.jsonl", *sr, "--shard", "1/2",
                                                "--format", "json", "--emit-partial", "{out}/p.json"], ["p.json"]))
    return cases


def real_size_cases():
    cases = []
    d = os.path.join(WORK, "real-import-191")
    if os.path.exists(os.path.join(d, "DONE")):
        logs = sorted(glob.glob(os.path.join(d, "logs", "*")))
        for ws in ([], ["--workspaces", os.path.join(d, "ws")]):
            cases.append((f"import real-size {' '.join(ws[:1])}",
                          ["import", "--jobs", "2", *ws, *logs, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    else:
        print(f"note: no {d} (bench/real_corpus.py import): left out", file=sys.stderr)
    d = os.path.join(WORK, "real-contextbench-1136")
    if os.path.exists(os.path.join(d, "DONE")):
        cases.append(("contextbench real-size",
                      ["contextbench", "--gold", f"{d}/gold.jsonl", "--preds", f"{d}/preds.jsonl",
                       "--workspaces", f"{d}/ws", "--format", "jsonl"], []))
    else:
        print(f"note: no {d} (bench/real_corpus.py contextbench): left out", file=sys.stderr)
    return cases


def run(binary, args, out):
    argv = [binary] + [a.replace("{out}", out) for a in args]
    p = subprocess.run(argv, cwd=ROOT, capture_output=True)
    # The output folder differs between the two runs: messages naming it are compared without it.
    return p.returncode, p.stdout.replace(out.encode(), b"{out}"), p.stderr.replace(out.encode(), b"{out}")


def first_difference(a, b):
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at byte {n} ({len(a)} vs {len(b)} bytes)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--real-size", action="store_true", help="also the real-size corpora of bench/real_corpus.py")
    a = ap.parse_args()
    old, new = os.path.abspath(a.old), os.path.abspath(a.new)
    inputs = tempfile.mkdtemp(prefix="readcov-same-inputs-")
    try:
        write_bad_inputs(inputs)
        return compare(old, new, import_cases() + contextbench_cases() + report_sheet_cases(inputs)
                       + (real_size_cases() if a.real_size else []))
    finally:
        shutil.rmtree(inputs)


def compare(old, new, cases):
    differ = 0
    for name, args, outputs in cases:
        got = []
        for binary in (old, new):
            out = tempfile.mkdtemp(prefix="readcov-same-")
            try:
                code, stdout, stderr = run(binary, args, out)
                files = {}
                for f in outputs:
                    p = os.path.join(out, f)
                    files[f] = open(p, "rb").read() if os.path.exists(p) else None
                got.append((code, stdout, stderr, files))
            finally:
                shutil.rmtree(out)
        (c1, o1, e1, f1), (c2, o2, e2, f2) = got
        problems = []
        if c1 != c2:
            problems.append(f"exit {c1} vs {c2}")
        if o1 != o2:
            problems.append(f"stdout: {first_difference(o1, o2)}")
        if e1 != e2:
            problems.append(f"stderr: {first_difference(e1, e2)}")
        for f in outputs:
            if f1[f] != f2[f]:
                problems.append(f"{f}: " + ("written by one only" if None in (f1[f], f2[f])
                                            else first_difference(f1[f], f2[f])))
        if problems:
            differ += 1
            print(f"DIFFERS  {name}: {'; '.join(problems)}")
    print(f"{len(cases) - differ} of {len(cases)} cases byte-identical (exit code, stdout, stderr, files)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
