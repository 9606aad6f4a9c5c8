#!/usr/bin/env python3
"""An independent check of `readcov import` on the editor views of the shipped chat trajectories other than the
nebius SWE-agent rows (session 38): SWE-Gym (`tool-calls`) and SWE-smith (`function-text`) dataset rows and the
OpenHands LLM completion log. Per (run, step, path) the lines each `str_replace_editor view` result printed,
read from its own numbered lines, against readcov's read rows of that step, both ways.

Read from the text (the editors' output formats: openhands-aci `_make_output`, SWE-agent `edit_anthropic`):
`Here's the result of running `cat -n` on P:` then `{n:6}\\t{text}` lines, or a long file's filemap of
`{n:6} {text}` lines where `{n:6} ... eliding lines a-b ...` stands for lines it does not show; an output trimmed at
its end leaves a last empty line as a bare number (`   935`). The editor numbers `text.split('\\n')`, so a view
to the file's end (no `view_range`, or `[a, -1]`) whose last numbered line is empty shows the empty string after
the final line break, no line. A clip (`<response clipped>`) ends the view, its line counting when some text of
it precedes the marker. `Here's the files and directories` (a folder) and errors show nothing. Calls and results
are paired as each encoding stores them (the tool message with the call's id; the user message after a
`<function=…>` block). Shell steps are the shell oracle's (left out, counted); a view of a file the run edited is
left out (base lines need the replay), and since session 39 so is one of a file a shell `rm` or `patch` may have
touched, and views outside the repository are not compared. Session 39 ran this over 500 real OpenHands
completion logs (gsmoon97/swe-agent-eval, March 2025): that OpenHands numbered the empty string after a
`view_range [a, b]` window's own final line break as `b+1` (`   951\t` after line 950), no line of the file.

  python3 scripts/import_observed_chat_editor.py READCOV [--self-test]
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_oracle_shell_chat as C  # noqa: E402  (each encoding's calls paired with their results)
import import_oracle_shell_logs as L  # noqa: E402
from import_observed_lib import editor_view, judge, main_over  # noqa: E402

D = "tests/data/formats/chat-trajectories/"
DATASETS = [D + "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
            D + "adp_SWE-smith-trajectories_sample_raw.first2.json"]
LOGS = [D + "openhands_llm_completion_scikit-learn__scikit-learn-14141.json"]
EDITS = ("create", "str_replace", "insert", "undo_edit")


def blank(out, n):
    """Whether the view's text numbers line `n` with no text: past `view_range [a, b]` that is the window's own
    final line break (OpenHands of March 2025 read the window with its line breaks, `   951\t` after line 950 of
    a `[900, 950]` view; the file's line 951 is text), never a line of the file."""
    return re.search(rf"^ *{n}\t?\r?$", out, re.M) is not None


def shell_changed(cmd, roots):
    """Repository paths a shell command may have removed or patched (`rm -rf testapp/migrations/*`, `patch -p1
    < x.patch`: the file a later view shows is then not the base file): every operand of an `rm`, globs cut at
    their first `*`; for `patch`, the files its `patching file P` lines would name are unknown here, so each
    operand's stem. Relative operands are taken from the repository root (these runs `cd` to it first)."""
    out = set()
    for part in re.split(r"&&|;|\|\||\n", cmd):
        words = part.split()
        if not words or words[0] not in ("rm", "patch"):
            continue
        for w in words[1:]:
            if w.startswith("-") or w == "<":
                continue
            w = w.split("*")[0].rstrip("/")
            w = next((w[len(r) + 1:] for r in roots if w.startswith(r + "/")), w)
            if words[0] == "patch":
                w = re.sub(r"\.(patch|diff)$", "", w)
            if w:
                out.add(w)
    return out


def actions(row):
    """(acts, roots) of a chat row or log, by its encoding."""
    msgs = row.get("messages") or row.get("trajectory") or []
    if "fncall_messages" in row:
        return L.openhands(row)
    enc = C.encoding(msgs)
    if enc == "tool-calls":
        return C.tool_calls(msgs)
    if enc == "function-text":
        return C.function_text(msgs)
    return [], []


def check(label, row, rows, checked, left, problems, self_test):
    acts, roots = actions(row)
    shown, skip, edited = {}, {}, set()
    for a in acts:
        args = a.get("args") or {}
        if a["tool"] != "str_replace_editor":
            edited |= shell_changed(args.get("command") or "", roots)
            if any(st == a["step"] for st, _ in rows):
                skip[a["step"]] = "rows of shell steps (the shell oracle's)"
            continue
        path = args.get("path") or ""
        rel = next((path[len(r) + 1:] for r in roots if path.startswith(r + "/")), path)
        if roots and rel == path:
            continue  # outside the repository (the agent's own /workspace/reproduce.py): nothing to compare
        if args.get("command") in EDITS:
            edited.add(rel)
            continue
        if args.get("command") != "view" or a.get("output") is None:
            continue
        if rel in edited or any(rel.startswith(d + "/") for d in edited):
            skip[a["step"]] = "a view of a file the run edited (base lines need the replay)"
            continue
        vr = args.get("view_range")
        lines = editor_view(a["output"], not vr or vr[-1] == -1, crlf=True, bare=True, filemap=True)
        if lines and vr and vr[-1] != -1 and blank(a["output"], vr[-1] + 1):
            lines.discard(vr[-1] + 1)
        if lines:
            shown[(a["step"], rel)] = lines
    return judge(label, shown, rows, skip, checked, left, problems, self_test)


def check_file(path, got, checked, left, problems, self_test):
    """A dataset's rows, each matched to readcov's run of its task, or a log of one run."""
    if path in LOGS:
        key, rows = next(iter(got.items()), ((path, "openhands"), {}))  # no rows: every view outside the repository
        return check(f"{key[0]}/{key[1]}", json.load(open(path)), rows, checked, left, problems, self_test)
    wrong = None
    for row in json.load(open(path)):
        task, run = C.naming(row)
        key = next((k for k in got if k[0] == task and (run is None or k[1] == run)), None)
        if key is None:
            problems.append(f"{path}: no run of readcov's for task {task}")
            continue
        wrong = check(f"{key[0]}/{key[1]}", row, got[key], checked, left, problems, self_test) or wrong
    return wrong


def main():
    main_over(DATASETS + LOGS, check_file)


if __name__ == "__main__":
    main()
