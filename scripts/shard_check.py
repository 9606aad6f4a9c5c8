#!/usr/bin/env python3
"""Truth audit of sharding (docs/scale.md): for every command with `--shard I/N` and `--emit-partial`
(score, explore, sheet, diagnose) on the shipped inputs, and N in 1, 2, 3, 7 and one more than the
number of tasks, run every shard with `--emit-partial`, `readcov merge` the partials and compare the
merged aggregate with the unsharded run's, field by field (floats exactly: the docs promise the
unsharded totals bit for bit), the merge's printed table against the unsharded table, the shards listed in
index order. Also: every task lands in exactly one shard, the one docs/scale.md's hash names, the union of the shards'
rows is the unsharded rows, `import --shard` outputs concatenated are the unsharded import, and
`merge` refuses mixed kinds, other settings, a shard twice, shards of different counts and an
unsharded partial beside shards, and warns on an incomplete set. Fails naming every disagreement.

Usage: shard_check.py READCOV WORKDIR  (WORKDIR: an empty scratch folder; run from the repo root)
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

BIN = ""
OUT = Path(".")
FAILS: list[str] = []
CHECKS = 0


def run(args: list[str], ok: bool = True) -> subprocess.CompletedProcess[str]:
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    if ok and p.returncode != 0:
        raise SystemExit(f"readcov {' '.join(args)} exited {p.returncode}: {p.stderr.strip()[-800:]}")
    return p


def fail(msg: str) -> None:
    FAILS.append(msg)


def diff(where: str, a: Any, b: Any, out: list[str]) -> None:
    """Every difference between unsharded `a` and merged `b` (floats compared exactly)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in b:
                out.append(f"{where}.{k}: in the unsharded run, not in the merge ({json.dumps(a[k])[:80]})")
            elif k not in a:
                out.append(f"{where}.{k}: in the merge, not in the unsharded run ({json.dumps(b[k])[:80]})")
            else:
                diff(f"{where}.{k}", a[k], b[k], out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{where}: {len(a)} item(s) unsharded, {len(b)} merged")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(f"{where}[{i}]", x, y, out)
    elif type(a) is not type(b) or a != b:
        out.append(f"{where}: unsharded {a!r}, merged {b!r}")


def fnv1a_shard(task: str, n: int) -> int:
    """The shard docs/scale.md defines: 64-bit FNV-1a of the task id's UTF-8 bytes, modulo N."""
    h = 0xCBF29CE484222325
    for b in task.encode():
        h = ((h ^ b) * 0x100000001B3) % 2**64
    return h % n


def canon(rows: list[Any]) -> list[str]:
    return sorted(json.dumps(r, sort_keys=True) for r in rows)


class Case:
    """One command on one input: `args` without --format/--shard/--emit-partial."""

    def __init__(self, name: str, kind: str, args: list[str], rows: str, task: Callable[[Any], str],
                 agg: Callable[[Any], Any], merged: Callable[[Any], Any]) -> None:
        self.name, self.kind, self.args, self.rows = name, kind, args, rows
        self.task, self.agg, self.merged = task, agg, merged

    def check(self) -> dict[int, list[Path]]:
        global CHECKS
        t0 = time.monotonic()
        whole = json.loads(run([*self.args, "--format", "json"]).stdout)
        rows = whole[self.rows]
        tasks = {self.task(r) for r in rows}
        want = self.agg(whole)
        table = {line.rstrip() for line in run(self.args).stdout.splitlines()}
        parts_by_n: dict[int, list[Path]] = {}
        for n in sorted({1, 2, 3, 7, len(tasks) + 1}):
            parts = [OUT / f"{self.name}-{i}-{n}.json" for i in range(n)]
            seen: dict[str, int] = {}
            union: list[Any] = []
            # the shards run side by side (independent processes, as on a cluster)
            with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
                outs = list(pool.map(lambda i: run([*self.args, "--format", "json", "--shard", f"{i}/{n}",
                                                    "--emit-partial", str(parts[i])]).stdout, range(n)))
            for i, text in enumerate(outs):
                got = json.loads(text)
                for t in {self.task(r) for r in got[self.rows]}:
                    if t in seen:
                        fail(f"{self.name} N={n}: task {t} in shards {seen[t]} and {i}")
                    seen[t] = i
                    if i != fnv1a_shard(t, n):
                        fail(f"{self.name} N={n}: task {t} in shard {i}, docs/scale.md's hash says "
                             f"{fnv1a_shard(t, n)}")
                union += got[self.rows]
            CHECKS += 1
            if set(seen) != tasks:
                fail(f"{self.name} N={n}: tasks in no shard {sorted(tasks - set(seen))}, "
                     f"only in shards {sorted(set(seen) - tasks)}")
            if canon(union) != canon(rows):
                fail(f"{self.name} N={n}: the shards' {len(union)} rows are not the unsharded {len(rows)} rows")
            m = run(["merge", "--format", "json", *map(str, parts)])
            if m.stderr.strip():
                fail(f"{self.name} N={n}: merge of a complete set wrote to stderr: {m.stderr.strip()[:200]}")
            merged = json.loads(m.stdout)
            if sorted(merged.get("shards", [])) != sorted(f"{i}/{n}" for i in range(n)):
                fail(f"{self.name} N={n}: merged shards {merged.get('shards')}")
            elif merged["shards"] != [f"{i}/{n}" for i in range(n)]:
                fail(f"{self.name} N={n}: merge lists the shards out of index order: {merged['shards']}")
            d: list[str] = []
            diff(self.name, want, self.merged(merged), d)
            for line in d:
                fail(f"{self.name} N={n}: {line}")
            self.check_table(n, parts, table)
            parts_by_n[n] = parts
        print(f"  {self.name}: {len(rows)} row(s), {len(tasks)} task(s), N in {sorted(parts_by_n)}: checked "
              f"({time.monotonic() - t0:.1f} s)")
        return parts_by_n


    def check_table(self, n: int, parts: list[Path], table: set[str]) -> None:
        """The merge's printed table: every line is a line of the unsharded table (score: its totals
        line says `passing` where one run says `at or above 50%`)."""
        lines = run(["merge", *map(str, parts)]).stdout.splitlines()
        head, rest = lines[0], lines[1:]
        if self.kind == "score":
            totals = "totals: " + head.split(": ", 1)[1]
            if not any(re.sub(r"at or above \d+%", "passing", t) == totals for t in table):
                fail(f"{self.name} N={n}: merged `{head}` is not the unsharded totals line")
        for line in rest:
            if line.strip() and line.rstrip() not in table:
                fail(f"{self.name} N={n}: merged table line not in the unsharded table: {line.rstrip()!r}")


def pick(d: Any, keys: list[str]) -> dict[str, Any]:
    return {k: d[k] for k in keys if k in d}


def score_case(name: str, args: list[str]) -> Case:
    return Case(name, "score", ["score", *args], "rows", lambda r: r["task"],
                lambda w: pick(w, ["threshold", "totals"]), lambda m: pick(m, ["threshold", "totals"]))


def diagnose_case(name: str, args: list[str]) -> Case:
    return Case(name, "diagnose", ["diagnose", *args], "runs", lambda r: r["task"],
                lambda w: pick(w, ["summary"]), lambda m: pick(m, ["summary"]))


SHEET_KEYS = ["threshold", "regeneration_limit", "overall", "conditions", "common"]


def sheet_case(name: str, args: list[str]) -> Case:
    def agg(w: Any) -> Any:
        return pick(w, SHEET_KEYS)
    return Case(name, "sheet", ["sheet", *args], "runs", lambda r: r["task"], agg, agg)


def explore_case(name: str, args: list[str]) -> Case:
    def agg(w: Any) -> Any:
        return {"explorers": w["explorers"], "top_k": w["top_k"],
                "unused_prediction_rows": len(w["unused_predictions"])}
    return Case(name, "explore", ["explore", *args], "instances", lambda r: r["instance_id"], agg,
                lambda m: pick(m, ["explorers", "top_k", "unused_prediction_rows"]))


def merge_refusals(parts: dict[str, dict[int, list[Path]]], other: dict[str, list[Path]]) -> None:
    """docs/scale.md: merge refuses other kinds, other settings, a shard twice, other counts and `all`
    beside shards (exit non-zero, an error naming the cause); it warns on an incomplete 0..N set."""
    global CHECKS

    def refused(what: str, files: list[Path], needle: str) -> None:
        global CHECKS
        CHECKS += 1
        p = run(["merge", "--format", "json", *map(str, files)], ok=False)
        if p.returncode == 0:
            fail(f"merge accepted {what}: {p.stdout[:200]}")
        elif needle.lower() not in p.stderr.lower():
            fail(f"merge refused {what} without saying `{needle}`: {p.stderr.strip()[:300]}")

    kinds = list(parts)
    for a in kinds:
        for b in kinds:
            if a != b:
                refused(f"a {a} partial beside {b} partials", [parts[a][2][0], parts[b][2][1]],
                        "cannot merge")
    for k, by_n in parts.items():
        refused(f"{k}: shard 0/2 twice", [by_n[2][0], by_n[2][0], by_n[2][1]], "0/2")
        refused(f"{k}: shards 0/2 and 1/3", [by_n[2][0], by_n[3][1]], "")
        CHECKS += 1
        p = run(["merge", "--format", "json", str(by_n[3][0]), str(by_n[3][2])], ok=False)
        if p.returncode != 0:
            fail(f"{k}: merge of shards 0/3 and 2/3 (1/3 missing) refused; docs/scale.md says it warns: "
                 f"{p.stderr.strip()[:200]}")
        elif "missing [1]" not in p.stderr:
            fail(f"{k}: merge of shards 0/3 and 2/3 does not name the missing shard 1/3: "
                 f"stderr {p.stderr.strip()[:200]!r}, json warning {json.loads(p.stdout).get('warning')!r}")
    for what, files in other.items():
        refused(what, files, "")


def import_shards(name: str, args: list[str], n_parts: int) -> None:
    """`import --shard I/N` outputs (reads and --emit-outcomes labels) concatenated in shard order are the
    unsharded import's, byte for byte."""
    global CHECKS
    lab = OUT / f"{name}-labels.jsonl"
    whole = run(["import", *args, "--emit-outcomes", str(lab), "-o", "-"]).stdout
    whole_labels = lab.read_text()
    for n in sorted({1, 2, 3, 7, n_parts + 1}):
        CHECKS += 1
        got, labels = "", ""
        for i in range(n):
            p = run(["import", *args, "--shard", f"{i}/{n}", "--emit-outcomes", str(lab), "-o", "-"], ok=False)
            if p.returncode not in (0, 2):  # 2: this shard's part read nothing
                fail(f"{name} N={n}: shard {i} exited {p.returncode}: {p.stderr.strip()[:200]}")
            got += p.stdout
            labels += lab.read_text() if lab.exists() else ""
        if got != whole:
            fail(f"{name} N={n}: the shards concatenated ({len(got)} bytes) are not the unsharded import "
                 f"({len(whole)} bytes)")
        if labels != whole_labels:
            fail(f"{name} N={n}: the shards' labels concatenated are not the unsharded import's")
    print(f"  {name}: N in {sorted({1, 2, 3, 7, n_parts + 1})}: checked")


def main() -> None:
    global BIN, OUT
    BIN, OUT = sys.argv[1], Path(sys.argv[2])
    real, multi = Path("tests/data/real"), Path("tests/data/real-multi")
    fx = Path("tests/fixtures")
    o = lambda n: str(OUT / n)  # noqa: E731

    # tests/data/real: reads + edits and their patches, SWE-bench gold lines, one run record per run
    logs = sorted(map(str, real.glob("openhands/*.json"))) + sorted(map(str, real.glob("mini-swe-agent/*.json")))
    run(["import", "--workspaces", str(real / "sources"), *logs, "-o", o("reads.jsonl"),
         "--emit-patches", o("patches.jsonl")])
    run(["gold", "--from-swebench", str(real / "gold.jsonl"), "-o", o("gold.jsonl")])
    with open(o("runs.jsonl"), "w") as f:
        for r in map(json.loads, open(real / "gold.jsonl")):
            f.write(json.dumps({"run": r["agent"], "task": r["instance_id"], "condition": r["agent"],
                                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                                "target": r["resolved"]}) + "\n")
    # the same with run records that cannot be graded: not JSON, naming no task (shard 0's), a bad
    # field (its task's shard), a task without gold
    with open(o("bad-runs.jsonl"), "w") as f:
        f.write(open(o("runs.jsonl")).read())
        f.write('not json\n{"run": "x", "condition": "openhands"}\n'
                '{"run": "y", "task": "psf__requests-2317", "condition": "openhands", "environment": "maybe"}\n'
                '{"run": "z", "task": "nope-1", "condition": "openhands", "environment": "valid", '
                '"simulator": "valid", "scenario_oracle": "valid", "target": true}\n')
    # tests/data/real-multi: each trajectory under its task and run, consensus gold of resolved runs
    run(["import", "--layout", "task/run", str(multi / "swe-agent-java"), "-o", o("m-reads.jsonl")])
    run(["gold", "--from-runs", o("m-reads.jsonl"), "--outcomes", str(multi / "outcomes.jsonl"),
         "-o", o("m-gold.jsonl")])
    with open(o("m-runs.jsonl"), "w") as f:
        for r in map(json.loads, open(multi / "outcomes.jsonl")):
            f.write(json.dumps({"run": r["run"], "task": r["task"], "condition": r["run"].split("/")[0],
                                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                                "target": r["resolved"]}) + "\n")
    sh = fx / "sheet"
    example = ["--runs", str(sh / "runs.jsonl"), "--gold", str(sh / "gold.jsonl"), "--reads",
               str(sh / "reads.jsonl"), "--ledger", str(sh / "ledger.jsonl"), "--tasks", str(sh / "tasks.jsonl")]
    ex = fx / "explore"
    explore = ["--bench", str(ex / "bench.jsonl"), "--preds", str(ex / "preds.jsonl"),
               "--file-lengths", str(ex / "lengths.json")]
    real_src = ["--workspaces", str(real / "sources")]
    cases = [
        score_case("score-real", ["--gold", o("gold.jsonl"), "--reads", o("reads.jsonl")]),
        score_case("score-real-ws", ["--gold", o("gold.jsonl"), "--reads", o("reads.jsonl"), *real_src,
                                     "--outcomes", str(real / "gold.jsonl"), "--threshold", "0.8"]),
        score_case("score-multi", ["--gold", o("m-gold.jsonl"), "--reads", o("m-reads.jsonl"),
                                   "--outcomes", str(multi / "outcomes.jsonl")]),
        diagnose_case("diagnose-real", ["--gold", str(real / "gold.jsonl"), "--reads", o("reads.jsonl"),
                                        "--patches", o("patches.jsonl"), *real_src,
                                        "--outcomes", str(real / "gold.jsonl")]),
        diagnose_case("diagnose-real-repo", ["--gold", str(real / "gold.jsonl"), "--reads", o("reads.jsonl"),
                                             "--group-by", "repo", "--threshold", "0.9"]),
        diagnose_case("diagnose-multi", ["--gold", o("m-gold.jsonl"), "--reads", o("m-reads.jsonl"),
                                         "--patches", str(multi / "model_patches.jsonl"),
                                         "--outcomes", str(multi / "outcomes.jsonl")]),
        sheet_case("sheet-example", [*example, "--k", "1,2"]),
        sheet_case("sheet-example-units", [*example, "--k", "1,2,3", "--units", str(sh / "units.jsonl"),
                                           "--threshold", "0.8"]),
        sheet_case("sheet-real", ["--runs", o("runs.jsonl"), "--gold", o("gold.jsonl"), "--reads",
                                  o("reads.jsonl"), "--require", "target,exploration", "--k", "1,2"]),
        sheet_case("sheet-real-unreadable", ["--runs", o("bad-runs.jsonl"), "--gold", o("gold.jsonl"), "--reads",
                                             o("reads.jsonl"), "--require", "target", "--k", "1,2"]),
        sheet_case("sheet-multi", ["--runs", o("m-runs.jsonl"), "--gold", o("m-gold.jsonl"), "--reads",
                                   o("m-reads.jsonl"), "--require", "target", "--k", "1,2,3"]),
        explore_case("explore-fixture", [*explore]),
        explore_case("explore-fixture-all", [*explore, "--top-k", "all"]),
    ]
    parts: dict[str, dict[int, list[Path]]] = {}
    print("shard check:")
    for c in cases:
        got = c.check()
        parts.setdefault(c.kind, got)
    # settings: the same kind at another threshold / top-k / k
    other = {}
    named = {c.name: c for c in cases}
    for c, extra in ((named["score-real"], ["--threshold", "0.9"]), (named["explore-fixture"], ["--top-k", "all"]),
                     (named["sheet-example"], ["--threshold", "0.7"]),
                     (named["diagnose-real"], ["--threshold", "0.9"])):
        p = OUT / f"{c.name}-other.json"
        run([*c.args, *extra, "--format", "json", "--shard", "1/2", "--emit-partial", str(p)])
        other[f"{c.kind}: 0/2 beside 1/2 of other settings ({' '.join(extra)})"] = [parts[c.kind][2][0], p]
        a = OUT / f"{c.name}-all.json"
        run([*c.args, "--format", "json", "--emit-partial", str(a)])
        other[f"{c.kind}: an unsharded (all) partial beside 1/2"] = [a, parts[c.kind][2][1]]
    merge_refusals(parts, other)
    import_shards("import-real", ["--workspaces", str(real / "sources"), *logs], len(logs))
    # a chat-message dataset as JSONL (cut at line starts) beside a Parquet one (cut by row group)
    chat = Path("tests/data/formats/chat-trajectories")
    rows = json.load(open(chat / "adp_nebius_SWE-agent-trajectories_sample_raw.json"))
    with open(o("chat.jsonl"), "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    import_shards("import-chat", [o("chat.jsonl"), str(chat / "nebius_SWE-agent-trajectories.zstd.parquet")],
                  len(rows) + 1)
    if FAILS:
        print(f"shard check: {len(FAILS)} disagreement(s) in {CHECKS} check(s):", file=sys.stderr)
        for f in FAILS:
            print(f"  {f}", file=sys.stderr)
        sys.exit(1)
    print(f"shard check ok: {CHECKS} check(s)")


if __name__ == "__main__":
    main()
