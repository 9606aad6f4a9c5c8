#!/usr/bin/env python3
"""Cross-checks `readcov import` on agent logs whose actions are structured tool calls against a
recomputation from docs/importers.md (the format table; "Claude Code", "OpenHands V1 (software-agent-sdk)",
"Codex CLI rollout", "ATIF", "Gemini CLI", "Inspect AI", "Aider", "AutoCodeRover", "OpenTelemetry GenAI spans",
"What counts as a read", "What counts as displayed", "Edits and line mapping", "Paths", "Summary
reasons") and docs/formats.md (reads JSONL), never from readcov's Rust code.

Per (task, run), the rows are compared as multisets of (path, start, end, kind, source, tool, turn,
step); per file, the summary's "action(s) not turned into reads" counts by reason, and the rest of the
summary field by field (`summary`: runs, actions, the rows and lines written, the read events (read rows,
as the docs define them), the edit events replayed,
the edits not replayed for want of a base file, the others listed with task, run, path, turn and why).
Each disagreement is printed and the exit status is 1.

Hand-made logs with `--workspace` (import_oracle_tools_cases3.py) add edit rows: edits replayed on the
base files (import_oracle_tools_replay.py), reads mapped back to base lines. Adjacent rows of one call and
file are joined on both sides before comparing (docs: a call's lines of
one file may come as several rows). Hand-made logs carry their answer written by hand, and the readers
must give it too (a self-check).

Shell commands (Claude Code `Bash`, Codex `exec_command`/`shell`, openclaw `exec`, Gemini
`run_shell_command`, Inspect `bash`, OpenHands V1 `TerminalAction`): the simple forms of
import_oracle_tools_lib.shell_read (`cat F`, `head -n N F`, `sed -n 'a,bp' F`, `grep -n PAT F`, `nl -ba F
| sed -n 'a,bp'`, one command with no read semantics, `grep PAT F`) here; every other (pipes, lists,
redirects, substitutions, `rg`, `python3`, `VAR=x cmd`, …) by the shell oracle's bash model
(import_oracle_tools_shell.py, which says how it meets the structured tools' edits). The reason of a
shell action the model reads a file in but credits nothing is recomputed for the first read's failure
when it is a path outside the repository or a numbered grep over several files showing no line
(import_oracle_tools_shell.first_read_reason; none of the samples' is left, since session 29), else not:
it widens the reason check by one, like a left-out action (printed as "shell actions whose reason is not
recomputed").

Left out, counted and printed by reason (never skipped silently; none of the samples' or hand-made logs'
actions is, since session 29):
- shell the bash model does not parse (its own reasons, `shell model: …`: compound commands, options it
  does not know, numbered and unnumbered reads in an output the tool cut, …) and a read after a shell write
  it does not follow (a here-document's file, any file after `patch`/`git apply`). Recomputed here from
  the docs before the model: `rg --files`, `grep -o`/`rg -o` and `cat` reading a here-document
  (import_oracle_tools_shell.lister_or_stdin), numbered and unnumbered reads in one command
  (import_oracle_tools_shell.mixed); ripgrep's file filters `-g`/`--glob`/`--hidden` are given to the model
  as grep's `--include`, and an unnumbered read piped into a program it does not know, `jq`, is a filter
  that hides positions;
- of OpenHands' editor (V1 `FileEditorAction`, Inspect `text_editor`, the ATIF `editor` kind, read by
  import_oracle_tools_editor.py with the shell oracle's view model): a clipped view of a file the
  structured replay changed, an `undo_edit` the replay cannot follow (no replayed edit to undo).
Rows of a left-out action are not compared, and the summary check allows each reason's count to be
higher by at most the number of left-out actions of the file (exact when none is left out).

usage: import_oracle_tools.py READCOV samples   (tests/data/formats: the structured-call samples, and
                                                 handmade/*, with and without --workspace)
       import_oracle_tools.py READCOV cases     (hand-made logs, import_oracle_tools_cases.py)
"""
import collections
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_oracle_tools_aider as aider  # noqa: E402
import import_oracle_tools_atif as atif  # noqa: E402
import import_oracle_tools_fmt as fmt  # noqa: E402
import import_oracle_tools_fmt2 as fmt2  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PROBLEMS = []
FIG = collections.Counter()
LEFT = collections.Counter()
REASON = re.compile(r"^    (\S.*?)\s+(\d+)$")  # a long reason leaves one blank before its count


def readcov(rc, files, extra=()):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "r.jsonl")
        p = subprocess.run([rc, "import", *extra, *files, "-o", out], capture_output=True, text=True)
        rows = [json.loads(l) for l in open(out)] if os.path.exists(out) else []
    reasons, on = {}, False
    for line in p.stderr.splitlines():
        if line.startswith("  action(s) not turned into reads"):
            on = True
            continue
        m = REASON.match(line)
        if on and m:
            reasons[m.group(1)] = int(m.group(2))
        elif not line.startswith("    "):
            on = False
    return rows, reasons, p


def key(r):
    return (r["path"], r["start"], r["end"], r.get("kind", "read"), r.get("source", "agent"), r.get("tool"),
            r.get("turn"), r.get("step"))


def merged(rows):
    """Adjacent rows of one call and file joined: docs/formats.md makes a row a read event, and a call's
    lines of one file may come as several adjacent rows (grep match and context lines), which
    readcov score counts alike; the oracle compares the joined runs."""
    lines = collections.defaultdict(list)
    for task, run, (path, s, e, kind, source, tool, turn, step) in rows:
        lines[(task, run, path, kind, source, tool, turn, step)].append((s, e))
    out = collections.defaultdict(list)
    for (task, run, path, kind, source, tool, turn, step), spans in lines.items():
        spans.sort()
        joined = []
        for s, e in spans:
            if joined and s <= joined[-1][1] + 1 and kind == "read":
                joined[-1][1] = max(joined[-1][1], e)
            else:
                joined.append([s, e])
        out[(task, run)] += [(path, s, e, kind, source, tool, turn, step) for s, e in joined]
    return out


def fingerprint(ws, path):
    """docs/formats.md "Base fingerprint": sha256 of the file's bytes, its line count."""
    data = open(os.path.join(ws, path), "rb").read()
    return {"sha256": hashlib.sha256(data).hexdigest(), "lines": len(data.decode().splitlines())}


def check(label, rc, files, runs, extra=(), exact=True):
    """readcov's rows and reasons for FILES against the oracle's RUNS."""
    rows, reasons, p = readcov(rc, files, extra)
    ws = extra[1] if extra[:1] == ("--workspace",) else None
    for r in rows:
        FIG["base fingerprints compared"] += 1
        want = fingerprint(ws, r["path"]) if ws else None
        if r.get("base") != want:
            PROBLEMS.append(f"{label}: {r['path']} {r['start']}-{r['end']}: base {r.get('base')}, the oracle {want}")
    got = collections.defaultdict(collections.Counter)
    for k, rs in merged([(str(r["task"]), str(r["run"]), key(r)) for r in rows]).items():
        got[k].update(rs)
    want = {(str(o.task), str(o.run)): o for o in runs}
    for k in sorted(set(got) - set(want)):
        PROBLEMS.append(f"{label}: readcov has run {k} ({sum(got[k].values())} rows), the oracle has none")
    left_total, mine = 0, collections.Counter()
    for k, o in want.items():
        exp = collections.Counter(r for r in merged([(k[0], k[1], r) for r in o.rows]).get(k, [])
                                  if r[7] not in o.left_steps)
        have = collections.Counter({r: n for r, n in got.get(k, {}).items() if r[7] not in o.left_steps})
        FIG["rows compared"] += sum(exp.values())
        FIG["rows of left-out actions"] += sum(n for r, n in got.get(k, {}).items() if r[7] in o.left_steps)
        FIG["actions"] += o.actions
        for r in sorted(exp - have, key=str):
            PROBLEMS.append(f"{label} {k}: oracle row missing from readcov: {r}")
        for r in sorted(have - exp, key=str):
            PROBLEMS.append(f"{label} {k}: readcov row the oracle does not expect: {r}")
        left_total += sum(o.left_out.values()) + getattr(o, "unreasoned", 0)
        FIG["shell actions whose reason is not recomputed"] += getattr(o, "unreasoned", 0)
        mine.update(o.reasons)
        LEFT.update(o.left_out)
    for r in sorted(set(mine) | set(reasons)):
        a, b = mine.get(r, 0), reasons.get(r, 0)
        FIG["reason counts compared"] += 1
        if not left_total and a != b:
            PROBLEMS.append(f"{label}: reason `{r}`: readcov {b}, oracle {a}")
        elif not (a <= b <= a + left_total):
            PROBLEMS.append(f"{label}: reason `{r}`: readcov {b}, oracle {a} (+ at most {left_total} left out)")
    if sum(reasons.values()) - sum(mine.values()) > left_total:
        PROBLEMS.append(f"{label}: readcov counts {sum(reasons.values())} actions not turned into reads, the "
                        f"oracle {sum(mine.values())} + {left_total} left out")
    summary(label, p.stderr, rows, runs)
    FIG["logs"] += 1
    return rows, p


TOTALS = re.compile(r"^imported (\d+) run\(s\) from \d+ file\(s\)(?:, \d+ refused)?, (\d+) action\(s\): (\d+) read "
                    r"row\(s\) over (\d+) line\(s\) \+ (\d+) edit row\(s\) = (\d+) row\(s\) written$")
EVENTS = re.compile(r"^  events: (\d+) read event\(s\), (\d+) edit event\(s\) replayed")
NO_BASE = re.compile(r"^  edit\(s\) not replayed for want of a base file \(no --workspace\): (\d+)$")
LISTED = re.compile(r"^  edit\(s\) not replayed \((\d+)\): ")
LOST = re.compile(r"^    (.+?) / (.+?): (.+) turn (\d+) `(.*?)` \((.*)\)$")
MORE = re.compile(r"^    … (\d+) more$")
WHY = (("it does not apply to the file as replayed", "did not apply"),
       ("after a write the replay cannot follow: ", "after"))


def summary(label, stderr, rows, runs):
    """docs/importers.md (the summary at the end; "Edits and line mapping", `edit(s) not replayed`): the
    totals line (runs, actions; the read and edit rows, the read rows' lines and their sum: the rows
    written), the read events (a read event is a read row written: the docs' definition, so the count is
    the read rows of the output, whose rows are compared with the oracle's above; no line when it and the
    edit events are 0), the edit events replayed, and every edit not replayed, field by field: the count for want
    of a base file, the count of the others and each one listed (task, run, path, turn, why; the first
    five, then `… N more`). Not recomputed: a listed edit's `command` (the docs give its shape only:
    first line, at most 160 characters)."""
    def differ(what, got, want):
        FIG["summary fields compared"] += 1
        if got != want:
            PROBLEMS.append(f"{label}: summary {what}: readcov {got}, the oracle {want}")
    lines = stderr.splitlines()
    tot = next((TOTALS.match(l) for l in lines if TOTALS.match(l)), None)
    if tot is None:
        PROBLEMS.append(f"{label}: no summary line in readcov's stderr")
        return
    n_runs, actions, reads, read_lines, edits, written = map(int, tot.groups())
    differ("runs", n_runs, len(runs))
    differ("actions", actions, sum(o.actions for o in runs))
    differ("read rows", reads, sum(r.get("kind", "read") == "read" for r in rows))
    differ("read lines", read_lines, sum(r["end"] - r["start"] + 1 for r in rows if r.get("kind", "read") == "read"))
    differ("edit rows", edits, sum(r.get("kind") == "edit" for r in rows))
    differ("rows written", written, len(rows))
    ev = next((EVENTS.match(l) for l in lines if EVENTS.match(l)), None)
    differ("read events", int(ev.group(1)) if ev else 0, sum(r.get("kind", "read") == "read" for r in rows))
    differ("edit events replayed", int(ev.group(2)) if ev else 0, sum(o.edit_events for o in runs))
    lost = [(str(o.task), str(o.run), path, turn, why) for o in runs for path, turn, step, why in o.lost]
    nb = next((NO_BASE.match(l) for l in lines if NO_BASE.match(l)), None)
    differ("edits not replayed for want of a base file", int(nb.group(1)) if nb else 0,
           sum(x[4] == "no base" for x in lost))
    want = collections.Counter(x for x in lost if x[4] != "no base")
    ls = next((LISTED.match(l) for l in lines if LISTED.match(l)), None)
    differ("edits not replayed (listed)", int(ls.group(1)) if ls else 0, sum(want.values()))
    shown = [LOST.match(l) for l in lines if LOST.match(l)]
    more = next((int(MORE.match(l).group(1)) for l in lines if MORE.match(l)), 0)
    differ("edits not replayed shown and `… N more`", len(shown) + more, sum(want.values()))
    for m in shown:
        task, run, path, turn, _, why = m.groups()
        why = next((w for prefix, w in WHY if why.startswith(prefix)), "unrecorded")
        got, FIG["lost edits compared"] = (task, run, path, int(turn), why), FIG["lost edits compared"] + 1
        loose = (task, run, path, None, why)  # an edit the oracle counts without placing it
        if want[got] > 0:
            want[got] -= 1
        elif want[loose] > 0:
            want[loose] -= 1
        else:
            PROBLEMS.append(f"{label}: readcov lists an edit not replayed the oracle does not: {got}")


SAMPLES = "tests/data/formats"


def samples(rc):
    s = os.path.join(ROOT, SAMPLES)
    cc = os.path.join(s, "claude-code")
    check("claude-code/session-196820da", rc, [os.path.join(cc, "session-196820da.jsonl")],
          fmt.claude_code(os.path.join(cc, "session-196820da.jsonl")))
    sub = os.path.join(cc, "subagent-session-2.1.7")
    check("claude-code/subagent-session-2.1.7", rc, [os.path.join(sub, "turn-2.jsonl")],
          fmt.claude_code(os.path.join(sub, "turn-2.jsonl"))
          + fmt.claude_code(os.path.join(sub, "subagents", "agent-a485154.jsonl")))
    # Claude Code 2.1.220's compact `Read` numbering (`12\t`, docs "Claude Code", session 40).
    compact = os.path.join(cc, "subagent-2.1.220-reads.jsonl")
    check("claude-code/subagent-2.1.220-reads", rc, [compact], fmt.claude_code(compact))
    # A real session editing lines it wrote, with its base file (docs "Edit rows", session 38).
    import import_oracle_tools_lib as lib
    re_ws = os.path.join(ROOT, "tests/data/real/claude-code-reedit")
    re_log = os.path.join(re_ws, "session-258c7280-annotation.jsonl")
    lib.Run.workspace = os.path.join(re_ws, "workspace")
    try:
        check("real/claude-code-reedit (ws)", rc, [re_log], fmt.claude_code(re_log),
              extra=("--workspace", lib.Run.workspace))
    finally:
        lib.Run.workspace = None
    for f in sorted(os.listdir(os.path.join(s, "codex-rollout"))):
        p = os.path.join(s, "codex-rollout", f)
        check("codex-rollout/" + f[:30], rc, [p], fmt.codex(p))
    for f in sorted(os.listdir(os.path.join(s, "atif"))):
        if f.endswith(".json"):
            p = os.path.join(s, "atif", f)
            check("atif/" + f[:40], rc, [p], atif.atif(p))
    for name, reader, ext in (("gemini-cli", fmt2.gemini, ".json"), ("inspect-ai", fmt2.inspect, (".json", ".eval")),
                              ("aider", aider.aider, ".chat.history.md"), ("otel-genai", fmt2.otel, ".json")):
        for f in sorted(os.listdir(os.path.join(s, name))):
            if f.endswith(ext):
                p = os.path.join(s, name, f)
                check(f"{name}/{f[:40]}", rc, [p], reader(p))
    import import_oracle_tools_acr as acr
    for folder in sorted(os.listdir(os.path.join(s, "autocoderover"))):
        for f in sorted(os.listdir(os.path.join(s, "autocoderover", folder))):
            if not f.endswith(".json"):  # the extracted patch beside it
                continue
            p = os.path.join(s, "autocoderover", folder, f)
            check(f"autocoderover/{folder[:30]}", rc, [p], acr.acr(p))
            # With the instance's base files (docs "AutoCodeRover": blocks found by their text).
            ws = os.path.join(ROOT, "tests/data/real/sources", acr.FOLDER.match(folder).group(1))
            lib.Run.workspace = ws
            try:
                check(f"autocoderover/{folder[:30]} (ws)", rc, [p], acr.acr(p), extra=("--workspace", ws))
            finally:
                lib.Run.workspace = None
    # The folder whole: one run per task folder, from the thread holding the others (docs "AutoCodeRover").
    root = os.path.join(s, "autocoderover")
    check("autocoderover (results folder)", rc, [root], [r for p in acr.threads_imported(root) for r in acr.acr(p)])
    v1 = os.path.join(s, "openhands", "v1-sdk-conversation")
    for f in sorted(os.listdir(v1)):
        check("openhands/v1/" + f, rc, [os.path.join(v1, f)], fmt2.openhands_v1(os.path.join(v1, f)))
    import import_oracle_tools_handmade as handmade
    handmade.run_all(rc, check, os.path.join(s, "handmade"))


def main():
    rc, what = sys.argv[1], sys.argv[2]
    if what == "samples":
        samples(rc)
    elif what == "cases":
        import import_oracle_tools_cases as cases
        cases.run_all(rc, check, PROBLEMS, FIG)
    else:
        sys.exit(__doc__)
    for p in PROBLEMS:
        print("DISAGREE", p)
    figs = ", ".join(f"{v} {k}" for k, v in FIG.items())
    left = ", ".join(f"{k}: {v}" for k, v in sorted(LEFT.items())) or "none"
    print(f"import tools oracle ({what}): {figs}; {sum(LEFT.values())} action(s) left out ({left}); "
          f"{len(PROBLEMS)} disagreement(s)")
    sys.exit(1 if PROBLEMS else 0)


if __name__ == "__main__":
    main()
