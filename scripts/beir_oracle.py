#!/usr/bin/env python3
"""Cross-checks `readcov gold --from-beir` and `readcov gold --format qrels` against a
recomputation from the docs (scripts/beir_oracle_spec.py: docs/retrievers.md "Input: BEIR-style
datasets" and "Scoring with another tool", docs/formats.md, docs/gold.md), not from the Rust code.
Every gold row, every located error (file, line, field), the exit status and every qrels line at
each level are compared; each disagreement is printed and the exit status is 1.

usage: beir_oracle.py READCOV beir PATH [--corpus C] [--split S] [--workspace D | --workspaces D]
       beir_oracle.py READCOV qrels -- GOLD-ARGS...   (any `readcov gold` source: its rows, then
                                                      its --format qrels at every level)
       beir_oracle.py READCOV random --seed N --trials N   (scripts/beir_oracle_cases.py)
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

from beir_oracle_spec import beir_gold, confine, parse_corpus, parse_qrels, parse_queries, qrels_docs
from gold_oracle_lib import Workspace

PROBLEMS = []
CHECKED = collections.Counter()
ERR = re.compile(r"^\s*(?:error: |warning: |note: )?(.+?):(\d+): (?:field `([^`]+)`: )?")


def problem(msg):
    PROBLEMS.append(msg)


def gold(rc, args, label):
    """readcov gold ARGS: (rows, stderr, exit); checks exit 2 writes nothing."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "g.out")
        p = subprocess.run([rc, "gold", *args, "-o", out], capture_output=True, text=True)
        if p.returncode not in (0, 2):
            problem(f"{label}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
        if p.returncode != 0 and os.path.exists(out):
            problem(f"{label}: exit {p.returncode} but wrote {out}")
        text = open(out).read() if os.path.exists(out) and p.returncode == 0 else ""
        return text, p.stderr, p.returncode


def located(stderr, names):
    """The located errors on stderr, as (file, line, field), for the given input files."""
    got = []
    for line in stderr.splitlines():
        m = ERR.match(line)
        if m and m.group(1) in names:
            got.append((m.group(1), int(m.group(2)), m.group(3)))
    return got


def workspace_of(a):
    if a.workspaces:
        return lambda task: Workspace(os.path.join(a.workspaces, task)
                                      if os.path.isdir(os.path.join(a.workspaces, task)) else None)
    if a.workspace:
        return lambda task: Workspace(a.workspace)
    return None


def files_of(a):
    """The corpus, qrels and queries files a --from-beir PATH stands for (retrievers.md)."""
    if os.path.isdir(a.path):
        qrels = os.path.join(a.path, "qrels", f"{a.split}.tsv")
        root = a.path
    else:
        qrels = a.path
        up = os.path.dirname(a.path)
        root = os.path.dirname(up) if os.path.basename(up) == "qrels" else None
    if a.corpus:
        corpus = os.path.join(a.corpus, "corpus.jsonl") if os.path.isdir(a.corpus) else a.corpus
    else:
        corpus = os.path.join(root, "corpus.jsonl") if root is not None else None
    queries = os.path.join(os.path.dirname(corpus), "queries.jsonl") if corpus else None
    return corpus, qrels, queries if queries and os.path.isfile(queries) else None


def check_beir(rc, a, label):
    corpus_f, qrels_f, queries_f = files_of(a)
    # --split picks a file in a dataset folder; beside a qrels file it is refused (docs/gold.md)
    args = ["--from-beir", a.path] + (["--split", a.split] if os.path.isdir(a.path) else [])
    for k in ("corpus", "workspace", "workspaces"):
        if getattr(a, k):
            args += [f"--{k}", getattr(a, k)]
    text, stderr, code = gold(rc, args, label)
    if corpus_f is None or not os.path.isfile(qrels_f) or not os.path.isfile(corpus_f):
        CHECKED["refusals"] += 1
        if code != 2:
            problem(f"{label}: no qrels or corpus file: exit {code}, docs/gold.md says 2")
        return
    corpus, errors = parse_corpus(open(corpus_f, "rb").read(), corpus_f)
    queries = None
    if queries_f:
        queries, e = parse_queries(open(queries_f, "rb").read(), queries_f)
        errors += e
    judged, e = parse_qrels(open(qrels_f, "rb").read(), qrels_f)
    errors += e
    ws = workspace_of(a)
    refused = confine(corpus, os.path.realpath(a.workspace)) if a.workspace else set()
    want, e = beir_gold(judged, corpus, queries, ws, qrels_f, refused)
    errors += e
    for r in want:
        r.update(tier="core", origin="qrels")  # no `base`: docs/gold.md, judgments
    got = [json.loads(x) for x in text.splitlines()]
    CHECKED["rows"] += max(len(want), len(got))
    if got != want:
        gk = [json.dumps(r, sort_keys=True) for r in got]
        wk = [json.dumps(r, sort_keys=True) for r in want]
        for k in sorted(set(gk) - set(wk)):
            problem(f"{label}: readcov wrote {k}, the oracle does not")
        for k in sorted(set(wk) - set(gk)):
            problem(f"{label}: oracle expects {k}, readcov did not write it")
        if set(gk) == set(wk):
            problem(f"{label}: same rows in another order or repeated")
    want_code = 0 if want else 2
    if code != want_code:
        problem(f"{label}: exit {code}, the oracle expects {want_code}")
    names = {corpus_f, qrels_f} | ({queries_f} if queries_f else set())
    got_err = located(stderr, names)
    CHECKED["errors"] += max(len(errors), len(got_err))
    if collections.Counter(got_err) != collections.Counter(errors):
        for k in sorted(set(got_err) - set(errors), key=str):
            problem(f"{label}: readcov reports {k}, the oracle does not")
        for k in sorted(set(errors) - set(got_err), key=str):
            problem(f"{label}: oracle expects error {k}, readcov does not report it")
        if set(got_err) == set(errors):
            problem(f"{label}: errors repeated differently: {sorted(got_err, key=str)} vs {sorted(errors, key=str)}")
    if want:
        check_qrels(rc, args, got or want, ws, label)


class UnitIds:
    """Unit documents (retrievers.md "Documents"): `readcov units` of a workspace file; a line
    belongs to its innermost unit; id `path:Qualified.name`, the k-th repeat of a name `#k`."""

    def __init__(self, rc, ws):
        self.rc, self.ws, self.cache = rc, ws, {}

    def units(self, task, path):
        root = self.ws(task).root if self.ws else None
        full = os.path.join(root, path) if root else None
        if full is None or not os.path.isfile(full):
            return None
        if full not in self.cache:
            p = subprocess.run([self.rc, "units", full], capture_output=True, text=True)
            self.cache[full] = [json.loads(x) for x in p.stdout.splitlines()] if p.returncode == 0 else None
        return self.cache[full]

    def __call__(self, task, path, lines):
        us = self.units(task, path)
        if us is None:
            return None
        ids, seen, chain = [], collections.Counter(), []
        for u in sorted(us, key=lambda u: (u["start"], u["depth"])):
            chain = [c for c in chain if c["start"] <= u["start"] and u["end"] <= c["end"] and c["depth"] < u["depth"]]
            chain.append(u)
            q = ".".join(c["name"] for c in chain)
            seen[q] += 1
            ids.append((u, f"{path}:{q}" + (f"#{seen[q]}" if seen[q] > 1 else "")))
        out = set()
        for ln in lines:
            best = None
            for u, i in ids:
                if u["start"] <= ln <= u["end"] and (best is None or u["depth"] > best[0]["depth"]):
                    best = (u, i)
            if best:
                out.add(best[1])
        return out


def check_qrels(rc, args, rows, ws, label):
    levels = ["file", "span", "line"] + (["unit"] if ws is not None else [])
    for level in levels:
        text, stderr, code = gold(rc, [*args, "--format", "qrels", "--level", level], f"{label} qrels {level}")
        want = qrels_docs(rows, level, UnitIds(rc, ws) if level == "unit" else None)
        bad = [t for t, d in want.items() if d is not None and any(re.search(r"\s", x) for x in [t, *d])]
        if bad:
            CHECKED["qrels refusals"] += 1
            if code != 2 or "whitespace" not in stderr:
                problem(f"{label} qrels {level}: ids with whitespace in {bad}, yet exit {code}")
            continue
        left = sorted(t for t, d in want.items() if d is None)
        want_lines = collections.Counter(f"{t} 0 {d} 1" for t, ds in want.items() if ds for d in ds)
        got_lines = collections.Counter(text.splitlines())
        CHECKED["qrels lines"] += max(sum(want_lines.values()), sum(got_lines.values()))
        for k in sorted(got_lines - want_lines):
            problem(f"{label} qrels {level}: readcov wrote `{k}`, the oracle does not")
        for k in sorted(want_lines - got_lines):
            problem(f"{label} qrels {level}: oracle expects `{k}`")
        if text and not text.endswith("\n"):
            problem(f"{label} qrels {level}: last line has no break")
        if left:
            m = re.search(r"(\d+) task\(s\) left out of unit qrels.*?\): (.*)$", stderr, re.M)
            if not m or sorted(m.group(2).split(", ")) != left:
                problem(f"{label} qrels unit: the oracle leaves out {left}, readcov says {m and m.group(0)}")


def check_gold_qrels(rc, gold_args, label):
    """Any gold: its JSONL rows, then --format qrels at each level from those rows."""
    text, _, code = gold(rc, gold_args, label)
    if code != 0:
        problem(f"{label}: exit {code}")
        return
    rows = [json.loads(x) for x in text.splitlines()]
    ws = None
    for flag in ("--workspace", "--workspaces"):
        if flag in gold_args:
            d = gold_args[gold_args.index(flag) + 1]
            ws = (lambda t, d=d: Workspace(os.path.join(d, t))) if flag == "--workspaces" else (lambda t, d=d: Workspace(d))
    check_qrels(rc, gold_args, rows, ws, label)


def main():
    rc, mode, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "beir":
        ap = argparse.ArgumentParser()
        ap.add_argument("path")
        ap.add_argument("--corpus")
        ap.add_argument("--split", default="test")
        ap.add_argument("--workspace")
        ap.add_argument("--workspaces")
        a = ap.parse_args(rest)
        check_beir(rc, a, f"--from-beir {a.path}")
    elif mode == "qrels":
        args = rest[1:] if rest[:1] == ["--"] else rest
        check_gold_qrels(rc, args, f"gold {' '.join(args)}")
    elif mode == "random":
        from beir_oracle_cases import run_cases
        ap = argparse.ArgumentParser()
        ap.add_argument("--seed", type=int, default=1)
        ap.add_argument("--trials", type=int, default=100)
        a = ap.parse_args(rest)
        run_cases(rc, a.seed, a.trials, check_beir)
    else:
        sys.exit(f"unknown mode {mode}")
    for p in PROBLEMS:
        print(p, file=sys.stderr)
    print(f"beir oracle {mode}: checked {dict(CHECKED)}; {len(PROBLEMS)} disagreement(s)")
    sys.exit(1 if PROBLEMS else 0)


if __name__ == "__main__":
    main()
