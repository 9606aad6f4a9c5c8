"""Per-format readers of scripts/import_oracle_tools.py: Claude Code and Codex CLI rollout, each from its
docs/importers.md section (and the format table), giving `lib.Run`s. ATIF is in
import_oracle_tools_atif.py; Gemini CLI, Inspect AI, OpenTelemetry and OpenHands V1 in
import_oracle_tools_fmt2.py; Aider in import_oracle_tools_aider.py."""
import json
import os
import re

import import_oracle_tools_lib as lib
import import_oracle_tools_shell
from import_oracle_tools_lib import Run

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = json.load(open(os.path.join(HERE, "..", "server", "import", "tools", "atif.json")))["agents"]
# `    12→text`, or `12\ttext` since Claude Code 2.1.86 (docs "Claude Code": the compact numbering).
ARROW = re.compile(r"^\s*(\d+)[→\t](.*)$")


def result_text(content):
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def bash(run, turn, step, tool, cmd, cwd, roots, output):
    """A shell command: one of lib.shell_read's simple forms, else the bash model's (import_oracle_tools_shell)."""
    def length(rp):  # with a workspace: the current length of the agent's copy (None: not there)
        st = run.replay.state(rp) if run.replay else None
        return len(st[0]) if st else None
    got = lib.shell_read(cmd, cwd, roots, output, length if run.replay else None)
    if got[0] == "leave":  # beyond the simple forms: the shell oracle's bash model
        return import_oracle_tools_shell.shell(run, turn, step, tool, cmd, cwd, roots, output)
    if got[0] == "reason":
        return run.reason(got[1])
    run.read(turn, step, tool, got[1], lambda *_: got[2])


def numbered(text, lo=None, hi=None):
    """docs Claude Code `Read`: the `    N→` (or `N\t`) lines shown (numbered lines of the head; the tail's first
    line dropped when cut mid-line), inside [lo, hi]."""
    shown = lib.displayed(text)
    tail = shown.tail[1:] if shown.tail_partial else shown.tail
    nums = []
    for l in shown.head + tail:
        m = ARROW.match(l)
        if m:
            n = int(m.group(1))
            if (lo is None or n >= lo) and (hi is None or n <= hi):
                nums.append(n)
    return nums


OMITTED = re.compile(r"\[Omitted long (?:matching line|context line|replacement line|line with \d+ matches)\]$")


def grep_content(text, single):
    """`path:12:` matches and `path-12-` context lines (`12:`/`12-` for one file); a line ripgrep's
    `--max-columns 500` replaced by `[Omitted long … line]` shows no text and is not read (docs Claude Code)."""
    lines = [l for l in lib.text_lines(text) if not re.search(r"[:-]\d+[:-]" + OMITTED.pattern, l)
             and not re.match(r"\d+[:-]" + OMITTED.pattern, l)]
    if single is not None:
        return {single: [int(m.group(1)) for m in (re.match(r"(\d+)[:-]", l) for l in lines) if m]}
    paths = set()
    for l in lines:
        m = re.match(r"(.+?):(\d+):", l)
        if m:
            paths.add(m.group(1))
    out = {}
    for l in lines:
        m = re.match(r"(.+?):(\d+):", l)
        hit = None
        for p in paths:
            if l.startswith(p) and re.match(r"[:-](\d+)[:-]", l[len(p):]):
                hit = (p, int(re.match(r"[:-](\d+)", l[len(p):]).group(1)))
                break
        if hit is None:
            m = re.match(r"(.+?)[:-](\d+)[:-]", l)
            hit = (m.group(1), int(m.group(2))) if m else None
        if hit:
            out.setdefault(hit[0], []).append(hit[1])
    return out


def claude_change(name, inp, tur):
    """docs: `Write` creates the file; `Edit`/`MultiEdit` are replayed from `structuredPatch`."""
    if name == "Write":
        return ("create", inp.get("content", ""))
    patch = (tur or {}).get("structuredPatch") if isinstance(tur, dict) else None
    return ("hunks", [(h["oldStart"], h["lines"]) for h in patch or []])


def unified_hunks(diff):
    """`@@ -a,n +b,m @@` hunks of a unified diff: (where the first old line is, its ' '/'-'/'+' lines).
    A hunk of no old line (`@@ -a,0 ...`) states the line it follows: it starts at a + 1."""
    out = []
    for line in diff.split("\n"):
        m = re.match(r"@@ -(\d+)(?:,(\d+))?", line)
        if m:
            out.append((int(m.group(1)) + (m.group(2) == "0"), []))
        elif out and line[:1] in (" ", "-", "+"):
            out[-1][1].append(line)
    return out


def claude_code(path, runname=None):
    """docs "Claude Code" (format table, its section, "What counts as a read")."""
    recs = []
    for line in open(path, encoding="utf-8"):
        if line.strip():
            try:
                recs.append(json.loads(line))
            except ValueError:
                pass
    # docs: `session_id` and `tool_use_result` in `claude -p --output-format stream-json` (session 40).
    task = next((r.get("sessionId") or r["session_id"] for r in recs if r.get("sessionId") or r.get("session_id")),
                None)
    agent = next((r.get("agentId") for r in recs if r.get("isSidechain") and r.get("agentId")), None)
    run = Run(task, runname or ("claude-code/agent-" + agent if agent else "claude-code"))
    results, uses = {}, []
    turn, last = -1, None
    for r in recs:
        msg = r.get("message") or {}
        if r.get("type") == "assistant":
            # docs: `turn` is the assistant message index; Claude Code writes one record per content
            # block, consecutive records of one message share its `message.id`.
            mid = msg.get("id")
            if not mid or mid != last:
                turn += 1
            last = mid
        content = msg.get("content")
        if not isinstance(content, list):
            continue
        for b in content:
            if r.get("type") == "assistant" and b.get("type") == "tool_use":
                uses.append((turn, b, r.get("cwd")))
            elif r.get("type") == "user" and b.get("type") == "tool_result":
                results[b.get("tool_use_id")] = (b, r.get("toolUseResult", r.get("tool_use_result")))
    # docs "Paths": the session's cwd is the repository root; relative paths resolve against the
    # working directory each record names.
    root = next((r["cwd"] for r in recs if r.get("cwd")), None)
    roots = [root] if root else []
    for step, (turn, use, cwd) in enumerate(uses):
        run.actions += 1
        name, inp = use.get("name"), use.get("input") or {}
        if name in ("TodoWrite", "Task"):
            continue
        res = results.get(use.get("id"))
        if res is None:
            run.reason(lib.MISSING)
            continue
        block, tur = res
        text = result_text(block.get("content"))
        if name in ("Edit", "MultiEdit", "Write"):
            rp = lib.repo_path(inp.get("file_path"), cwd, roots)
            if rp and not block.get("is_error") and "<tool_use_error>" not in text:
                run.edit(turn, step, name, rp, claude_change(name, inp, tur))
                if run.replay and name != "Write" and run.state.get(rp) != "unaligned":
                    # docs "Edits and line mapping": the snippet after `Edit` is a read.
                    base, _ = run.replay.base(rp, numbered(text))
                    run.add(turn, step, name, rp, lib.spans(base))
            continue
        if block.get("is_error") or "<tool_use_error>" in text:
            run.reason(lib.TOOL_ERROR)
            continue
        if name == "Read":
            rp = lib.repo_path(inp.get("file_path"), cwd, roots)
            if rp is None:
                run.reason(lib.OUTSIDE if inp.get("file_path") else lib.MALFORMED)
                continue
            f = (tur or {}).get("file") if isinstance(tur, dict) else None
            lo = hi = None
            drop = None
            if isinstance(f, dict) and isinstance(f.get("startLine"), int):
                lo, hi = f["startLine"], f["startLine"] + f.get("numLines", 0) - 1
                total = f.get("totalLines")
                if total is not None and hi >= total and str(f.get("content", "")).endswith("\n"):
                    drop = total
            nums = [n for n in numbered(text, lo, hi) if n != drop]
            run.read(turn, step, name, rp, lambda *_: lib.spans(nums))
        elif name == "Grep":
            if inp.get("output_mode") != "content" or inp.get("-n") is False:
                run.reason(lib.NO_NUMBERS)
                continue
            target = inp.get("path") or cwd
            rp = lib.repo_path(target, cwd, roots)
            # docs "Claude Code", Grep: ripgrep names no path when it searched one file, always for a
            # directory: one file when every line (`--` aside) is path-less and one of them a match
            lines = [l for l in lib.text_lines(text) if l and l != "--"]
            single = target if (lines and all(re.match(r"\d+[:-]", l) for l in lines)
                                and any(re.match(r"\d+:", l) for l in lines)) else None
            found = grep_content(text, single)
            if not found:
                run.reason(lib.NO_LINES)
            for p, nums in found.items():
                rp2 = lib.repo_path(p, cwd, roots)
                if rp2 is None:
                    run.reason(lib.OUTSIDE)
                else:
                    run.read(turn, step, name, rp2, lambda *_, n=nums: lib.spans(n))
        elif name == "Bash":
            bash(run, turn, step, name, inp.get("command", ""), cwd, roots, text)
        elif name in ("Glob", "LS"):
            run.reason(lib.UNKNOWN_COMMAND)
        else:
            run.reason(lib.UNKNOWN_TOOL)
    return [run]


def output_part(text):
    """A Codex exec result: the text after its `Output:` line, less the header of a cut output."""
    i = text.find("Output:\n")
    if i >= 0 and text.startswith("Chunk ID") or text.startswith("Process") or text.startswith("Wall time"):
        return cut_header(text[i + len("Output:\n"):]) if i >= 0 else ""
    return text[i + len("Output:\n"):] if i >= 0 else text


CUT_HEADER = re.compile(r"(?:Warning: truncated output \(original token count: \d+\)\n)?Total output lines: \d+\n\n")


def cut_header(text):
    """docs "Codex CLI rollout": an output cut by tokens opens with `Total output lines: N` and a blank
    line (a `Warning: …` line before them in later builds), which are not output lines."""
    m = CUT_HEADER.match(text)
    if not (m and (lib.TRUNC_INLINE.search(text) or lib.CODEX_LINES.search(text))):
        return text
    # docs "What counts as displayed" (session 28): N is the output's line count; it places the tail of
    # a cut whole-file read whose text is this output alone (a poll appended makes another text)
    body = text[m.end():]
    lib.STATED[id(body)] = (body, int(re.search(r"Total output lines: (\d+)", m.group(0)).group(1)))
    return body


def codex(path):
    """docs "Codex CLI rollout"."""
    recs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    meta = next((r["payload"] for r in recs if r.get("type") == "session_meta"), {})
    run = Run(meta.get("id"), "codex")
    roots = [meta.get("cwd")] + [r["payload"].get("cwd") for r in recs if r.get("type") == "turn_context"]
    roots = [x for x in roots if x]
    outputs, ends, patches, calls = {}, {}, {}, []
    for r in recs:
        p = r.get("payload") or {}
        t = p.get("type")
        if t in ("function_call_output", "custom_tool_call_output"):
            o = p.get("output")
            outputs[p.get("call_id")] = o if isinstance(o, str) else json.dumps(o)
        elif t == "exec_command_end":
            ends[p.get("call_id")] = p
        elif t == "patch_apply_end":
            patches[p.get("call_id")] = p
        elif t in ("function_call", "custom_tool_call"):
            calls.append(p)
    session_of, shown = {}, {}
    for c in calls:
        if c.get("name") == "exec_command":
            out = outputs.get(c.get("call_id"))
            if out is None:
                continue
            m = re.search(r"Process running with session ID (\d+)", out)
            shown[c["call_id"]] = output_part(out)
            if m:
                session_of[m.group(1)] = c["call_id"]
        elif c.get("name") == "write_stdin":
            try:
                sid = str(json.loads(c.get("arguments") or "{}").get("session_id"))
            except ValueError:
                continue
            out = outputs.get(c.get("call_id"), "")
            if sid in session_of and "Output:\n" in out:
                shown[session_of[sid]] += output_part(out)
    step = 0
    for c in calls:
        name = c.get("name")
        if name == "write_stdin":
            continue
        run.actions += 1
        if name == "update_plan":
            step += 1
            continue
        cid = c.get("call_id")
        if name == "apply_patch":
            end = patches.get(cid)
            if end is not None and end.get("success") is False:
                run.reason(lib.TOOL_ERROR)
            elif end is None or "changes" not in end:
                # docs: a patch with no patch_apply_end, or an applied one whose patch_apply_end names no
                # changes (older builds), makes the files its input names unaligned (an edit per file).
                named = re.findall(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$", c.get("input") or "", re.M)
                run.actions += len(named) - 1  # docs "Codex CLI rollout": an action per file of a patch
                for f in named:
                    rp = lib.repo_path(f.strip(), roots[0] if roots else None, roots)
                    if rp:
                        run.edited(rp, opaque=True, turn=step, step=step)
                    else:
                        run.reason(lib.OUTSIDE)
            else:
                changes = end.get("changes") or {}
                # docs "Codex CLI rollout": an action per file of a patch, and one more per move's new path
                run.actions += len(changes) + sum(bool(ch.get("move_path")) for ch in changes.values()) - 1
                for f, ch in changes.items():
                    rp = lib.repo_path(f, roots[0] if roots else None, roots)
                    if rp is None:
                        run.reason(lib.OUTSIDE)
                    if rp:
                        if ch.get("type") == "add":
                            run.edit(step, step, name, rp, ("create", ch.get("content", "")))
                        elif ch.get("type") == "update" and not ch.get("move_path"):
                            run.edit(step, step, name, rp, ("hunks", unified_hunks(ch.get("unified_diff", ""))))
                        else:  # a delete or a move: no hunks to replay
                            run.edited(rp, opaque=True, turn=step, step=step)
                    dest = lib.repo_path(ch.get("move_path"), roots[0] if roots else None, roots)
                    if dest:  # docs: `move_path` makes the file unaligned, at its new path too
                        run.edited(dest, opaque=True, turn=step, step=step)
        elif name in ("exec_command", "shell"):
            try:
                args = json.loads(c.get("arguments") or "{}")
            except ValueError:
                run.reason(lib.MALFORMED)
                step += 1
                continue
            cmd = args.get("cmd") if name == "exec_command" else (args.get("command") or [""])[-1]
            cwd = args.get("workdir") or (roots[0] if roots else None)
            if name == "shell" and cid in outputs:
                try:
                    out = cut_header(json.loads(outputs[cid]).get("output", ""))
                except (ValueError, AttributeError):
                    out = outputs[cid]
            elif cid in shown:
                out = shown[cid]
            elif cid in ends:
                out = ends[cid].get("aggregated_output", "")
            else:
                run.reason(lib.MISSING)
                step += 1
                continue
            bash(run, step, step, name, cmd or "", cwd, roots, out)
        else:
            run.reason(lib.UNKNOWN_TOOL)
        step += 1
    return [run]
