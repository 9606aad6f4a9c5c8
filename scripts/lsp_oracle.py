#!/usr/bin/env python3
"""Cross-checks what the language server reports (docs/lsp.md "What the editor gets", "The whole
task", "Custom protocol") against `readcov gold` and `readcov score` on the same gold and reads, on
tests/data/real: for every task, the real binary `readcov lsp` is driven over stdio pipes
(scripts/lsp_oracle_client.py) in a copy of the task's sources, with the SWE-bench rows as gold and
the reads `readcov import` wrote (or the trajectory itself), under the gold as given (edit lines)
and `goldDefinition = "units"`. Compared, per gold file: gold lines and covered lines recomputed
here from `readcov gold` rows and the reads rows (`readcov/lineStates` figures and its painted
ranges line by line, every span diagnostic's figures and severity, the file-level never-opened
warning, the line-1 inlay hint); per task: `readcov/summary` and `readcov/tasks` against
`readcov score --format json`. Where the server imports the trajectory itself (every third task,
and each whose run changed a test file), the run's change is known: the overview's `change-new` and
`change-test` rows against `readcov diagnose`'s `new_files` and `test_files`, and each gold file
with two lines typed on top (then undone): its painted ranges, span diagnostics, change layer (lines
and text) and overview unread rows (lines, gold span and nearest reads named) are the ones before,
two lines down (docs/lsp.md: views show current lines), and the hover of a read line names its
disk line as such. On tests/data/real/offset-patches (hunks
`git apply` places a few lines away), each gold file's painted gold lines against `readcov gold
--from-swebench --workspaces`. Every disagreement is printed; exit 1 if
any. Nothing is skipped but gold files missing from a task's sources (none in tests/data/real).

usage: lsp_oracle.py READCOV [--tasks N]
"""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from lsp_oracle_client import Client, uri_of
from oracle_shares import share

REAL = "tests/data/real"
PROBLEMS, CHECKED = [], collections.Counter()
SOURCES = {"agent", "human", "retriever"}  # docs/lsp.md `sources` default


def problem(msg):
    PROBLEMS.append(msg)


def same(label, got, want):
    CHECKED["figures"] += 1
    if isinstance(want, float) and isinstance(got, (int, float)):
        ok = abs(got - want) < 1e-9
    else:
        ok = got == want
    if not ok:
        problem(f"{label}: the server says {got!r}, readcov's CLI / the oracle {want!r}")


def cli(rc, *args):
    p = subprocess.run([rc, *args], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"readcov {' '.join(args)}: exit {p.returncode}: {p.stderr[-500:]}")
    return p.stdout


def lines_of(rows):
    out = collections.defaultdict(set)
    for r in rows:
        out[r["path"]].update(range(r["start"], r["end"] + 1))
    return out


def runs_of(lines):
    out = []
    for n in sorted(lines):
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return out


def dash(s, e):
    return f"{s}\u2013{e}"


def check_file(c, label, root, path, gold, read, thr, run, info=True):
    """One gold file opened: lineStates, its span diagnostics and the line-1 hint."""
    full = os.path.join(root, path)
    if not os.path.isfile(full):
        CHECKED["gold files missing from the sources (not checked)"] += 1
        return
    text = open(full, encoding="utf-8", errors="replace").read()
    n = len(text.split("\n")) - (1 if text.endswith("\n") else 0)
    gold = {x for x in gold if x <= n}
    read = {x for x in read if x <= n}
    cov = gold & read
    c.open(full, text)
    uri = uri_of(full)
    st = c.request("readcov/lineStates", {"textDocument": {"uri": uri}})
    L = f"{label} {path}"
    same(f"{L}: lineStates goldLines", st["goldLines"], len(gold))
    same(f"{L}: lineStates coveredLines", st["coveredLines"], len(cov))
    same(f"{L}: lineStates coverage", st["coverage"], len(cov) / len(gold) if gold else None)
    same(f"{L}: lineStates fileHit", st["fileHit"], bool(read) if gold else st["fileHit"])
    painted = {"gold-read": set(), "gold-unread": set(), "read": set()}
    for r in st["ranges"]:
        painted[r["state"]].update(range(r["startLine"] + 1, r["endLine"] + 2))
    same(f"{L}: gold-read lines", sorted(painted["gold-read"]), sorted(cov))
    same(f"{L}: gold-unread lines", sorted(painted["gold-unread"]), sorted(gold - read))
    same(f"{L}: read (not gold) lines", sorted(painted["read"]), sorted(read - gold))
    # span diagnostics: one per run of touching gold lines (docs/lsp.md "Gold spans merged")
    d = c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    want = []
    for s, e in runs_of(gold):
        k = len(set(range(s, e + 1)) & read)
        m = e - s + 1
        below = k / m < thr
        # docs/metrics.md "How shares are printed": on its side of the threshold (floored before
        # session 35).
        msg = f"gold lines {dash(s, e)}: {k}/{m} read ({share(k / m, thr)}) \u2014 " + \
              ("below" if below else "at or above") + f" {round(thr * 100)}%"
        if below or info:  # `infoAtThreshold: false`: no Information diagnostic
            want.append((s - 1, 2 if below else 3, msg))
    spans = [(x["range"]["start"]["line"], x["severity"], x["message"]) for x in d["items"]
             if x["message"].startswith("gold line")]
    same(f"{L}: span diagnostics", sorted(spans), sorted(want))
    never = [x["message"] for x in d["items"] if "never opened" in x["message"]]
    want_never = [f"gold file never opened by run {run} (0/{len(gold)} gold lines)"] if gold and not read else []
    same(f"{L}: never-opened warning", never, want_never)
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                                 "range": {"start": {"line": 0, "character": 0},
                                                           "end": {"line": n, "character": 0}}}) or []
    first = [h["label"] for h in hints if h["position"]["line"] == 0 and str(h["label"]).startswith("gold ")]
    if gold:
        cmp_ = "<" if len(cov) / len(gold) < thr else "\u2265"
        want_hint = f"gold {len(gold)} \u00b7 read {share(len(cov) / len(gold), thr)} {cmp_} {round(thr * 100)}% \u00b7 " + \
                    ("file hit" if read else "file not hit")
        same(f"{L}: line-1 hint", first, [want_hint])
    CHECKED["files"] += 1


SHIFT = 2  # lines typed on top of an opened gold file (docs/lsp.md: views show current lines)


def shifted(text, by=SHIFT):
    """Every number of a row's text that names a line, moved by `by`: not a figure (`0/2`,
    `50%`), a turn (`turn 13`), nor a digit of a name (`urllib3`)."""
    return re.sub(r"(?<![\w/.])(?<!turn )(\d+)(?![\w/%.])", lambda m: str(int(m.group(1)) + by), text)


def file_rows(c, path):
    """The overview's unread rows of `path`: (label, description, startLine, endLine)."""
    o = c.request("readcov/overview", {})
    rows = [r for g in o["groups"] if g["id"] == "gold" for r in g["rows"] if r["path"] == path]
    return [(ch["label"], ch["description"], ch["startLine"], ch["endLine"])
            for r in rows for ch in r["children"]]


def check_moved(c, label, root, path):
    """docs/lsp.md: an edit above the gold moves every view with the text. SHIFT lines typed on
    top of the opened file: the painted ranges, the span diagnostics, the change layer and its text
    and the overview's unread rows (their lines, the gold span and the nearest reads they name) are
    the ones before the edit, SHIFT lines down. Undone after."""
    full = os.path.join(root, path)
    uri = uri_of(full)
    L = f"{label} {path} after {SHIFT} lines typed on top"
    ask = lambda: (c.request("readcov/lineStates", {"textDocument": {"uri": uri}}),
                   c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["items"],
                   file_rows(c, path))
    st0, d0, rows0 = ask()
    top = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"range": top, "text": "#\n" * SHIFT}]})
    st1, d1, rows1 = ask()
    move = lambda rs: [dict(r, startLine=r["startLine"] + SHIFT, endLine=r["endLine"] + SHIFT) for r in rs]
    same(f"{L}: painted ranges", st1["ranges"], move(st0["ranges"]))
    spans = lambda d: sorted((x["range"]["start"]["line"], x["message"]) for x in d if x["message"].startswith("gold line"))
    same(f"{L}: span diagnostics", spans(d1), sorted((l + SHIFT, shifted(m)) for l, m in spans(d0)))
    if st0.get("change"):
        same(f"{L}: change layer gold", st1["change"]["gold"], move(st0["change"]["gold"]))
        same(f"{L}: change layer run", st1["change"]["run"], move(st0["change"]["run"]))
        same(f"{L}: change layer text", st1["change"]["text"], shifted(st0["change"]["text"]))
    same(f"{L}: overview unread rows", rows1,
         [(shifted(a), shifted(b), s + SHIFT, e + SHIFT) for a, b, s, e in rows0])
    # docs/lsp.md: hover names the disk line, and says so (a read line SHIFT lines down now)
    read = [r for r in st0["ranges"] if r["state"] in ("read", "gold-read")]
    if read:
        at = read[0]["startLine"]
        h = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                             "position": {"line": at + SHIFT, "character": 0}})
        text = (h or {}).get("contents", {}).get("value", "")
        same(f"{L}: hover of a read line", re.sub(r"^readcov: \d+ read\(s\) ", "", text.split("\n")[0]),
             f"covered line {at + 1} on disk")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": SHIFT, "character": 0}}, "text": ""}]})
    same(f"{label} {path} after the undo: painted ranges",
         c.request("readcov/lineStates", {"textDocument": {"uri": uri}})["ranges"], st0["ranges"])
    CHECKED["edits typed"] += 1


def check_changed_files(c, label, diag):
    """The overview's change group names every file the run created (`change-new`) and every test
    file it changed or created (`change-test`): `readcov diagnose`'s `new_files` and `test_files`."""
    o = c.request("readcov/overview", {})
    rows = [r for g in o["groups"] if g["id"] == "change" for r in g["rows"]]
    edit = (diag or {}).get("stages", {}).get("edit") or {}
    for kind, key in (("change-new", "new_files"), ("change-test", "test_files")):
        same(f"{label}: overview {kind} rows", sorted(r["path"] for r in rows if r["kind"] == kind),
             sorted(edit.get(key) or []))


def check_task(rc, task, gold_rows, reads_rows, score_rows, definition, reads_kind, tmp, extra=None,
               diag=None):
    label = f"{task} [{definition or 'as given'}, reads {reads_kind}{', ' + json.dumps(extra) if extra else ''}]"
    root = os.path.join(tmp, f"ws-{len(os.listdir(tmp))}")
    shutil.copytree(os.path.join(REAL, "sources", task), root)
    shutil.copy(os.path.join(REAL, "gold.jsonl"), os.path.join(root, "swebench.jsonl"))
    mine = [r for r in reads_rows if r["task"] == task]
    if reads_kind == "jsonl":
        with open(os.path.join(root, "reads.jsonl"), "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in mine)
        reads = "reads.jsonl"
    else:
        src = [os.path.join(REAL, d, f) for d in ("openhands", "mini-swe-agent") for f in
               os.listdir(os.path.join(REAL, d)) if f.split(".")[0] == task][0]
        reads = os.path.basename(src)
        shutil.copy(src, os.path.join(root, reads))
    opts = {"gold": ["swebench.jsonl"], "reads": [reads], "task": task}
    if definition:
        opts["goldDefinition"] = definition
    opts.update(extra or {})
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    c = Client(rc, env)
    try:
        c.initialize(root, opts)
        summary = c.wait_loaded()
        thr = summary["threshold"]
        runs = sorted({r["run"] for r in mine})
        gl = lines_of([g for g in gold_rows if g["task"] == task and g.get("tier", "core") == "core"])
        rl = lines_of([r for r in mine if r.get("kind", "read") == "read" and r.get("source", "agent") in SOURCES])
        for path in sorted(gl):
            check_file(c, label, root, path, gl[path], rl.get(path, set()), thr, ", ".join(runs),
                       opts.get("infoAtThreshold", True))
        if reads_kind == "trajectory":  # the run's change is known: the layer, edits typed
            check_changed_files(c, label, diag)
            for path in sorted(gl):
                if os.path.isfile(os.path.join(root, path)):
                    check_moved(c, label, root, path)
        same(f"{label}: threshold", thr, opts.get("threshold", 0.5))
        # the task's figures: readcov/summary and readcov/tasks against `readcov score` (the
        # coverage figures do not depend on the threshold)
        want = {r["run"]: r for r in score_rows if r["task"] == task}
        got = {r["run"]: r for r in summary["rows"] if r["task"] == task and r["layer"] == "agent"}
        same(f"{label}: summary runs", sorted(got), sorted(want))
        tasks = c.request("readcov/tasks", {})
        by_run = {r["run"]: r for t in tasks["tasks"] if t["task"] == task for r in t["runs"]}
        for run, w in want.items():
            g = got.get(run, {})
            same(f"{label} {run}: summary goldLines", g.get("goldLines"), w["gold_lines"])
            same(f"{label} {run}: summary coveredLines", g.get("coveredLines"), w["covered_lines"])
            same(f"{label} {run}: summary lineCoverage", g.get("lineCoverage"), w["line_coverage"])
            same(f"{label} {run}: summary fileHit", g.get("fileHit"), w["file_hit"])
            t = by_run.get(run, {})
            same(f"{label} {run}: tasks covered_lines", t.get("covered_lines"), w["covered_lines"])
            same(f"{label} {run}: tasks line_coverage", t.get("line_coverage"), w["line_coverage"])
            same(f"{label} {run}: tasks file_hit", t.get("file_hit"), w["file_hit"])
            tg = [x for x in tasks["tasks"] if x["task"] == task]
            same(f"{label}: tasks gold_lines", tg[0]["gold_lines"] if tg else None, w["gold_lines"])
            same(f"{label}: tasks gold_files", tg[0]["gold_files"] if tg else None, len(gl))
            # the oracle's own sum over the files equals readcov score's
            same(f"{label} {run}: gold lines, summed per file", sum(len(v) for v in gl.values()), w["gold_lines"])
            same(f"{label} {run}: covered lines, summed per file",
                 sum(len(v & rl.get(p, set())) for p, v in gl.items()), w["covered_lines"])
        CHECKED["tasks"] += 1
    except Exception as e:
        problem(f"{label}: {e!r}")
    finally:
        c.close()


def check_multi(rc, tmp):
    """tests/data/real-multi: consensus gold (its sources are not shipped) and every run's reads,
    all tasks at once, runs merged (`runs: null`): each agent row of `readcov/summary` against
    `readcov score` (no workspace) — several runs per task, labels left aside."""
    multi = "tests/data/real-multi"
    root = os.path.join(tmp, "multi")
    os.makedirs(root)
    cli(rc, "import", "--layout", "task/run", f"{multi}/swe-agent-java", "-o", os.path.join(root, "reads.jsonl"))
    for agree in ("all", "2"):
        gold = os.path.join(root, f"cons-{agree}.jsonl")
        cli(rc, "gold", "--from-runs", os.path.join(root, "reads.jsonl"), "--outcomes", f"{multi}/outcomes.jsonl",
            "--agree", agree, "-o", gold)
        score = json.loads(cli(rc, "score", "--gold", gold, "--reads", os.path.join(root, "reads.jsonl"),
                               "--format", "json"))["rows"]
        label = f"real-multi consensus --agree {agree}"
        c = Client(rc, dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache")))
        try:
            c.initialize(root, {"gold": [os.path.basename(gold)], "reads": ["reads.jsonl"]})
            rows = c.wait_loaded()["rows"]
            got = {(r["task"], r["run"]): r for r in rows if r["layer"] == "agent"}
            want = {(r["task"], r["run"]): r for r in score if r.get("gold_lines")}
            same(f"{label}: summary rows", sorted(got), sorted(want))
            for k, w in want.items():
                g = got.get(k, {})
                for a, b in (("goldLines", "gold_lines"), ("coveredLines", "covered_lines"),
                             ("lineCoverage", "line_coverage"), ("fileHit", "file_hit")):
                    same(f"{label} {k}: summary {a}", g.get(a), w[b])
            CHECKED["multi rows"] += len(want)
        except Exception as e:
            problem(f"{label}: {e!r}")
        finally:
            c.close()


def check_offsets(rc, tmp):
    """tests/data/real/offset-patches: SWE-bench rows whose hunks `git apply` places a few lines
    from their stated lines. docs/gold.md: with a workspace, gold moves with the offset; docs/lsp.md:
    the server's gold as given is placed the same. Each gold file's painted gold lines against
    `readcov gold --from-swebench --workspaces` (no run read them)."""
    off = f"{REAL}/offset-patches"
    rows = [json.loads(x) for x in cli(rc, "gold", "--from-swebench", f"{off}/gold.jsonl", "--workspaces",
                                       f"{off}/sources").splitlines()]
    for task in sorted(os.listdir(f"{off}/sources")):
        root = os.path.join(tmp, f"offset-{task}")
        shutil.copytree(os.path.join(off, "sources", task), root)
        shutil.copy(f"{off}/gold.jsonl", os.path.join(root, "swebench.jsonl"))
        c = Client(rc, dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache-" + task)))
        try:
            c.initialize(root, {"gold": ["swebench.jsonl"], "task": task})
            c.wait_loaded()
            gl = lines_of([r for r in rows if r["task"] == task])
            for path in sorted(gl):
                full = os.path.join(root, path)
                c.open(full, open(full, encoding="utf-8", errors="replace").read())
                st = c.request("readcov/lineStates", {"textDocument": {"uri": uri_of(full)}})
                painted = sorted({n for r in st["ranges"] if r["state"].startswith("gold")
                                  for n in range(r["startLine"] + 1, r["endLine"] + 2)})
                same(f"offset-patches {task} {path}: gold lines painted", painted, sorted(gl[path]))
                CHECKED["offset files"] += 1
        except Exception as e:
            problem(f"offset-patches {task}: {e!r}")
        finally:
            c.close()


def main():
    rc = os.path.abspath(sys.argv[1])
    limit = int(sys.argv[sys.argv.index("--tasks") + 1]) if "--tasks" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        reads_f = os.path.join(tmp, "reads.jsonl")
        trajs = sorted(os.path.join(REAL, d, f) for d in ("openhands", "mini-swe-agent")
                       for f in os.listdir(os.path.join(REAL, d)))
        patches_f = os.path.join(tmp, "patches.jsonl")
        cli(rc, "import", "--workspaces", f"{REAL}/sources", *trajs, "-o", reads_f, "--emit-patches", patches_f)
        reads = [json.loads(x) for x in open(reads_f)]
        golds = {}
        for definition, extra in ((None, []), ("units", ["--workspaces", f"{REAL}/sources", "--expand", "units"])):
            g = os.path.join(tmp, f"gold-{definition}.jsonl")
            cli(rc, "gold", "--from-swebench", f"{REAL}/gold.jsonl", *extra, "-o", g)
            score = json.loads(cli(rc, "score", "--gold", g, "--reads", reads_f, "--workspaces",
                                   f"{REAL}/sources", "--format", "json"))
            golds[definition] = ([json.loads(x) for x in open(g)], score["rows"])
        diags = {r["task"]: r for r in json.loads(cli(
            rc, "diagnose", "--gold", f"{REAL}/gold.jsonl", "--reads", reads_f, "--workspaces", f"{REAL}/sources",
            "--patches", patches_f, "--format", "json"))["runs"]}
        tasks = sorted({r["task"] for r in reads})[:limit]
        for i, task in enumerate(tasks):
            for definition, (rows, score) in golds.items():
                # the trajectory imported by the server itself: every third task, and each whose run
                # changed a test file (the overview's `change-test` rows), as given
                tests = ((diags.get(task) or {}).get("stages", {}).get("edit") or {}).get("test_files")
                traj = definition is None and (i % 3 == 0 or bool(tests))
                kinds = ("jsonl", "trajectory") if traj else ("jsonl",)
                for kind in kinds:
                    check_task(rc, task, rows, reads, score, definition, kind, tmp, diag=diags.get(task))
            if i % 5 == 1:  # another threshold, and no Information diagnostics
                check_task(rc, task, golds[None][0], reads, golds[None][1], None, "jsonl", tmp,
                           {"threshold": 0.3, "infoAtThreshold": False})
        check_multi(rc, tmp)
        check_offsets(rc, tmp)
    for p in PROBLEMS:
        print(p, file=sys.stderr)
    print(f"lsp oracle: checked {dict(CHECKED)}; {len(PROBLEMS)} disagreement(s)")
    sys.exit(1 if PROBLEMS else 0)


if __name__ == "__main__":
    main()
