"""Numbers-only side of scripts/import_shown_oracle.py (logs shipped without base files): the line numbers each
observation shows against the lines readcov credits for the action. SWE-agent windows (`[File: … (N lines
total)]` then `12:text`) and `search_file` lines (`Line 12:`), with the run's `create`/`edit a:b` replayed on
the windows' lengths so a line the agent wrote is no base line (an edit of lines shown since the file's last write
keeps its lines equal at its ends, as docs/importers.md says); Claude Code `Read` results (`    12→text`), less
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


def edit_lines(o, a, b, body, seen):
    """`edit a:b` on origins `o`: lines a..b (clamped to the file) replaced by `body`. When windows showed
    every one of them since the file's last write (`seen`: line -> text), lines equal at the region's start
    and end keep their origin (docs/importers.md); else every replaced line is the agent's."""
    s, e = min(a - 1, len(o)), min(b, len(o))
    old = [seen.get(n) for n in range(s + 1, e + 1)]
    new = [None] * len(body)
    if None not in old:
        p = 0
        while p < len(old) and p < len(body) and old[p] == body[p]:
            new[p] = o[s + p]
            p += 1
        k = 0
        while k < len(old) - p and k < len(body) - p and old[-1 - k] == body[-1 - k]:
            new[len(body) - 1 - k] = o[e - 1 - k]
            k += 1
    o[s:e] = new


def swe_shown(d):
    """Per step, the base lines the observation's windows and search lines show."""
    origin, cur, out = {}, None, []
    seen = defaultdict(dict)  # file -> current line -> text shown since the file's last write
    for s in d.get("trajectory") or []:
        obs, act = s.get("observation") or "", (s.get("action") or "").strip()
        first = act.split("\n")[0]
        hdr = re.search(r"\[File: (\S+) \((\d+) lines total\)\]", obs)
        refused = "Your changes have NOT been applied" in obs
        if re.match(r"^create \S+", first) and hdr and "already exists" not in obs:
            origin[hdr.group(1)] = [None] * int(hdr.group(2))
            seen.pop(hdr.group(1), None)
        m = re.match(r"^edit (\d+):(\d+)", first)
        if m and hdr and cur in origin and not refused:
            body = act.split("\n", 1)[1].split("end_of_edit")[0].split("\n")[:-1]
            edit_lines(origin[cur], int(m.group(1)), int(m.group(2)), body, seen.pop(cur, {}))
        # A refused edit's text of the file is its window after "This is the original code before your edit".
        texts = obs.split("This is the original code before your edit", 1)[-1] if refused else obs
        shown, window = set(), False
        found = re.search(r"^Found \d+ matches for .* in (\S+?):?$", obs, re.M)
        for line in obs.split("\n"):
            h = re.match(r"\[File: (\S+) \((\d+) lines total\)\]", line)
            if h:
                window, cur = True, h.group(1)
                origin.setdefault(cur, list(range(1, int(h.group(2)) + 1)))
                continue
            m = re.match(r"^(\d+):(.*)$", line)
            if window and m:
                n, o = int(m.group(1)), origin[cur]
                if 1 <= n <= len(o) and o[n - 1] is not None:
                    shown.add(o[n - 1])
                if line in texts:
                    seen[cur][n] = m.group(2)
                continue
            m = re.match(r"^Line (\d+):(.*)$", line)
            if m:
                shown.add(int(m.group(1)))
                if found:
                    seen[found.group(1)][int(m.group(1))] = m.group(2)
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
    # Since session 40 also the 2.1.220 subagent's reads of tests/data/formats (the compact `12\t` numbering).
    for f in sorted(glob.glob(REAL + "/claude-code/*.jsonl")) + ["tests/data/formats/claude-code/subagent-2.1.220-reads.jsonl"]:
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
                    results[b["tool_use_id"]] = (t or "", r.get("toolUseResult", r.get("tool_use_result")))
        for step, b in enumerate(calls):
            out, tur = results.get(b["id"], ("", None))
            shown = {}
            for line in out.split("\n"):
                m = re.match(r"^\s*(\d+)[\u2192\t](.*)$", line)
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
