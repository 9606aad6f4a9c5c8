#!/usr/bin/env python3
"""An independent check of `readcov import` on ATIF trajectories (Harbor `trajectory.json`, session 38): which
lines of which file each openclaw `read {path, offset, limit}` call showed, read from its result text, against
readcov's read rows of that call, per (run, call, path), both ways.

Read from the text (openclaw's read tool prints the window's raw lines, no numbers):
- the text's lines are the window's, from `offset` (1 when absent); a window the tool stopped before the file's
  end is followed by `\\n\\n[N more lines in file. Use offset=K to continue.]`, so it shows offset…K−1 (and the
  text must hold K − offset lines);
- a result the harness cut by characters ends in `[... N more characters truncated]`: its lines up to the cut
  are shown, the last in part (it counts when some of it is left; a cut right after a line break leaves none);
- otherwise the text runs to the file's end: the empty string after a final line break is no line.
Calls and results are paired as the format does (`source_call_id`, else the result's or its step's
`extra.tool_call_id`, else the step's next unnamed result). Any other tool shows no line of a file as far as
this oracle reads (`exec` outputs are the shell oracle's: readcov credits none of them here). A read of a file
an earlier `edit`/`write` changed is left out (base lines need the replay: the tools oracle's). Paths: the
container roots `/workspace`, `/tmp_workspace`, `/app`, `/testbed` taken off.

  python3 scripts/import_observed_atif.py READCOV [--self-test]
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from import_observed_lib import judge, main_over  # noqa: E402

FILES = sorted(glob.glob("tests/data/formats/atif/*.trajectory.json"))
MORE = re.compile(r"\n\n\[(\d+) more lines in file\. Use offset=(\d+) to continue\.\]$")
CHARS = re.compile(r"\[\.\.\. \d+ more characters truncated\]$")
ROOTS = ("/workspace/", "/tmp_workspace/", "/app/", "/testbed/")


def text_of(content):
    if isinstance(content, str):
        return content
    return "".join(p.get("text", "") for p in content or [] if isinstance(p, dict))


def results(doc):
    """{tool_call_id: result text} for every call of the trajectory, paired as the format says."""
    out, pending = {}, []
    for s in doc.get("steps") or []:
        calls = [c["tool_call_id"] for c in s.get("tool_calls") or []]
        pending.extend(calls)
        unnamed = list(calls)
        for r in (s.get("observation") or {}).get("results") or []:
            cid = r.get("source_call_id") or (r.get("extra") or {}).get("tool_call_id") \
                or (s.get("extra") or {}).get("tool_call_id")
            if not cid and unnamed:
                cid = unnamed.pop(0)
            if cid:
                out[cid] = (text_of(r.get("content")), bool((r.get("extra") or {}).get("isError")
                                                          or (s.get("extra") or {}).get("isError")))
    return out


def shown_by_read(args, text):
    """The lines a read's text shows, or (None, why)."""
    a = int(args.get("offset") or 1)
    m = MORE.search(text)
    if m:
        k = int(m.group(2)) - a
        body = text[: m.start()]
        if len(body.split("\n")) != k:
            return None, "a read whose text is not the window its trailer says"
        return set(range(a, a + k)), None
    c = CHARS.search(text)
    if c:
        lines = text[: c.start()].split("\n")
        if not lines[-1].strip():
            lines.pop()
        return set(range(a, a + len(lines))), None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return set(range(a, a + len(lines))), None


def rel(p):
    for r in ROOTS:
        if p.startswith(r):
            return p[len(r):]
    return p


def check(path, got, checked, left, problems, self_test):
    if len(got) > 1:
        problems.append(f"{path}: {len(got)} runs, one expected")
    doc = json.load(open(path))
    res = results(doc)
    shown, skip, changed, step = {}, {}, set(), -1
    for s in doc.get("steps") or []:
        for c in s.get("tool_calls") or []:
            step += 1
            name, args = c.get("function_name"), c.get("arguments") or {}
            text, err = res.get(c["tool_call_id"], (None, False))
            if name in ("edit", "write") and text is not None and not err:
                changed.add(rel(args.get("path") or args.get("file_path") or ""))
            if name != "read" or text is None or err:
                continue
            p = rel(args.get("path") or args.get("file_path") or "")
            if p in changed:
                skip[step] = "a read of a file the run wrote (base lines need the replay)"
                continue
            lines, why = shown_by_read(args, text)
            if why:
                skip[step] = why
            elif lines:
                shown[(step, p)] = lines
    keys = {k[0] for k in got}
    task = next(iter(keys), None)
    rows = got.get((task, "atif"), {}) if task else {}
    return judge(f"{task}/atif", shown, rows, skip, checked, left, problems, self_test)


def main():
    main_over(FILES, check)


if __name__ == "__main__":
    main()
