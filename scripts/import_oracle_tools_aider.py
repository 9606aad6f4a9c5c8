"""Aider reader of scripts/import_oracle_tools.py (docs/importers.md "Aider")."""
import os
import re

import import_oracle_tools_lib as lib
from import_oracle_tools_lib import Run


ADDED = re.compile(r"^> Added (.+?) to (?:the chat|read-only files)\.?$")
REMOVED = re.compile(r"^> (?:Removed (.+?) from the chat|Dropping (.+?) from the chat\.?)$")
APPLIED = re.compile(r"^> Applied edit to (.+)$")
PROMPT = re.compile(r"^> Add file to the chat\? .*: *(\S*)$")


def aider(path):
    """docs "Aider": files in the chat read whole at the next request (`> Tokens:`), SEARCH/REPLACE
    blocks applied only when confirmed. Without a workspace a read is *file length unknown* (a file
    the run created: *only agent-written lines*; an edited one: *unaligned after edit*), an applied
    block of a base file *unaligned after edit*, an unconfirmed or failed block *tool error*. The
    task is the file's. With a workspace (docs "Aider", "Edits and line mapping"): a read is all the file's
    current lines mapped to base lines (tool `chat_file`), an applied block a replacement replayed (tool
    `search_replace`, an empty SEARCH creates the file); `turn` is the `####` message's index, `step` the
    action's."""
    run = Run(os.path.basename(path), "aider")  # docs "Aider": the whole file name
    lines = [l.rstrip() for l in open(path, encoding="utf-8").read().split("\n")]
    chat, pending, blocks, after_tokens = [], [], [], False
    last_cmd, prev = "", ""
    i, turn, step = 0, -1, [0]

    def action():
        run.actions += 1
        step[0] += 1
        return step[0] - 1

    def settle():
        for b in blocks:
            if b["state"] is None:
                action()
                run.reason(lib.TOOL_ERROR)
        blocks.clear()

    def add(f):
        if f not in chat:
            chat.append(f)
            pending.append(f)

    while i < len(lines):
        l = lines[i]
        if l.startswith("# aider chat started at"):
            settle()
            chat.clear()
            pending.clear()
            after_tokens = False
            last_cmd = ""
        elif l.startswith("####"):
            # docs "Aider": `turn` is the `####` message's index; a message of several lines is written
            # as consecutive `####` lines, one message
            if i == 0 or not lines[i - 1].startswith("####"):
                turn += 1
            if after_tokens:
                settle()
            after_tokens = False
            cmd = l[4:].strip()
            if cmd.startswith("/"):
                last_cmd = cmd.split()[0]
                if cmd in ("/drop", "/reset"):
                    chat.clear()
                    pending.clear()
                elif cmd.startswith("/drop "):
                    for f in cmd.split()[1:]:
                        if f in chat:
                            chat.remove(f)
                        if f in pending:
                            pending.remove(f)
            elif cmd:
                last_cmd = ""
        elif l.startswith("> Tokens:"):
            if after_tokens:
                settle()
            for f in pending:
                n = action()
                if run.replay:
                    run.read(turn, n, "chat_file", f, lambda length=0: [(1, length)] if length else [])
                    continue
                # docs: the length comes from --workspace (without one: file length unknown); a
                # file the run created has only lines the agent wrote.
                run.reason(lib.AGENT_ONLY if run.state.get(f) == "created" else lib.LENGTH_UNKNOWN)
            pending.clear()
            after_tokens = True
        elif ADDED.match(l):
            # After `/model` these list the chat's files: nothing new, except a file the model
            # created (aider put it in the chat; docs "Aider").
            add(ADDED.match(l).group(1))
        elif PROMPT.match(l):
            if PROMPT.match(l).group(1).lower() in ("y", "yes", "a", "all", ""):
                add(prev[2:].strip())
        elif REMOVED.match(l):
            m = REMOVED.match(l)
            f = m.group(1) or m.group(2)
            if f in chat:
                chat.remove(f)
            if f in pending:
                pending.remove(f)
        elif APPLIED.match(l):
            f = APPLIED.match(l).group(1)
            mine = [b for b in blocks if b["path"] == f and b["state"] is None]
            if not mine:
                run.edited(f, opaque=True, turn=turn, step=action())
            for b in mine:
                b["state"] = "applied"
                n = action()
                if run.replay:
                    run.edit(turn, n, "search_replace", f, ("create", b["replace"]) if b["search"] == ""
                             else ("replace", b["search"], b["replace"]))
                else:
                    run.edited(f, created=b["search"] == "", turn=turn, step=n)
        elif l.startswith("## SearchReplaceNoExactMatch"):
            quoted = "\n".join(lines[i + 1:i + 40])
            for b in blocks:
                if b["state"] is None and b["search"] and b["search"] in quoted:
                    b["state"] = "failed"
                    action()
                    run.reason(lib.TOOL_ERROR)
        elif l == "<<<<<<< SEARCH" and not l.startswith(">"):
            where = prev if not prev.startswith("```") else lines[i - 2] if i >= 2 else ""
            j = i + 1
            while j < len(lines) and lines[j] != "=======":
                j += 1
            k = j
            while k < len(lines) and lines[k] != ">>>>>>> REPLACE":
                k += 1
            if not where.startswith("## SearchReplaceNoExactMatch"):  # aider's quote of a failed block
                blocks.append({"path": where.strip(), "search": "\n".join(lines[i + 1:j]), "state": None,
                               "replace": "\n".join(lines[j + 1:k])})
            i = k
        prev = l
        i += 1
    settle()
    return [run]
