"""Chat-message dataset rows for scripts/import_oracle_shell.py, from docs/importers.md "Chat-message
datasets" (not readcov's code): a JSON array of rows, each row's messages in the `tool-calls`,
`function-text` or `swe-agent-text` encoding turned into the OpenHands or SWE-agent actions of
import_oracle_shell_logs, its task (`instance_id` less a `_<n>` suffix) and run (`<name>/<tag>`;
None when the tag is the row-bytes hash, which the oracle does not recompute).
"""
import json
import re

import import_oracle_shell_logs as L

SUFFIX = re.compile(r"^(.+__.+-\d+)_(\d+)$")


def _text(m):
    c = m.get("content")
    if c is None:
        c = m.get("text")
    if isinstance(c, list):
        c = "".join(x.get("text", "") for x in c if isinstance(x, dict))
    return c or ""


def naming(row):
    iid = row.get("instance_id") or ""
    m = SUFFIX.match(iid)
    task = m.group(1) if m else iid
    name = None
    for k in ("run_id", "model_name", "model", "agent", "agent_name"):
        if isinstance(row.get(k), str) and row[k]:
            name = row[k]
            break
    name = name or "chat"
    if m:
        return task, f"{name}/{m.group(2)}"
    for k in ("traj_id", "trajectory_id"):
        t = row.get(k)
        if isinstance(t, str) and t:
            if t.startswith(task + "."):
                t = t[len(task) + 1:]
            return task, f"{name}/{t}"
    return task, None


OBS = re.compile(r"^(OBSERVATION:\n?|EXECUTION RESULT of \[[^\]]*\]:\n?)")
FN = re.compile(r"<function=([^>]+)>(.*?)</function>", re.S)
PARAM = re.compile(r"<parameter=([^>]+)>(.*?)</parameter>", re.S)


def encoding(msgs):
    if any(m.get("role") == "assistant" and m.get("tool_calls") for m in msgs):
        return "tool-calls"
    if any(m.get("role") == "assistant" and "<function=" in _text(m) for m in msgs):
        return "function-text"
    if any(m.get("role") == "ai" for m in msgs):
        return "swe-agent-text"
    return None


def tool_calls(msgs):
    """OpenHands actions, a leading OBSERVATION: off each result."""
    fixed = []
    for m in msgs:
        if m.get("role") == "tool":
            m = dict(m, content=OBS.sub("", _text(m), count=1))
        fixed.append(m)
    return L.openhands({"messages": fixed})


def function_text(msgs):
    """Each <function=NAME> block as the tool call it spells; the next user message its result."""
    acts, step, turn = [], 0, -1
    roots = []
    for m in msgs:
        if m.get("role") == "user":
            r = re.search(r"<uploaded_files>\s*\n\s*(\S+)\s*\n\s*</uploaded_files>", _text(m))
            if r and not roots:
                roots.append(r.group(1).rstrip("/"))
    for i, m in enumerate(msgs):
        if m.get("role") != "assistant":
            continue
        turn += 1
        blocks = FN.findall(_text(m))
        out = None
        for n in msgs[i + 1:]:
            if n.get("role") == "assistant":
                break
            if n.get("role") == "user":
                out = OBS.sub("", _text(n), count=1)
                break
        for name, body in blocks:
            args = {}
            for k, v in PARAM.findall(body):
                v = v.strip("\n")
                if k == "view_range" or k.endswith("_line"):
                    try:
                        v = json.loads(v)
                    except ValueError:
                        pass
                args[k] = v
            kind = {"execute_bash": "bash", "bash": "bash", "str_replace_editor": "editor"}.get(name, "other")
            if name in ("think", "finish", "submit", "task_tracker"):
                kind = "quiet"
            if len(blocks) > 1:
                kind = "several"
            acts.append(dict(step=step, turn=turn, tool=name, kind=kind, args=args, output=out,
                             cwd_after=None))
            step += 1
    return acts, roots


FENCE = re.compile(r"```[^\n]*\n(.*?)\n?```", re.S)
PROMPT = re.compile(r"\n?\(Open file: [^\n]*\)\n\(Current directory: [^\n]*\)\n"
                    r"(?:\(Interactive session: [^\n]*\)\n)?bash-\$\s*$")


def swe_agent_steps(msgs):
    """Classic SWE-agent steps of a `swe-agent-text` row: each `ai` message's last fenced block is the
    action, the next `user` message, less SWE-agent's prompt lines, its observation (None: none came)."""
    traj = []
    for i, m in enumerate(msgs):
        if m.get("role") not in ("ai", "assistant"):
            continue
        blocks = FENCE.findall(_text(m))
        if not blocks:
            continue
        out = None
        for n in msgs[i + 1:]:
            if n.get("role") in ("ai", "assistant"):
                break
            if n.get("role") == "user":
                out = PROMPT.sub("", _text(n))
                break
        traj.append({"action": blocks[-1] + "\n", "observation": out})
    return traj


def swe_agent_text(msgs):
    """The last fenced block of each `ai` message, as a classic SWE-agent step."""
    acts, root = L.swe_agent({"trajectory": swe_agent_steps(msgs)})
    acts = [a for a in acts if not (a["output"] is None and a["args"]["action"].strip() == "submit")]
    return acts, root
