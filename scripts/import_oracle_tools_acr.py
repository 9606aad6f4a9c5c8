"""AutoCodeRover reader of scripts/import_oracle_tools.py (docs/importers.md "AutoCodeRover"), from the docs
alone: the file's task is its folder's instance id (`<id>_<YYYY-MM-DD_HH-MM-SS>/`), its run
`autocoderover/<file name without .json>`; each `Result of CALL:` of a user message (and the
`Here are the code in buggy locations:` message) is an action whose `<code>` blocks are found in the file by
their text — a contiguous run where it occurs once, else (a class signature) each line at its first
occurrence after the line before it, from the one first line that places them all; v2 blocks whose lines
are all numbered `N text`, one by one, by their numbers —; `Could not find`-style answers are tool errors,
names-only answers and, without the file's text, every block *output without line numbers*. The edits of the
last patch reply AutoCodeRover answered `Extracted a patch` are replayed (the first run of lines equal
once stripped, replaced), the others are tool errors."""
import json
import os
import re

import import_oracle_tools_lib as lib
from import_oracle_tools_lib import Run

FOLDER = re.compile(r"^(.+)_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$")
HEADER = re.compile(r"^Result of (.+\)):$")
BLOCK = re.compile(r"Search result \d+: ?\n?(?:```\n)?<file>(.*?)</file>.*?<code>(.*?)</code>", re.S)
NOT_FOUND = ("Could not find", "There is no method", "The method ")


def calls(content):
    """(call, output) of a user message."""
    if content.startswith("Here are the code in buggy locations:"):
        return [("bug locations", content.split("\n", 1)[1] if "\n" in content else "")]
    out, cur, in_code = [], None, False
    for line in content.split("\n"):
        m = HEADER.match(line)
        if m and not in_code:
            cur = [m.group(1), []]
            out.append(cur)
            continue
        if cur:
            cur[1].append(line)
        if "<code>" in line:
            in_code = "</code>" not in line[line.rindex("<code>"):]
        elif "</code>" in line:
            in_code = False
    return [(c, "\n".join(body)) for c, body in out]


def block_lines(code):
    if code.startswith("\n"):
        code = code[1:]
    if code.endswith("\n"):
        code = code[:-1]
    return code.split("\n") if code else []


def numbered(lines):
    if lines and lines[-1] == "":
        lines = lines[:-1]
    out = []
    for l in lines:
        m = re.match(r"^(\d+) (.*)$", l) or re.match(r"^(\d+)()$", l)
        if not m or int(m.group(1)) == 0 or (out and int(m.group(1)) != out[-1][0] + 1):
            return None
        out.append((int(m.group(1)), m.group(2)))
    return out or None


def norm(s):
    return s.expandtabs(8).rstrip()


def place(file, shown):
    keys = [norm(s) for s in shown]
    n = len(keys)
    runs = [p for p in range(len(file) - n + 1) if [norm(x) for x in file[p:p + n]] == keys]
    if len(runs) == 1:
        return list(range(runs[0] + 1, runs[0] + n + 1))
    if len(runs) > 1:
        return "ambiguous output"
    found = []
    for start in [p for p in range(len(file)) if norm(file[p]) == keys[0]]:
        got, at = [start + 1], start + 1
        for k in keys[1:]:
            nxt = next((i for i in range(at, len(file)) if norm(file[i]) == k), None)
            if nxt is None:
                break
            got.append(nxt + 1)
            at = nxt + 1
        if len(got) == n:
            found.append(got)
    return found[0] if len(found) == 1 else "ambiguous output" if found else "shown text differs from file"


def acr(path):
    folder = os.path.basename(os.path.dirname(path))
    m = FOLDER.match(folder)
    name = os.path.basename(path)
    task = m.group(1) if m else name.split(".")[0]
    run = Run(task, "autocoderover/" + (name[:-5] if name.endswith(".json") else name))
    msgs = [(x["role"], x["content"]) for x in json.load(open(path, encoding="utf-8"))]
    replies = [i for i, (r, c) in enumerate(msgs) if r == "assistant" and edits(c)
               and i + 1 < len(msgs) and msgs[i + 1][0] == "user"
               and msgs[i + 1][1].startswith(("Extracted a patch", "Written a patch that resolves"))]
    last = replies[-1] if replies else None
    step, turn = 0, 0
    for i, (role, content) in enumerate(msgs):
        if role == "assistant":
            turn = i
            for f, o, p in edits(content):
                run.actions += 1
                if i != last:
                    run.reason(lib.TOOL_ERROR)
                elif run.replay and run.replay.state(f) is not None:
                    lines = run.replay.state(f)[0]
                    before = [x.strip() for x in o.split("\n")]
                    at = next((k for k in range(len(lines) - len(before) + 1)
                               if [x.strip() for x in lines[k:k + len(before)]] == before), None)
                    if at is None:
                        run.edited(f, turn=turn, step=step)
                    else:
                        first = o.split("\n")[0]
                        col = lines[at].find(first)
                        cut = max(first.find(lines[at].rstrip()), 0)
                        new = [" " * col + x for x in p.split("\n")] if col >= 0 else [x[cut:] for x in p.split("\n")]
                        run.edit_events += 1
                        rows = run.replay._splice_changed(f, at, lines[at:at + len(before)], new)
                        run.add(turn, step, "write_patch", f, lib.spans(rows), kind="edit")
                elif run.replay:
                    run.reason(lib.NOT_IN_WS)  # docs "AutoCodeRover": a file the workspace lacks
                else:
                    run.edited(f, turn=turn, step=step)
                step += 1
            continue
        if role != "user":
            continue
        for call, out in calls(content):
            run.actions += 1
            tool = call.split("(")[0].strip().replace(" ", "_")
            blocks = BLOCK.findall(out)
            if not blocks:
                run.reason(lib.NO_NUMBERS if "They appeared in the following" in out else lib.TOOL_ERROR)
                step += 1
                continue
            got, why = [], None
            for f, code in blocks:
                f, lines = f.strip(), block_lines(code)
                num = numbered(lines)
                if num and not run.replay:
                    got.append((f, [n for n, _ in num]))
                    continue
                if not run.replay:
                    why = why or lib.NO_NUMBERS
                    continue
                if not run.replay.at_base(f):
                    why = why or lib.NOT_IN_WS
                    continue
                file = run.replay.state(f)[0]
                if num:
                    ok = all(0 < n <= len(file) and norm(file[n - 1]) == norm(t) for n, t in num)
                    placed = [n for n, _ in num] if ok else "shown text differs from file"
                else:
                    placed = place(file, lines)
                if isinstance(placed, str):
                    why = why or placed
                else:
                    got.append((f, placed))
            if not got:
                run.reason(why)
            for f, ns in got:
                base = run.replay.base(f, ns)[0] if run.replay else ns  # docs: reads map to base lines
                run.add(turn, step, tool, f, lib.spans(sorted(base)))
            step += 1
    return [run]


def edits(reply):
    """`parse_edits`: fenced blocks, `# Rest of the code...` lines dropped, tags paired in order."""
    out, fence = [], None
    for line in reply.split("\n"):
        if line.startswith("```"):
            if fence is None:
                fence = []
            else:
                text = "\n".join(x for x in fence if x.strip() != "# Rest of the code...")
                tags = {t: re.findall(f"<{t}>(.*?)</{t}>", text, re.S) for t in ("file", "original", "patched")}
                out += [(f.strip(), o.strip("\n"), p.strip("\n"))
                        for f, o, p in zip(tags["file"], tags["original"], tags["patched"])]
                fence = None
            continue
        if fence is not None:
            fence.append(line)
    return out


THREAD = re.compile(r"^(conversation_round|debug_agent_write_patch)_(0|[1-9]\d*)\.json$")


def threads_imported(root):
    """The thread files `readcov import ROOT` imports (docs "AutoCodeRover", "A task folder"): in each folder
    the last one — the highest `debug_agent_write_patch_N.json`, else the highest round — and each other one
    that is not a prefix of it (the same messages in order; a round's system prompt may differ from a write-patch
    thread's)."""
    out = []
    for folder, _, files in sorted(os.walk(root)):
        named = sorted((m.group(1) == "debug_agent_write_patch", int(m.group(2)), f)
                       for f in files for m in [THREAD.match(f)] if m)
        if not named:
            continue
        holder = named[-1]
        h = json.load(open(os.path.join(folder, holder[2]), encoding="utf-8"))
        out.append(os.path.join(folder, holder[2]))
        for wp, _, f in named[:-1]:
            p = json.load(open(os.path.join(folder, f), encoding="utf-8"))
            prefix = len(p) <= len(h) and all(
                a == b or (i == 0 and holder[0] and not wp and a["role"] == b["role"] == "system")
                for i, (a, b) in enumerate(zip(p, h)))
            if not prefix:
                out.append(os.path.join(folder, f))
    return out
