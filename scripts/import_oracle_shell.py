#!/usr/bin/env python3
"""Cross-checks the reads `readcov import` extracts from agent logs whose actions are shell
commands and editor views against a recomputation from docs/importers.md ("What counts as a
read", "What counts as displayed", "Edits and line mapping", "Paths", "Summary reasons", the
OpenHands, mini-swe-agent, SWE-agent, OpenHands eval and chat-dataset rows) and docs/formats.md
(the reads JSONL), never from readcov's Rust code.

Logs: OpenHands trajectories (`fncall_messages`) and eval output JSONL (`history`), mini-swe-agent
v2 and v1, classic SWE-agent `.traj` (also `--layout task/run`), chat-message dataset arrays
(tool-calls, function-text, swe-agent-text rows; the Parquet copy is not read: no Parquet reader).
readcov is run as the docs show (`readcov import FILE [--workspaces DIR] [--layout task/run]`);
its read rows are grouped by (task, run, step) and compared, as multisets of (path, start, end,
turn) with `source: agent` and no `kind`, with the rows the oracle computes for each action it
covers (a row per run of consecutive lines a call shows of a file). With a workspace, the
`kind: edit` rows of each OpenHands edit the oracle replays are compared too (the base lines it
removed or changed; one that touches none, the base line it follows).
Edits are replayed as docs/importers.md "Edits and line mapping" says, so later reads map back to
base lines: OpenHands `create`/`str_replace`/`insert`/`undo_edit` on the workspace text (lines
equal at a replaced region's ends keep their origin; `undo_edit`'s view is a read), SWE-agent
`edit a:b`/`create` on the length the windows state (the linter's refusals read their original
window, `create` of an existing file its window; an `edit a:b` of lines windows or `search_file` lines
showed since the file's last edit keeps the lines equal at its ends, session 35).
Also compared: the summary's *missing observation* and *directory view* counts of every log, and
every per-reason count of the hand-made logs (scripts/import_oracle_shell_cases.py).

Every action the oracle leaves out is counted and printed by reason, with the readcov rows that
fall in it (then not compared):
- a read of a file after the run wrote it in a way the oracle does not replay (an OpenHands
  edit without a workspace or of one file under two roots, `cat > F << EOF`, a redirect,
  `sed -i`, `rm`/`cp`/`mv`/`tee` onto it, a SWE-agent
  `edit` whose end is before its start or whose window is of another file, or before any window
  stated the file's length) or after a command that may change any file (`patch`, `git
  apply|checkout|stash|reset|restore`, a SWE-agent action of several lines holding an `edit`);
- SWE-agent actions of several lines (other than one `edit`); several `<function=…>` blocks in
  one chat message;
- numbered and unnumbered reads in one command, a numbered read beside other commands' output;
- shell the oracle does not model: compound commands (`for`, `if`, `$(…)`), options of
  cat/head/tail/sed/grep it does not parse, pipe stages other than head/tail/grep/sed -n/less/more
  and the position-hiding filters (pipes of those compose, docs "pipes": `head -100 f | tail -20`,
  `sed -n 'a,bp' f | head`, `tail -5 f | grep -n x`, numbered output through head/tail/sed -n/
  grep/sort), a stage after a sed regex range, `grep -n` of a stream of several runs or of
  numbered output, a sed regex range whose output the tool cut, unparsable quoting, a
  relative path or `cd` before any known working directory, `cd ~`/`cd -`, `grep -rhn x P` of one
  path not ending in `/` (a file or a folder: only the workspace tells);
- dataset rows whose run name is a row-bytes hash while another row has the same task.

usage: import_oracle_shell.py READCOV [--workspaces DIR] FILES...
       import_oracle_shell.py READCOV --layout task/run FOLDER
       import_oracle_shell.py READCOV --cases          (the hand-made logs of
                                                        scripts/import_oracle_shell_cases.py)
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_oracle_shell_chat as C  # noqa: E402
import import_oracle_shell_eval as E  # noqa: E402
import import_oracle_shell_logs as L  # noqa: E402

PROBLEMS = []
LEFT = collections.Counter()
FIG = collections.Counter()
LEFT_ROWS = collections.Counter()  # readcov rows of left-out actions, by reason
WHY = {}
EDITS = {}  # (id(per_step), step) → the edit rows of a replayed edit (with a workspace only)
# EDITS and WHY are keyed by id(per_step): every per_step stays alive here so that no later run's
# dict can reuse a freed one's id and inherit its entries (that mixed another task's edit rows into
# pylint-6903's now and then, session 35).
ALIVE = []


def problem(msg):
    PROBLEMS.append(msg)
    print("DISAGREE " + msg)


def readcov(rc, files, extra):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "r.jsonl")
        p = subprocess.run([rc, "import", *files, *extra, "-o", out], capture_output=True, text=True)
        if p.returncode == 2 and "no read or edit rows imported" in p.stderr:
            return [], p.stderr
        if p.returncode != 0:
            problem(f"{files}: readcov exit {p.returncode}: {p.stderr.strip()[-400:]}")
            return [], p.stderr
        return [json.loads(x) for x in open(out) if x.strip()], p.stderr


def summary_reasons(stderr):
    got, on = {}, False
    for line in stderr.splitlines():
        if "not turned into reads" in line:
            on = True
            continue
        if on:
            s = line.strip()
            parts = s.rsplit(None, 1)
            if len(parts) == 2 and parts[1].isdigit() and line.startswith("    "):
                got[parts[0]] = int(parts[1])
            else:
                on = False
    return got


def detect(d):
    if isinstance(d, dict) and "trajectory" in d and isinstance(d["trajectory"], list):
        return "swe"
    if isinstance(d, dict) and "mini" in str(d.get("trajectory_format", "")):
        return "mini"
    if isinstance(d, dict) and (d.get("fncall_messages") or d.get("messages")):
        return "openhands"
    return None


def task_of(path, d, layout):
    if layout:
        return os.path.basename(os.path.dirname(path)), os.path.basename(path).split(".")[0]
    base = os.path.basename(path).split(".")[0]
    return (d.get("instance_id") if isinstance(d, dict) and d.get("instance_id") else base), None


RUN_NAME = {"openhands": "openhands", "mini": "mini-swe-agent", "swe": "swe-agent"}


def oracle_runs(path, ws_root, layout=False):
    """[(task, run, per_step, facts, acts)] of one log (a dataset file: one per row)."""
    if path.endswith(".jsonl"):
        out = []
        for line in open(path):
            row = json.loads(line)
            acts, roots = L.openhands_eval(row)
            r = E.Run("openhands", roots, None)
            iid = row.get("instance_id")
            if ws_root is not None and os.path.isdir(os.path.join(ws_root, iid)):
                r.ws = E.Workspace(os.path.join(ws_root, iid))
            task = C.SUFFIX.sub(r"\1", iid)
            out.append((task, "openhands-eval") + walk(r, acts, "openhands"))
        return out
    d = json.load(open(path))
    if isinstance(d, list):
        out = []
        for row in d:
            msgs = row.get("messages") or row.get("trajectory") or []
            enc = C.encoding(msgs)
            task, run = C.naming(row)
            FIG[f"chat rows ({enc})"] += 1
            if enc == "tool-calls":
                acts, roots = C.tool_calls(msgs)
                r = E.Run("openhands", roots + ["/testbed"], None)
            elif enc == "function-text":
                acts, roots = C.function_text(msgs)
                r = E.Run("openhands", roots + ["/testbed"], None)
                r.fmt = "chat-text"
            elif enc == "swe-agent-text":
                acts, root = C.swe_agent_text(msgs)
                r = E.Run("swe", [root] if root else [], None, cwd=root)
            else:
                LEFT[f"chat row in an encoding the oracle does not model ({enc})"] += 1
                continue
            out.append((task, run) + walk(r, acts, "openhands" if enc != "swe-agent-text" else "swe"))
        return out
    fmt = detect(d)
    task, run = task_of(path, d, layout)
    run = run or RUN_NAME[fmt]
    ws = None
    if ws_root is not None and os.path.isdir(os.path.join(ws_root, task)):
        ws = E.Workspace(os.path.join(ws_root, task))
    if fmt == "openhands":
        acts, roots = L.openhands(d)
        r = E.Run(fmt, roots, ws)
    elif fmt == "mini":
        acts = L.mini(d)
        r = E.Run(fmt, [], ws)
    else:
        acts, root = L.swe_agent(d)
        r = E.Run(fmt, [root] if root else [], ws, cwd=root)
    return [(task, run) + walk(r, acts, fmt)]


def walk(r, acts, fmt):
    per_step, facts = {}, collections.Counter()
    ALIVE.append(per_step)
    ws = r.ws
    for a in acts:
        FIG["actions"] += 1
        if a["output"] is None and a["kind"] != "quiet":
            facts["missing observation"] += 1
        if a["kind"] == "editor" and (a["args"] or {}).get("command") == "view" and a["output"] is not None:
            o = a["output"]
            rel = None
            try:
                rel = r.resolve(a["args"].get("path", ""), None)
            except E.Left:
                pass
            ws_dir = ws is not None and rel not in (None, "") and ws.isdir(rel)
            ws_file = ws is not None and rel not in (None, "") and ws.lines(rel) is not None
            if not o.lstrip().startswith("ERROR") and (ws_dir or (
                    o.startswith("Here's the files and directories up to 2 levels deep in") and not ws_file)):
                facts["directory view"] += 1
        r.edit_rows = None
        try:
            if a["kind"] == "several":
                raise E.Left("several <function=…> blocks in one message")
            kind, rows = r.action(a)
            per_step[a["step"]] = [(p, s, e, a["turn"]) for p, s, e in rows]
            if r.edit_rows is not None and r.ws is not None:
                EDITS[id(per_step), a["step"]] = [(p, s, e, a["turn"]) for p, s, e in r.edit_rows]
            FIG["actions covered"] += 1
        except E.Left as e:
            per_step[a["step"]] = None
            LEFT[str(e)] += 1
            WHY[id(per_step), a["step"]] = str(e)
        if fmt == "openhands" and a["cwd_after"]:
            r.cwd = a["cwd_after"]
    return per_step, facts, acts


def main(argv):
    rc = argv[0]
    args = argv[1:]
    ws, layout = None, False
    if args and args[0] == "--cases":
        import import_oracle_shell_cases as C
        ex = C.run(rc, compare_cases=lambda files, ws_root: compare_named(rc, files, ws_root),
                   check_reasons=lambda f, ws_root, want: check_reasons(rc, f, ws_root, want),
                   rows_of=lambda f, ws_root: readcov(rc, [f], ["--workspaces", ws_root])[0], problem=problem)
        print(f"import shell oracle, exec check: {ex['commands run']} command(s) run for real "
              f"({ex['left out']} left out: other programs, here-documents, redirects), {ex['lines checked']} "
              f"credited line(s) found in the real output ({ex['lines not checkable']} not checkable: blank or "
              f"repeated text), {ex['file lines credited']} of {ex['file lines shown']} file line(s) shown credited; "
              f"{ex['exact commands']} command(s) credited exactly as printed, {ex['awk commands run with mawk too']} "
              f"awk command(s) printing alike with GNU awk and mawk")
    else:
        if args[:1] == ["--workspaces"]:
            ws, args = args[1], args[2:]
        if args[:2] == ["--layout", "task/run"]:
            layout, args = True, args[2:]
            folder = args[0]
            args = sorted(os.path.join(folder, t, r) for t in os.listdir(folder)
                          for r in os.listdir(os.path.join(folder, t)))
        compare_named(rc, args, ws, layout)
    print(f"import shell oracle: {FIG['actions']} action(s), {FIG['actions covered']} covered, "
          f"{FIG['rows compared']} read row(s) compared, {FIG['rows left out']} readcov row(s) of "
          f"left-out actions, {FIG['edit rows compared']} edit row(s) compared ({FIG['edit rows not recomputed']} "
          f"not recomputed), {len(PROBLEMS)} disagreement(s)")
    for k, v in LEFT.most_common():
        print(f"  left out {v:4d} action(s), {LEFT_ROWS[k]:4d} readcov row(s): {k}")
    return 1 if PROBLEMS else 0


def check_reasons(rc, f, ws_root, want):
    """The summary's per-reason counts of a hand-made log against the reasons the docs give."""
    _, stderr = readcov(rc, [f], ["--workspaces", ws_root] if ws_root else [])
    got = summary_reasons(stderr)
    w = collections.Counter(r for r in want if r)
    FIG["case summaries compared"] += 1
    if dict(w) != got:
        problem(f"{os.path.basename(f)}{' (ws)' if ws_root else ''}: summary reasons: readcov {got} docs {dict(w)}")


def compare_named(rc, files, ws_root, layout=False):
    extra = []
    if ws_root:
        extra += ["--workspaces", ws_root]
    if layout:
        extra += ["--layout", "task/run"]
    for f in files:
        rows, stderr = readcov(rc, [f], extra)
        _check(f, rows, stderr, ws_root, layout)
        FIG["files"] += 1


def _check(f, rows, stderr, ws_root, layout):
    runs = oracle_runs(f, ws_root, layout)
    by_run = collections.defaultdict(list)
    for x in rows:
        by_run[(x["task"], x["run"])].append(x)
    tasks = collections.Counter(t for t, *_ in runs)
    total = collections.Counter()
    for task, run, per_step, facts, acts in runs:
        total.update(facts)
        if run is None:  # a row-bytes hash names it: the row's task alone must name one run
            keys = [k for k in by_run if k[0] == task]
            if tasks[task] != 1 or len(keys) > 1:
                LEFT["dataset row whose run name is a hash, its task shared"] += len(acts)
                continue
            run = keys[0][1] if keys else None
        mine = by_run.pop((task, run), [])
        check_run(f, ws_root, mine, per_step, acts)
    for (task, run), xs in by_run.items():
        if not any(t == task for t, *_ in runs) or all(r is not None for t, r, *_ in runs if t == task):
            problem(f"{f}: {len(xs)} readcov row(s) of a run the oracle does not know: ({task}, {run})")
    reasons = summary_reasons(stderr)
    for k in ("missing observation", "directory view"):
        FIG["summary counts compared"] += 1
        if reasons.get(k, 0) != total.get(k, 0):
            problem(f"{f}: summary `{k}`: readcov {reasons.get(k, 0)} oracle {total.get(k, 0)}")


def check_run(f, ws_root, rows, per_step, acts):
    cmd_of = {a["step"]: (json.dumps(a["args"]) if a["kind"] != "swe" else a["args"]["action"])[:120]
              for a in acts}
    got = collections.defaultdict(collections.Counter)
    edits = collections.defaultdict(collections.Counter)
    for x in rows:
        if x.get("kind", "read") == "edit":
            edits[x["step"]][(x["path"], x["start"], x["end"], x["turn"])] += 1
            continue
        if x.get("source") != "agent" or ("kind" in x and x["kind"] != "read"):
            problem(f"{f}: row with source/kind {x.get('source')}/{x.get('kind')}")
        got[x["step"]][(x["path"], x["start"], x["end"], x["turn"])] += 1
    for step in sorted(set(edits) | set(per_step)):
        want = EDITS.get((id(per_step), step))
        if want is None:
            FIG["edit rows not recomputed"] += sum(edits[step].values())
            continue
        FIG["edit rows compared"] += len(want)
        if collections.Counter(want) != edits[step]:
            problem(f"{f}{' (ws)' if ws_root else ''}: step {step} {cmd_of.get(step)!r}: edit rows: "
                    f"readcov {sorted(edits[step].elements())} oracle {sorted(want)}")
    for step in sorted(set(got) | set(per_step)):
        want = per_step.get(step)
        if want is None:
            if step in per_step:
                FIG["rows left out"] += sum(got[step].values())
                LEFT_ROWS[WHY.get((id(per_step), step), "?")] += sum(got[step].values())
            else:
                problem(f"{f}: step {step}: readcov rows for a step the log does not have")
            continue
        w = collections.Counter(want)
        FIG["rows compared"] += sum(w.values())
        if w != got[step]:
            problem(f"{f}{' (ws)' if ws_root else ''}: step {step} {cmd_of.get(step)!r}: "
                    f"readcov {sorted(got[step].elements())} oracle {sorted(w.elements())}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
