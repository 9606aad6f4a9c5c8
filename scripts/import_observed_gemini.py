#!/usr/bin/env python3
"""An independent check of `readcov import` on Gemini CLI sessions (session 38): which lines of which file each
tool call's result showed, read from the result text itself, against readcov's read rows of that call, per
(run, call, path), both ways (readcov numbers a step per file of a call; its `turn` is the call).

Read from the text (the tools' own output formats, `@google/gemini-cli-core` `tools/read-file.js`,
`tools/grep.js`):
- `read_file`: the text is the file's lines joined by line breaks; a window the tool cut opens with
  `Status: Showing lines A-B of N total lines.` and its text follows `--- FILE CONTENT (truncated) ---`: the
  text's k lines are A…A+k−1 (k must be B−A+1); else the whole file from line 1, the empty string after a final
  line break no line;
- `grep_search` / `search_file_content`: under each `File: P` (relative to `dir_path`), each `L12:` match and
  `L12-` context line shows line 12;
- any other tool (`run_shell_command` here runs scripts and writes files) shows no line of a file.
A call whose result has `error` shows nothing. A call reading a file an earlier `write_file`/`replace` changed
is left out (base lines need the replay: the tools oracle's), as is a read of a file a `write_file` created.

  python3 scripts/import_observed_gemini.py READCOV [--self-test]
"""
import glob
import json
import os
import posixpath
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from import_observed_lib import judge, main_over  # noqa: E402

SESSIONS = sorted(glob.glob("tests/data/formats/gemini-cli/*.json"))
STATUS = re.compile(r"^Status: Showing lines (\d+)-(\d+) of (\d+) total lines\.$", re.M)
CONTENT = "--- FILE CONTENT (truncated) ---\n"
CONTEXT = "\n\n--- Newly Discovered Project Context ---"
FILE = re.compile(r"^File: (.+)$")
LINE = re.compile(r"^L(\d+)[:-]")


def output_of(call):
    """The call's output text, or None when its result is an error."""
    for part in call.get("result") or []:
        resp = (part.get("functionResponse") or {}).get("response") or {}
        if "error" in resp:
            return None
        if "output" in resp:
            return resp["output"]
    return None


def read_file(out, path):
    """{path: lines} of a read_file result, or a reason the call is left out."""
    out = out.split(CONTEXT)[0]
    m = STATUS.search(out)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        text = out.split(CONTENT, 1)[1]
        lines = text.split("\n")
        if len(lines) != b - a + 1:
            return None, "a read_file window whose text is not its Status lines"
        return {path: set(range(a, b + 1))}, None
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    return {path: set(range(1, len(lines) + 1))}, None


def grep(out, dir_path):
    """{path: lines} of a grep_search result: `L12:`/`L12-` lines under each `File: P`."""
    shown, cur = {}, None
    for ln in out.split("\n"):
        m = FILE.match(ln)
        if m:
            cur = posixpath.normpath(posixpath.join(dir_path or ".", m.group(1)))
            continue
        n = LINE.match(ln)
        if cur and n:
            shown.setdefault(cur, set()).add(int(n.group(1)))
    return shown


def calls(doc):
    return [tc for m in doc.get("messages") or [] if m.get("type") == "gemini" for tc in m.get("toolCalls") or []]


def rel(p, root):
    if p.startswith("/"):
        return posixpath.relpath(p, root) if root and p.startswith(root + "/") else None
    return posixpath.normpath(p)


def project_root(doc):
    """The ancestor of an absolute path in the log whose SHA-256 is `projectHash` (Gemini CLI's own name)."""
    import hashlib
    want = doc.get("projectHash")
    for p in re.findall(r"(/[\w./-]+)", json.dumps(doc)):
        parts = p.split("/")
        for i in range(len(parts), 1, -1):
            cand = "/".join(parts[:i])
            if hashlib.sha256(cand.encode()).hexdigest() == want:
                return cand
    return None


def check(path, got, checked, left, problems, self_test):
    doc = json.load(open(path))
    root = project_root(doc)
    shown, skip, changed = {}, {}, set()
    for i, call in enumerate(calls(doc)):
        name, args, out = call.get("name"), call.get("args") or {}, output_of(call)
        s, why = {}, None
        if out is not None and name == "read_file":
            s, why = read_file(out, rel(args.get("file_path", ""), root))
        elif out is not None and name in ("grep_search", "search_file_content"):
            s = grep(out, rel(args.get("dir_path") or args.get("path") or ".", root))
        if name in ("write_file", "replace") and out is not None:
            changed.add(rel(args.get("file_path", ""), root))
        if why or set(s) & changed:
            skip[i] = why or "a read of a file the run wrote (base lines need the replay)"
            continue
        for f, ls in s.items():
            if f:
                shown[(i, f)] = ls
    key = (doc["sessionId"], "gemini-cli")
    rows = got.get(key, {})
    return judge(f"{key[0]}/{key[1]}", shown, rows, skip, checked, left, problems, self_test)


def main():
    main_over(SESSIONS, check, key="turn")


if __name__ == "__main__":
    main()
