#!/usr/bin/env python3
"""An independent check of `readcov import` on OpenHands eval outputs (`output.jsonl` with a V0 `history`,
session 38): which lines of which file each action's observation showed, read from the observation text
itself, against readcov's read rows of that action, per (run, step, path), both ways.

Read from the text (openhands-aci's editor and the shell, not readcov's rules):
- `read` (`str_replace_editor view`): `Here's the result of running `cat -n` on P:` then `{n:6}\\t{text}` lines;
  the editor numbers `text.split('\\n')`, so a view that runs to the file's end (no `view_range`, or `[a, -1]`)
  whose last numbered line is empty shows the empty string after the file's final line break, no line; a clip
  (`<response clipped>`) ends the view, its line counting when some text of it precedes the marker; an
  `ERROR:` observation shows nothing;
- `run` `grep -n PAT F` (one file): each `N:` line shows line N; any other command shows no line of a file
  here (`ls`, `find`, `make`, `grep -r` without `-n`: no numbers, nothing placed).
Paths are the editor's absolute paths less the instance's `/workspace/<dir>/` root. A step reading a file an
earlier successful edit (`edit`, or `sed -i` in a `run`) changed is left out (base lines need the replay: the
tools oracle's). Steps are numbered over the history's actions other than `system` and `recall`, as readcov's.

  python3 scripts/import_observed_openhands_eval.py READCOV [--self-test]
"""
import glob
import json
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from import_observed_lib import editor_view, judge, main_over  # noqa: E402

OUTPUTS = sorted(glob.glob("tests/data/formats/openhands/eval-output/*.jsonl"))
GREP_LINE = re.compile(r"^(\d+)[:-]")


def grep_one(cmd, content):
    """(file, lines) of `grep -n PAT F` over one file, else None."""
    try:
        w = shlex.split(cmd)
    except ValueError:
        return None
    if len(w) == 4 and w[0] == "grep" and w[1] == "-n" and not w[3].startswith("-"):
        return w[3], {int(m.group(1)) for m in map(GREP_LINE.match, content.split("\n")) if m}
    return None


def check(row, got, checked, left, problems, self_test):
    task = row["instance_id"]
    hist = row.get("history") or []
    obs = {e.get("cause"): e for e in hist if "observation" in e}
    root = None
    shown, skip, changed, step = {}, {}, set(), -1
    for e in hist:
        if "action" not in e or e["action"] in ("system", "recall"):
            continue
        step += 1
        o = obs.get(e.get("id")) or {}
        content = o.get("content") or ""
        args = e.get("args") or {}
        s = {}
        if e["action"] == "read" and not content.startswith("ERROR"):
            vr = args.get("view_range")
            lines = editor_view(content, vr is None or vr[1] == -1)
            if lines:
                s[args["path"]] = lines
        elif e["action"] == "run":
            g = grep_one(args.get("command", ""), content)
            if g and g[1]:
                s[g[0]] = g[1]
            if "sed -i" in args.get("command", ""):
                changed.update(p for p in shlex.split(args["command"]) if p.startswith("/workspace/"))
        elif e["action"] == "edit" and not content.startswith("ERROR"):
            changed.add(args.get("path"))
        for p in s:
            root = root or "/".join(p.split("/")[:3])
        if set(s) & changed:
            skip[step] = "a read of a file the run edited (base lines need the replay)"
            continue
        for p, ls in s.items():
            shown[(step, p[len(root) + 1:] if p.startswith(root + "/") else p)] = ls
    key = (task, "openhands-eval")
    rows = got.get(key, {})
    return judge(f"{task}/openhands-eval", shown, rows, skip, checked, left, problems, self_test)


def check_output(path, got, checked, left, problems, self_test):
    """Each instance (line) of one output.jsonl."""
    wrong = None
    with open(path) as fh:
        for line in fh:
            if line.strip():
                wrong = check(json.loads(line), got, checked, left, problems, self_test) or wrong
    return wrong


def main():
    main_over(OUTPUTS, check_output)


if __name__ == "__main__":
    main()
