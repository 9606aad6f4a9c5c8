"""Numbers-only side of scripts/import_shown_oracle.py (logs shipped without base files): the line numbers each
observation shows against the lines readcov credits for the action. SWE-agent windows (`[File: … (N lines
total)]` then `12:text`) and `search_file` lines (`Line 12:`), with the run's `create`/`edit a:b` replayed on
the windows' lengths so a line the agent wrote is no base line; Claude Code `Read` results (`    12→text`), less
the empty line numbered after a final line break (`file.totalLines` counts it), and of `Edit`/`Write` snippets
only the credited lines (each must be shown: which shown lines the agent wrote needs the replay)."""
import glob
import json
import os
import re
import subprocess
from collections import defaultdict

REAL, MULTI = "tests/data/real", "tests/data/real-multi/swe-agent-java"


def ranges(s):
    out = []
    for x in sorted(s):
        if out and out[-1][1] == x - 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in out)


def credited(bin_, args):
    p = subprocess.run([bin_, "import", *args, "-o", "-"], capture_output=True, text=True, check=True)
    cred = defaultdict(set)
    for x in p.stdout.splitlines():
        r = json.loads(x)
        if r.get("kind") != "edit":
            cred[(r["task"], r["run"], r["step"])].update(range(r["start"], r["end"] + 1))
    return cred


def swe_shown(d):
    """Per step, the base lines the observation's windows and search lines show."""
    origin, cur, out = {}, None, []
    for s in d.get("trajectory") or []:
        obs, act = s.get("observation") or "", (s.get("action") or "").strip()
        first = act.split("\n")[0]
        hdr = re.search(r"\[File: (\S+) \((\d+) lines total\)\]", obs)
        if re.match(r"^create \S+", first) and hdr and "already exists" not in obs:
            origin[hdr.group(1)] = [None] * int(hdr.group(2))
        m = re.match(r"^edit (\d+):(\d+)", first)
        if m and hdr and cur in origin and "Your changes have NOT been applied" not in obs:
            body = act.split("\n", 1)[1].split("end_of_edit")[0].split("\n")[:-1]
            origin[cur][int(m.group(1)) - 1:int(m.group(2))] = [None] * len(body)
        shown, window = set(), False
        for line in obs.split("\n"):
            h = re.match(r"\[File: (\S+) \((\d+) lines total\)\]", line)
            if h:
                window, cur = True, h.group(1)
                origin.setdefault(cur, list(range(1, int(h.group(2)) + 1)))
                continue
            m = re.match(r"^(\d+):", line)
            if window and m:
                n, o = int(m.group(1)), origin[cur]
                if 1 <= n <= len(o) and o[n - 1] is not None:
                    shown.add(o[n - 1])
                continue
            m = re.match(r"^Line (\d+):", line)
            if m:
                shown.add(int(m.group(1)))
        out.append(shown)
    return out


def swe_agent(bin_, seen, checked):
    runs = [(f, os.path.basename(f).split(".")[0], "swe-agent") for f in sorted(glob.glob(REAL + "/swe-agent-java/*.traj"))]
    cred = credited(bin_, [f for f, _, _ in runs])
    multi = sorted(glob.glob(MULTI + "/*/*.traj"))
    cred.update(credited(bin_, ["--layout", "task/run", MULTI]))
    runs += [(f, os.path.basename(os.path.dirname(f)), os.path.basename(f).split(".")[0]) for f in multi]
    for f, task, run in runs:
        for step, shown in enumerate(swe_shown(json.load(open(f)))):
            got = cred.get((task, run, step), set())
            checked["SWE-agent actions"] += 1
            if shown or got:
                checked["SWE-agent actions showing or credited lines"] += 1
            for direction, lines in (("shown", shown - got), ("credited", got - shown)):
                if lines:
                    seen.append((("swe-agent", f"{task}/{run}", step, "*", direction), f"{direction}: {ranges(lines)}"))


def claude_code(bin_, seen, checked, left):
    for f in sorted(glob.glob(REAL + "/claude-code/*.jsonl")):
        cred = credited(bin_, [f])
        recs = [json.loads(x) for x in open(f) if x.strip()]
        calls, ids, results = [], set(), {}
        for r in recs:
            content = (r.get("message") or {}).get("content")
            if not isinstance(content, list):
                continue
            for b in content:
                if r.get("type") == "assistant" and b.get("type") == "tool_use" and b["id"] not in ids:
                    ids.add(b["id"])
                    calls.append(b)
                if r.get("type") == "user" and b.get("type") == "tool_result":
                    t = b.get("content")
                    if isinstance(t, list):
                        t = "".join(x.get("text", "") for x in t if isinstance(x, dict))
                    results[b["tool_use_id"]] = (t or "", r.get("toolUseResult"))
        for step, b in enumerate(calls):
            out, tur = results.get(b["id"], ("", None))
            shown = {}
            for line in out.split("\n"):
                m = re.match(r"^\s*(\d+)\u2192(.*)$", line)
                if m:
                    shown[int(m.group(1))] = m.group(2)
            total = ((tur or {}).get("file") or {}).get("totalLines") if isinstance(tur, dict) else None
            if total in shown and shown[total] == "":
                del shown[total]  # the empty line numbered after a final line break
            got = set()
            for (t, r, s), v in cred.items():
                if s == step:
                    got |= v
            checked["Claude Code calls"] += 1
            if shown or got:
                checked["Claude Code calls showing or credited lines"] += 1
            shown = set(shown)
            extra = got - shown
            if b["name"] in ("Edit", "MultiEdit", "Write"):
                left["Claude Code edit snippets' shown lines (the agent's need the replay)"] += len(shown - got)
                miss = set()
            else:
                miss = shown - got
            for direction, lines in (("shown", miss), ("credited", extra)):
                if lines:
                    seen.append((("claude-code", os.path.basename(f), step, "*", direction), f"{direction}: {ranges(lines)}"))
