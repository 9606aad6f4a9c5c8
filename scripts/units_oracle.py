#!/usr/bin/env python3
"""Cross-checks readcov's Python syntax units against CPython's own parser (stdlib `ast`), from
docs/units.md "What a unit is" and its "Python" rules (grammars/README.md's conventions), never from
readcov's query or code (the recomputation is scripts/units_oracle_ast.py).

usage: units_oracle.py READCOV files PATH...        every .py file under each PATH
       units_oracle.py READCOV cases DIR            the hand-made cases (units_oracle_cases.py)
       units_oracle.py READCOV random DIR [--seed N] [--count K]   seeded random modules
       units_oracle.py READCOV java DIR [--seed N] [--count K]     Java against javac (units_oracle_java.py)
       units_oracle.py READCOV downstream SWEBENCH READS WORKSPACES GOLD_OUT
       units_oracle.py READCOV downstream-cases DIR  the same on a task made of the cases

`files` and `cases` run `readcov units` on the files and compare each unit field by field (kind,
name, start, end, depth) and their order; a unit either side lacks is printed. `cases` also writes
files CPython refuses (syntax errors): for them the docs promise only that readcov still lists the
units of the parts it could parse, so the oracle checks that `readcov units` exits 0 and lists,
unchanged, every unit CPython finds in the valid lines before the error that a later top-level
statement closes, and that a parse-error warning names the file when readcov counts errors.
`downstream` checks what the units mean for scoring on real gold: per (task, run) of
`readcov score --workspaces --format json`, the gold units of `unit_detail` (path, kind, name,
start, end, depth, gold lines inside it, docs/metrics.md), `gold_units` and
`gold_lines_outside_units` against each gold line's innermost unit by the oracle;
`readcov gold --format qrels --level unit` against the documents docs/retrievers.md defines
(`path:Qualified.name`, repeats numbered `#2`, `#3`, a unit owning a core gold line); and each
gold span's `unit` in `readcov explain --format json` (the innermost unit holding the whole span,
docs/schemas/explain.schema.json). Unit gold (`--expand units`) and the widen-to-unit what-if are
not recomputed here: the gold and score oracles derive them from `readcov units` output, which this
oracle checks.

Left out, counted and printed on every run:
- files CPython refuses (the broken cases): no field comparison, only the checks above; a `.py`
  file of the shipped data or a given folder that CPython refuses (data that is not Python, such
  as a log fixture's workspace) is left out and named;
- files with lone `\\r` line breaks (the `cr_only.py` case): CPython counts them as lines, readcov
  does not (docs/units.md: lines are split at `\\n`), so their lines cannot be compared;
- in a broken file, units that are not closed by a later top-level statement before the error.
Java: `java DIR` (units_oracle_java.py) compares against javac's parser; its left-outs are listed
there. Not covered: PEP 695 type parameters (`def f[T]()`, `class A[T]:`) and PEP 701 f-strings (this
machine's CPython is 3.11; both checked once by hand with a CPython 3.13: equal), the language server's incremental units (`tests/it/incremental.rs` checks them against a
whole parse), and the other languages (Rust, Go, C and C++: scripts/units_oracle_native.py, suite
44-units-native-oracle.sh; JavaScript, TypeScript, Ruby and PHP: scripts/units_oracle_script.py,
suite 44-units-script-oracle.sh).
"""
import json
import os
import subprocess
import sys

from units_oracle_ast import innermost, units_of
from units_oracle_cases import BROKEN, CASES, CR_ONLY, big_variants, broken_big
from units_oracle_random import module

PROBLEMS = []
STATS = {"files": 0, "units": 0, "refused_left_out": 0, "broken_files": 0, "broken_units_checked": 0,
         "broken_units_left_out": 0, "cr_only_left_out": 0, "rows": 0,
         "gold_lines": 0, "qrels_docs": 0, "explain_spans": 0, "java_broken_files": 0,
         "java_broken_units_checked": 0, "java_broken_units_left_out": 0,
         "java_limits_left_out": 0, "java_warns_allowed": 0}
FIELDS = ("kind", "name", "start", "end", "depth")


def opt(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def problem(msg):
    PROBLEMS.append(msg)


def readcov_units(rc, paths):
    """`readcov units` on many files, 500 to a command line: {path: [unit]}, and the runs'
    stderr and worst status (shared by the native and script-language oracles)."""
    got, errs, codes = {path: [] for path in paths}, [], []
    for i in range(0, len(paths), 500):
        p = subprocess.run([rc, "units", *paths[i:i + 500]], capture_output=True, text=True)
        for line in p.stdout.splitlines():
            r = json.loads(line)
            got.setdefault(r.pop("path"), []).append(r)
        errs.append(p.stderr)
        codes.append(p.returncode)
    return got, "".join(errs), max(codes, default=0)


def helper_units(helper, paths):
    """{path: record} from a language's parser helper (a command the paths are appended to, 500
    to a command line), as the native and script-language oracles call theirs."""
    out = {}
    for i in range(0, len(paths), 500):
        p = subprocess.run([*helper, *paths[i:i + 500]], capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"error: the helper {helper} failed ({p.returncode}): {p.stderr.strip()[-2000:]}")
        for line in p.stdout.splitlines():
            r = json.loads(line)
            out[r["path"]] = r
    return out


def key(u):
    return tuple(u[f] for f in FIELDS)


def compare(path, want, got):
    """Every unit field by field, then the order; both sides' extra units named."""
    STATS["files"] += 1
    STATS["units"] += len(want)
    wk, gk = [key(u) for u in want], [key(u) for u in got]
    missing = [k for k in wk if k not in gk]
    extra = [k for k in gk if k not in wk]
    for k in missing:
        near = [g for g in extra if g[1] == k[1] and (g[2] == k[2] or g[3] == k[3])]
        if near:
            diffs = [f"{f} {a!r} vs readcov {b!r}" for f, a, b in zip(FIELDS, k, near[0]) if a != b]
            problem(f"{path}: unit {k[1]} at {k[2]}: oracle {' , '.join(diffs)}")
            extra.remove(near[0])
        else:
            problem(f"{path}: oracle has {dict(zip(FIELDS, k))}, readcov does not")
    for g in extra:
        problem(f"{path}: readcov has {dict(zip(FIELDS, g))}, the oracle does not")
    if not missing and not extra and wk != gk:
        problem(f"{path}: same units in another order: readcov {gk}, oracle {wk} (by start, depth)")


def check_files(rc, paths, strict=False):
    """`readcov units` against the oracle on every .py file of `paths` (folders walked). A file
    CPython refuses is left out, counted and named (shipped data need not be Python), except with
    `strict` (the oracle's own valid cases and random modules), where it is a problem."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in names if n.endswith(".py")]
        else:
            files.append(p)
    files.sort()
    got, err, code = readcov_units(rc, files)
    if code != 0:
        problem(f"readcov units exited {code}: {err.strip()}")
    for f in files:
        with open(f, "rb") as fh:
            data = fh.read()
        try:
            want = units_of(data)
        except (SyntaxError, ValueError) as e:
            if strict:
                problem(f"{f}: CPython refuses it ({e}): not a valid-file case, move it to BROKEN")
            else:
                STATS["refused_left_out"] += 1
                print(f"left out (CPython refuses it: {e}): {f}")
            continue
        if f"warning: {f}: " in err:
            problem(f"{f}: readcov warns about a file CPython parses: {err.strip()}")
        compare(f, want, got.get(f, []))


def closed_prefix_units(data, err_line):
    """Units CPython finds in the lines before `err_line` that a later top-level statement closes
    (those readcov must list unchanged); and how many prefix units are left out (not closed)."""
    lines = data.split(b"\n")[: err_line - 1]
    while lines:
        try:
            units = units_of(b"\n".join(lines) + b"\n")
            break
        except (SyntaxError, ValueError):
            lines.pop()
    else:
        return [], 0
    text = [ln.decode("utf-8", "replace") for ln in lines]
    # the last line of the prefix that starts a top-level statement (not a decorator)
    last_top = max((i + 1 for i, t in enumerate(text) if t.strip()
                    and not t.startswith((" ", "\t", "#", "\x0c", "@"))), default=0)
    closed = [u for u in units if u["end"] < last_top]
    return closed, len(units) - len(closed)


def check_cases(rc, d):
    os.makedirs(d, exist_ok=True)
    valid = {**CASES, **big_variants()}
    broken = {**BROKEN, "broken_big.py": broken_big()}
    for name, data in {**valid, **broken, **CR_ONLY}.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    check_files(rc, [os.path.join(d, n) for n in valid], strict=True)
    paths = [os.path.join(d, n) for n in broken]
    got, err, code = readcov_units(rc, paths)
    if code != 0:
        problem(f"readcov units on the broken cases exited {code} (docs: units of the rest)")
    for name, data in broken.items():
        path = os.path.join(d, name)
        STATS["broken_files"] += 1
        try:
            units_of(data)
            problem(f"{name}: CPython parses this 'broken' case")
            continue
        except SyntaxError as e:
            err_line = e.lineno or 1
        closed, left = closed_prefix_units(data, err_line)
        STATS["broken_units_left_out"] += left
        for u in closed:
            STATS["broken_units_checked"] += 1
            if key(u) not in [key(g) for g in got[path]]:
                problem(f"{name}: the unit {u} before the syntax error (line {err_line}) is not listed "
                        f"unchanged: readcov {got[path]}")
        warned = [ln for ln in err.splitlines() if ln.startswith(f"warning: {path}: ")]
        for ln in warned:
            if not ln.endswith(" parse error(s); units from the rest of the file"):
                problem(f"{name}: warning not as documented: {ln}")
    # lone-\r files: left out of the comparison (lines differ), but must not fail the command
    for name in CR_ONLY:
        _, err, code = readcov_units(rc, [os.path.join(d, name)])
        if code != 0:
            problem(f"{name}: readcov units exited {code}: {err.strip()}")
        STATS["cr_only_left_out"] += 1


def qualified_docs(path, units, lines):
    """docs/retrievers.md unit documents: `path:Qualified.name`, a repeated one numbered #2, #3."""
    ids, seen = {}, {}
    for u in units:
        q = ".".join(sorted_chain(units, u) + [u["name"]])
        seen[q] = seen.get(q, 0) + 1
        ids[key(u)] = f"{path}:{q}" + (f"#{seen[q]}" if seen[q] > 1 else "")
    return {ids[key(innermost(units, ln))] for ln in lines if innermost(units, ln)}


def sorted_chain(units, u):
    """Names of the units enclosing u, outermost first."""
    outer = [v for v in units if v["depth"] < u["depth"] and v["start"] <= u["start"] <= v["end"]]
    return [v["name"] for v in sorted(outer, key=lambda v: v["depth"])]


def check_downstream(rc, swebench, reads, ws, gold, strict=False):
    """Edit gold of the SWE-bench rows (`readcov gold`, checked by the gold oracle) into `gold`;
    `strict`: the oracle wrote the patches, so gold must not warn (a patch that does not apply)."""
    p = subprocess.run([rc, "gold", "--from-swebench", swebench, "-o", gold], capture_output=True,
                       text=True)
    if p.returncode != 0 or (strict and "does not apply" in p.stderr):
        problem(f"readcov gold exited {p.returncode}: {p.stderr.strip()}")
        return
    rows = [json.loads(x) for x in open(gold)]
    lines = {}
    for r in rows:
        if r.get("tier", "core") == "core":
            lines.setdefault(r["task"], {}).setdefault(r["path"], set()).update(
                range(r["start"], r["end"] + 1))
    cache = {}

    def units(task, path):
        if (task, path) not in cache:
            with open(os.path.join(ws, task, path), "rb") as f:
                cache[(task, path)] = units_of(f.read())
        return cache[(task, path)]

    p = subprocess.run([rc, "score", "--gold", gold, "--reads", reads, "--workspaces", ws,
                        "--format", "json"], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        problem(f"readcov score exited {p.returncode}: {p.stderr.strip()}")
        return
    for row in json.loads(p.stdout)["rows"]:
        STATS["rows"] += 1
        task = row["task"]
        want, outside = {}, 0
        for path, ls in lines.get(task, {}).items():
            gold_units = set()
            for ln in ls:
                STATS["gold_lines"] += 1
                u = innermost(units(task, path), ln)
                if u is None:
                    outside += 1
                else:
                    gold_units.add(key(u))
            # docs/metrics.md: a unit_detail's gold_lines are the gold lines inside the unit,
            # nested units' included
            for k in gold_units:
                want[(path,) + k] = sum(1 for ln in ls if k[2] <= ln <= k[3])
        got = {(d["path"],) + key(d): d["gold_lines"] for d in row.get("unit_detail") or []}
        tag = f"score {task}/{row['run']}"
        for k in sorted(set(want) | set(got), key=str):
            if want.get(k) != got.get(k):
                problem(f"{tag}: gold unit {k}: oracle {want.get(k)} gold line(s), readcov {got.get(k)}")
        if row.get("gold_units") != len(want):
            problem(f"{tag}: gold_units {row.get('gold_units')}, oracle {len(want)}")
        if row.get("gold_lines_outside_units") != outside:
            problem(f"{tag}: gold_lines_outside_units {row.get('gold_lines_outside_units')}, oracle {outside}")
    check_qrels(rc, swebench, ws, lines, units)
    check_explain(rc, gold, reads, ws, units, sorted({(r["task"], r["run"]) for r in
                                                      json.loads(p.stdout)["rows"]}))


def holding(units, start, end):
    """The innermost unit holding lines start..end whole (explain.schema.json `unit`), or None."""
    best = None
    for u in units:
        if u["start"] <= start and end <= u["end"] and (best is None or u["depth"] > best["depth"]):
            best = u
    return best


def check_explain(rc, gold, reads, ws, units, runs):
    """`explain --format json`: each gold span's `unit` against the oracle's innermost unit."""
    for task, run in runs:
        p = subprocess.run([rc, "explain", "--gold", gold, "--reads", reads, "--workspaces", ws,
                            "--task", task, "--run", run, "--format", "json", "--no-stages"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            problem(f"explain {task}/{run} exited {p.returncode}: {p.stderr.strip()}")
            continue
        for f in json.loads(p.stdout)["files"]:
            for sp in f["spans"]:
                STATS["explain_spans"] += 1
                u = holding(units(task, f["path"]), sp["start"], sp["end"])
                want = None if u is None else {k: u[k] for k in ("kind", "name", "start", "end")}
                if sp["unit"] != want:
                    problem(f"explain {task}/{run} {f['path']} {sp['start']}-{sp['end']}: unit "
                            f"{sp['unit']}, oracle {want}")


def check_qrels(rc, swebench, ws, lines, units):
    """`gold --format qrels --level unit` of the same SWE-bench rows against the oracle."""
    p = subprocess.run([rc, "gold", "--from-swebench", swebench, "--workspaces", ws, "--format", "qrels",
                        "--level", "unit"], capture_output=True, text=True)
    got = {}
    for ln in p.stdout.splitlines():
        q, _, doc, rel = ln.split(" ")
        got.setdefault(q, set()).add(doc)
    for task, files in lines.items():
        want = set()
        for path, ls in files.items():
            want |= qualified_docs(path, units(task, path), ls)
        STATS["qrels_docs"] += len(want)
        if want != got.get(task, set()):
            problem(f"qrels {task}: oracle only {sorted(want - got.get(task, set()))}, "
                    f"readcov only {sorted(got.get(task, set()) - want)}")


def downstream_cases(rc, d):
    """`downstream` on the hand-made cases: one task whose workspace holds the valid cases and
    whose patch changes every third code line of each (nested units, repeated names such as the
    three `overload`s, lines in no unit), and one read of each file's first ten lines."""
    import difflib
    ws = os.path.join(d, "ws")
    os.makedirs(os.path.join(ws, "cases"), exist_ok=True)
    patch, reads = "", []
    for name, data in CASES.items():
        text = data.decode("utf-8", "replace") if name != "latin1.py" else None
        if text is None or "\r" in text or not text.strip():
            continue  # latin1.py: difflib would rewrite its bytes; CRLF: kept whole by difflib
        with open(os.path.join(ws, "cases", name), "wb") as f:
            f.write(data)
        old = text.splitlines(keepends=True)
        new = [ln.rstrip("\n") + "  # changed\n" if i % 3 == 0 and ln.strip() and "\\" not in ln
               and not ln.lstrip().startswith("#") and '"""' not in ln else ln
               for i, ln in enumerate(old)]
        patch += f"diff --git a/{name} b/{name}\n"
        for ln in difflib.unified_diff(old, new, f"a/{name}", f"b/{name}", n=1):
            patch += ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n"
        reads.append({"task": "cases", "run": "r", "path": name, "start": 1, "end": 10})
    sweb, rd = os.path.join(d, "cases.swebench.jsonl"), os.path.join(d, "cases.reads.jsonl")
    with open(sweb, "w") as f:
        f.write(json.dumps({"instance_id": "cases", "patch": patch}) + "\n")
    with open(rd, "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in reads))
    check_downstream(rc, sweb, rd, ws, os.path.join(d, "cases.gold.jsonl"), strict=True)


def check_random(rc, d, seed, count):
    """`count` seeded random modules (units_oracle_random.py), compared as the real files are."""
    os.makedirs(d, exist_ok=True)
    paths = []
    for i in range(count):
        path = os.path.join(d, f"random_{seed}_{i}.py")
        with open(path, "wb") as f:
            f.write(module(seed * 100003 + i))
        paths.append(path)
    check_files(rc, paths, strict=True)


def main(argv):
    rc, mode, *rest = argv
    if mode == "files":
        check_files(rc, rest)
    elif mode == "cases":
        check_cases(rc, rest[0])
    elif mode == "downstream":
        check_downstream(rc, *rest)
    elif mode == "java":
        from units_oracle_java import check_java
        check_java(rc, rest[0], STATS, problem, readcov_units, compare, key,
                   int(opt(rest, "--seed", 1)), int(opt(rest, "--count", 150)))
    elif mode == "random":
        check_random(rc, rest[0], int(opt(rest, "--seed", 1)), int(opt(rest, "--count", 300)))
    elif mode == "downstream-cases":
        downstream_cases(rc, rest[0])
    else:
        sys.exit(__doc__)
    for p in PROBLEMS:
        print("DISAGREE:", p)
    left = {k: v for k, v in STATS.items() if v}
    print(f"units oracle {mode}: {left}; {len(PROBLEMS)} disagreement(s)")
    return 1 if PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
