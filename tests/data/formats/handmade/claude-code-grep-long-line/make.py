"""Writes transcript.jsonl and workspace/: a Claude Code 2.1.7 transcript (the shape of
../../claude-code/subagent-session-2.1.7/subagents/agent-a485154.jsonl) with two `Grep` calls in content
mode over a file with two lines over 500 characters. RG below is what the ripgrep Claude Code ships
(vendor/ripgrep/x64-linux/rg, 14.1.1) printed for the arguments cli.js passes
(`--hidden --max-columns 500 -n -C 1 lookup PATH`, PATH the absolute search path) over this workspace
(ROOT standing for it); each line is then rewritten as cli.js does: the part before its first `:`
made relative to the cwd (`path.relative`) unless that starts with `..`."""
import json
import os

CWD = "/home/dev/tables"
LONG = "TABLE = [" + ", ".join(str(i) for i in range(200)) + "]  # lookup"
CTX = "# " + "c" * 600
TABLE = ["import os", "def lookup(i):", "    return TABLE[i]  # lookup", CTX, LONG, "x = 1", "y: int = lookup(2)"]
os.makedirs("workspace/pkg", exist_ok=True)
open("workspace/pkg/table.py", "w").write("\n".join(TABLE) + "\n")
open("workspace/pkg/other.py", "w").write("def lookup2():\n    pass\n")

RG_DIR = """ROOT/pkg/other.py:1:def lookup2():
ROOT/pkg/other.py-2-    pass
--
ROOT/pkg/table.py-1-import os
ROOT/pkg/table.py:2:def lookup(i):
ROOT/pkg/table.py:3:    return TABLE[i]  # lookup
ROOT/pkg/table.py-4-[Omitted long context line]
ROOT/pkg/table.py:5:[Omitted long matching line]
ROOT/pkg/table.py-6-x = 1
ROOT/pkg/table.py:7:y: int = lookup(2)"""
RG_FILE = """1-import os
2:def lookup(i):
3:    return TABLE[i]  # lookup
4-[Omitted long context line]
5:[Omitted long matching line]
6-x = 1
7:y: int = lookup(2)"""


def claude(rg_out):  # cli.js 2.1.7 `Grep` call(): t$0 on the text before each line's first ':'
    out = []
    for line in rg_out.replace("ROOT", CWD).strip().split("\n"):
        n = line.find(":")
        if n > 0:
            rel = os.path.relpath(os.path.join(CWD, line[:n]), CWD)
            line = (line[:n] if rel.startswith("..") else rel) + line[n:]
        out.append(line)
    return "\n".join(out)


base = {"isSidechain": False, "userType": "external", "cwd": CWD, "sessionId": "handmade-cc-grep-long-line",
        "version": "2.1.7", "gitBranch": "main", "slug": "handmade-grep"}
records = [dict(base, parentUuid=None, type="user", uuid="u0", timestamp="2026-01-14T19:20:20.000Z",
                message={"role": "user", "content": "Where is lookup used?"})]
calls = [("toolu_01", {"pattern": "lookup", "output_mode": "content", "path": CWD, "-C": 1}, claude(RG_DIR)),
         ("toolu_02", {"pattern": "lookup", "output_mode": "content", "path": CWD + "/pkg/table.py", "-C": 1},
          claude(RG_FILE))]
for k, (tid, inp, content) in enumerate(calls):
    records.append(dict(base, parentUuid=records[-1]["uuid"], type="assistant", uuid=f"a{k}",
                        timestamp=f"2026-01-14T19:20:2{k}.235Z",
                        message={"model": "claude-sonnet-4-5-20250929", "id": f"msg_0{k}", "type": "message",
                                 "role": "assistant",
                                 "content": [{"type": "tool_use", "id": tid, "name": "Grep", "input": inp}],
                                 "stop_reason": "tool_use", "stop_sequence": None,
                                 "usage": {"input_tokens": 10, "output_tokens": 20}}))
    records.append(dict(base, parentUuid=f"a{k}", type="user", uuid=f"r{k}", timestamp=f"2026-01-14T19:20:2{k}.410Z",
                        message={"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result",
                                                              "content": content}]},
                        toolUseResult={"mode": "content", "numFiles": 0, "filenames": [], "content": content,
                                       "numLines": len(content.split("\n"))}))
with open("transcript.jsonl", "w") as f:
    for r in records:
        f.write(json.dumps(r) + "\n")
