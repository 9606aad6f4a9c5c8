"""ATIF reader of scripts/import_oracle_tools.py (docs/importers.md "ATIF" and the format table's result
pairing); its tool tables are the data docs/importers.md names, server/import/tools/atif.json."""
import json
import re

import import_oracle_tools_editor
import import_oracle_tools_lib as lib
from import_oracle_tools_fmt import TOOLS, bash, numbered
from import_oracle_tools_lib import Run


# docs "ATIF" Paths: the checkout roots of Harbor's task images (Inspect's calls are ATIF calls too)
ROOTS = ["/workspace", "/tmp_workspace", "/app", "/testbed"]


def tool_table(agent):
    if agent in TOOLS:
        return lambda name: TOOLS[agent].get(name)
    return lambda name: next((t[name] for t in TOOLS.values() if name in t), None)


TRAILER = re.compile(r"^\[\d+ more lines in file\. Use offset=\d+ to continue\.\]$")
CHARCUT = re.compile(r"\[\.\.\. \d+ more characters truncated\]")


def atif(path):
    """docs "ATIF" and the format table's result pairing."""
    d = json.load(open(path, encoding="utf-8"))
    agent = (d.get("agent") or {}).get("name")
    table = tool_table(agent)
    run = Run(d.get("session_id"), "atif")
    steps = d.get("steps") or []
    by_call, free = {}, []
    for i, s in enumerate(steps):
        results = ((s.get("observation") or {}).get("results")) or []
        sx = (s.get("extra") or {}).get("tool_call_id")
        for res in results:
            cid = res.get("source_call_id") or (res.get("extra") or {}).get("tool_call_id") or sx
            if cid:
                by_call.setdefault(cid, res)
            else:
                free.append((i, res))
    used = set()
    step = 0
    roots = ROOTS
    for turn, s in enumerate(steps):
        for c in s.get("tool_calls") or []:
            run.actions += 1
            name, args = c.get("function_name"), c.get("arguments") or {}
            res = by_call.get(c.get("tool_call_id"))
            if res is None:
                nxt = next(((i, r) for i, r in free if i == turn and id(r) not in used), None)
                if nxt:
                    used.add(id(nxt[1]))
                    res = nxt[1]
            spec = table(name)
            atif_call(run, turn, step, name, args, res, spec, roots)
            step += 1
    return [run]


def atif_call(run, turn, step, name, args, res, spec, roots):
    kind = (spec or {}).get("kind")
    if kind == "quiet":
        return
    if spec is None:
        return run.reason(lib.UNKNOWN_TOOL)
    if res is None:
        return run.reason(lib.MISSING)
    text = res.get("content")
    text = text if isinstance(text, str) else fmt_content(text)
    if (res.get("extra") or {}).get("isError"):
        return run.reason(lib.TOOL_ERROR)
    if kind == "other":
        return run.reason(lib.UNKNOWN_COMMAND)
    if kind == "bash":
        return bash(run, turn, step, name, args.get(spec["command"], ""), None, roots, text)
    if kind == "editor":  # docs: as OpenHands
        return import_oracle_tools_editor.editor(run, turn, step, name, args, text, roots)
    p = args.get(spec.get("path", ""))
    rp = lib.repo_path(p, None, roots)
    if rp is None:
        return run.reason(lib.OUTSIDE if p else lib.MALFORMED)
    if kind in ("edit", "write"):
        if kind == "write":
            return run.edit(turn, step, name, rp, ("create", args.get(spec.get("content", ""), "")))
        if not spec.get("edits"):
            return run.edit(turn, step, name, rp, ("replace", args.get(spec["old"], ""), args.get(spec["new"], "")))
        if not run.replay:
            return run.edited(rp, turn=turn, step=step)
        for e in args.get(spec["edits"]) or []:  # each replacement in turn
            run.edit(turn, step, name, rp, ("replace", e.get(spec["old"], ""), e.get(spec["new"], "")))
        return
    if kind == "read" and spec.get("output") == "raw":
        off = args.get(spec.get("offset"), 1) or 1
        lines = lib.text_lines(text)
        if lines and TRAILER.match(lines[-1].strip()):
            lines = lines[:-1]
            while lines and lines[-1].strip() == "":
                lines = lines[:-1]
        for i, l in enumerate(lines):
            if CHARCUT.search(l):
                lines = lines[:i + (1 if l[:CHARCUT.search(l).start()].strip() else 0)]
                break
        return run.read(turn, step, name, rp, lambda *_: [(off, off + len(lines) - 1)] if lines else [])
    if kind == "read":
        return run.read(turn, step, name, rp, lambda *_: lib.spans(numbered(text)))
    run.leave(step, f"atif: kind `{kind}` not recomputed")


def fmt_content(c):
    if isinstance(c, list):
        return "\n".join(x.get("text", "") for x in c if isinstance(x, dict))
    return "" if c is None else str(c)
