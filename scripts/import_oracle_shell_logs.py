"""Log side of scripts/import_oracle_shell.py: each format's tool calls as actions, and what the
agent saw of each result, written from docs/importers.md (the format rows, "What counts as
displayed", "Paths"), never from readcov's code.

An action is a dict: step (tool call index over the run), turn (assistant message index), tool,
kind ('bash' | 'editor' | 'swe' | 'other'), args, output (None: no result in the log),
cwd_after (the working directory the tool reported after it, OpenHands).
"""
import json
import re

OH_STATUS = re.compile(r"^\[(The command completed|The command timed out|Current working directory: |"
                       r"Python interpreter: |Command finished with exit code|Below is the output)")
OH_TRUNC = "[... Observation truncated due to length ...]"


def lines_of(text):
    if not text:
        return []
    ls = text.split("\n")
    if ls and ls[-1] == "":
        ls.pop()
    return ls


def blank_cut(head_text, head, tail):
    """docs "What counts as displayed": a line the cut left only blanks of (the head's last line
    when the head ends mid-line, the tail's first line, which starts mid-line) shows none of its
    text and is no line (session 33)."""
    if head and head_text and not head_text.endswith("\n") and head[-1].strip() == "":
        head = head[:-1]
    if tail and tail[0].strip() == "":
        tail = tail[1:]
    return head, tail


def displayed_openhands(text):
    """(head lines, tail lines or None): the tool message minus its bracketed status lines."""
    ls = [x for x in text.split("\n") if not OH_STATUS.match(x)]
    text = "\n".join(ls)
    if "\n" + OH_TRUNC + "\n" in text:  # the marker on a line of its own
        h, t = text.split("\n" + OH_TRUNC + "\n", 1)
        return blank_cut(h, lines_of(h), lines_of(t))
    return lines_of(text), None


def displayed_mini(text):
    # 1.x's timeout_template: the output between ` <output>\n` and `\n</output>\nPlease try …`
    t = re.match(r"The last command <command>.*?timed out and has been killed\.\nThe output of the command "
                 r"was:\n <output>\n(.*)\n</output>\nPlease try another command", text, re.S)
    if t:
        return lines_of(t.group(1)), None
    # 2.2.x opens with `<exception>…</exception>` when the command failed to run (a timeout)
    e = re.match(r"<exception>.*?</exception>\s*", text, re.S)
    if e:
        text = text[e.end():]
    if not text.startswith("<returncode>"):
        return lines_of(text), None
    m = re.search(r"<output>\n?(.*?)</output>", text, re.S)
    if m:
        return lines_of(m.group(1)), None
    # the template writes `<output_head>\n{head}\n</output_head>` (the same for the tail)
    h = re.search(r"<output_head>\n?(.*?)\n?</output_head>", text, re.S)
    t = re.search(r"<output_tail>\n?(.*?)\n?</output_tail>", text, re.S)
    if h and t:
        return blank_cut(h.group(1), lines_of(h.group(1)), lines_of(t.group(1)))
    return [], None


def displayed_swe(text):
    if "The output of your last command was too long." in text:
        return [], None
    if "<response clipped>" in text:  # a cut: only the head was shown
        return lines_of(text.split("<response clipped>", 1)[0]), []
    return lines_of(text), None


def _openhands_messages(d):
    return d.get("fncall_messages") or d.get("messages") or []


def openhands(d):
    """Actions of an OpenHands trajectory (fncall_messages), its repository roots."""
    msgs = _openhands_messages(d)
    results = {m.get("tool_call_id"): m for m in msgs if m.get("role") == "tool"}
    roots = []
    for m in msgs:
        if m.get("role") == "user" and isinstance(m.get("content"), str):
            r = re.search(r"<uploaded_files>\s*\n\s*(\S+)\s*\n\s*</uploaded_files>", m["content"])
            if r:
                roots.append(r.group(1).rstrip("/"))
                break
    acts, step, turn = [], 0, -1
    extra = []
    resp = d.get("fncall_response")
    if isinstance(resp, dict):
        for ch in resp.get("choices") or []:
            msg = ch.get("message") or {}
            if msg.get("tool_calls"):
                extra.append(msg)
    for m in list(msgs) + extra:
        if m.get("role") != "assistant":
            continue
        turn += 1
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            name = fn.get("name")
            try:
                args = json.loads(fn.get("arguments") or "{}")
            except ValueError:
                args = None
            res = results.get(tc.get("id"))
            out = None
            if res is not None:
                c = res.get("content")
                if isinstance(c, list):
                    c = "".join(x.get("text", "") for x in c if isinstance(x, dict))
                out = c
            kind = {"execute_bash": "bash", "bash": "bash", "str_replace_editor": "editor"}.get(name, "other")
            if name in ("think", "finish", "submit", "task_tracker"):
                kind = "quiet"  # not counted, with or without a result
            cwd = None
            if out is not None:
                for x in out.split("\n"):
                    mm = re.match(r"^\[Current working directory: (.*)\]$", x)
                    if mm:
                        cwd = mm.group(1)
            acts.append(dict(step=step, turn=turn, tool=name, kind=kind, args=args, output=out,
                             cwd_after=cwd, first=(args or {}).get("command") if kind == "bash" else None))
            step += 1
    return acts, roots


BASH_BLOCK = re.compile(r"```bash\s*\n(.*?)\n```", re.S)


def mini(d):
    """Actions of a mini-swe-agent file: v2 `extra.actions`, v1 the one ```bash block."""
    msgs = d.get("messages") or []
    acts, step, turn = [], 0, -1
    for i, m in enumerate(msgs):
        if m.get("role") != "assistant":
            continue
        turn += 1
        cmds = []
        actions = (m.get("extra") or {}).get("actions")
        if actions:
            cmds = [(a.get("command"), a.get("tool_call_id")) for a in actions]
        else:
            content = m.get("content") or ""
            if isinstance(content, list):
                content = "".join(x.get("text", "") for x in content if isinstance(x, dict))
            blocks = BASH_BLOCK.findall(content)
            if len(blocks) == 1:
                cmds = [(blocks[0], None)]
        acts_here = []
        for cmd, tcid in cmds:
            # its output: the tool message with its id, else (one action) the next message
            # that is not the assistant's (the final `exit` message holds the submitted text)
            replies = []
            for n in msgs[i + 1:]:
                if n.get("role") == "assistant":
                    break
                replies.append(n)
            out = None
            byid = [n for n in replies if tcid and n.get("tool_call_id") == tcid]
            if byid:
                out = byid[0].get("content")
            elif len(cmds) == 1 and replies:
                out = replies[0].get("content")
            elif len(cmds) > 1 and len(replies) > len(acts_here):
                out = replies[len(acts_here)].get("content")
            acts_here.append(cmd)
            if isinstance(out, list):
                out = "".join(x.get("text", "") for x in out if isinstance(x, dict))
            acts.append(dict(step=step, turn=turn, tool="bash", kind="bash", args={"command": cmd},
                             output=out, cwd_after=None))
            step += 1
    return acts


def swe_sent(d):
    """docs SWE-agent 1.x: with a `replay_config`, an observation longer than the templates'
    `max_observation_length` (100,000) was sent cut: its first characters then `<response
    clipped>`, or nothing when the truncated template does not show `observation[:`."""
    rc = d.get("replay_config")
    if isinstance(rc, str):
        try:
            rc = json.loads(rc)
        except ValueError:
            rc = None
    if not isinstance(rc, dict):
        return lambda o: o
    t = (rc.get("agent") or {}).get("templates") or {}
    mx = t.get("max_observation_length", 100000)
    tpl = t.get("next_step_truncated_observation_template")
    shows = tpl is None or "observation[:" in tpl
    if tpl is not None and not shows and "observation" in tpl:
        return lambda o: o  # v1.1.0's `{{observation}}`: the .traj holds what was sent

    def cut(o):
        if o is None or len(o) <= mx:
            return o
        return o[:mx] + "<response clipped>" if shows else "The output of your last command was too long."
    return cut


SWE_NO_OUTPUT = "Your command ran successfully and did not produce any output."


def swe_shown(d, traj):
    """docs *SWE-agent's last line break* (Limits): every version sends a notice instead of an
    observation whose strip() is empty (nothing shown); a log with no `replay_config` and no
    `info.swe_agent_version` whose observations (a submit's and those not sent aside) mostly end
    without a line break dropped it (0.6-0.7), so one ending with a line break gets it back."""
    def nothing(o):
        return o.strip() in ("", SWE_NO_OUTPUT)

    v1 = "replay_config" in d or "swe_agent_version" in (d.get("info") or {})
    ends = [o.endswith("\n") for s in traj
            for o in [s.get("observation")]
            if isinstance(o, str) and not nothing(o)
            and not any(x.strip() == "submit" for x in (s.get("action") or "").split("\n"))]
    lost = not v1 and ends.count(False) > ends.count(True)

    def shown(o):
        if not isinstance(o, str):
            return o
        if nothing(o):
            return ""
        return o + "\n" if lost and o.endswith("\n") else o
    return shown


# docs (session 40): the top-level folders of a Linux system, which hold no checkout
SYSTEM = {"bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "media", "mnt", "opt", "proc", "root",
          "run", "sbin", "srv", "sys", "tmp", "usr", "var"}


def swe_prompted(d):
    """docs (session 40): the `(Current directory: /org__repo)` of the first user message of `history` that is
    no demonstration; None without one, or naming `/` or no absolute path."""
    for m in d.get("history") or []:
        c = m.get("content")
        if m.get("role") != "user" or m.get("is_demo") is True or not isinstance(c, str):
            continue
        if "--- DEMONSTRATION ---" in c or "(Current directory: " not in c:
            continue
        line = c.split("(Current directory: ", 1)[1].split("\n", 1)[0]
        if not line.endswith(")"):
            return None
        dr = line[:-1].rstrip("/")
        return dr if dr.startswith("/") and len(dr) > 1 else None
    return None


def swe_agent(d):
    """Actions of a classic SWE-agent .traj; its checkout root: the directory its instance prompt states, else
    the first folder of the first window of a file in a folder at `/` that is no system folder (session 40)."""
    acts, root = [], swe_prompted(d)
    sent = swe_sent(d)
    traj = d.get("trajectory") or []
    shown = swe_shown(d, traj)
    prompted = root is not None
    for i, s in enumerate(traj):
        obs = shown(sent(s.get("observation")))
        m = re.search(r"\[File: /([^/\s]+)/\S", obs or "")
        if m and root is None and not prompted and m.group(1) not in SYSTEM:
            root = "/" + m.group(1)
        acts.append(dict(step=i, turn=i, tool=None, kind="swe", args={"action": s.get("action") or ""},
                         output=obs, cwd_after=None))
    return acts, root


def eval_run_shown(content, o, max_chars):
    """docs "OpenHands eval output": the model was sent the output with its prefix, suffix and
    status lines, cut to its first and last `max_chars // 2` characters when longer; what is left
    of the output itself on each side of the cut."""
    md = (o.get("extras") or {}).get("metadata") or {}
    pre, suf = md.get("prefix") or "", md.get("suffix") or ""
    status = ""
    if md.get("working_dir"):
        status += f"\n[Current working directory: {md['working_dir']}]"
    if md.get("py_interpreter_path"):
        status += f"\n[Python interpreter: {md['py_interpreter_path']}]"
    if md.get("exit_code", -1) != -1:
        status += f"\n[Command finished with exit code {md['exit_code']}]"
    text = pre + content + suf + status
    if max_chars < 0 or len(text) <= max_chars:
        return content
    half = max_chars // 2
    head, tail = text[:half], text[-half:] if half else text
    head = head[len(pre):]
    tail = tail[:max(0, len(tail) - len(suf + status))]
    if len(head) >= len(content) or len(tail) >= len(content):
        return content
    return head + "\n" + OH_TRUNC + "\n" + tail


def openhands_eval(row):
    """Actions of one OpenHands eval-output line: each agent action of `history`, its result the
    event whose `cause` is the action's `id`."""
    hist = row.get("history") or []
    max_chars = (((row.get("metadata") or {}).get("llm_config") or {}).get("max_message_chars"))
    max_chars = 30000 if max_chars is None else max_chars
    obs = {}
    for e in hist:
        if "observation" in e and e.get("cause") is not None:
            obs.setdefault(e["cause"], e)
    roots = []
    acts, step = [], 0
    for e in hist:
        if e.get("source") == "user" and e.get("action") == "message" and not roots:
            r = re.search(r"<uploaded_files>\s*\n\s*(\S+)\s*\n\s*</uploaded_files>", (e.get("args") or {}).get("content", ""))
            if r:
                roots.append(r.group(1).rstrip("/"))
        if e.get("source") != "agent" or "action" not in e:
            continue
        act, args = e["action"], dict(e.get("args") or {})
        o = obs.get(e.get("id"))
        out = None if o is None else (o.get("content") or "")
        if o is not None and o.get("observation") == "error":
            out = "ERROR:\n" + out
        cwd = None
        if o is not None:
            cwd = ((o.get("extras") or {}).get("metadata") or {}).get("working_dir")
        if act == "run":
            kind = "bash"
            if o is not None:
                out = eval_run_shown(out, o, max_chars)
        elif act == "read":
            kind = "editor"
            args = {"command": "view", "path": args.get("path"), "view_range": args.get("view_range")}
        elif act == "edit":
            kind = "editor"
            args = {"command": args.get("command") or "edit", "path": args.get("path")}
        elif act in ("think", "finish", "system", "message"):
            kind = "quiet"
        else:
            kind = "other"
        acts.append(dict(step=step, turn=step, tool=act, kind=kind, args=args, output=out, cwd_after=cwd))
        step += 1
    return acts, roots
