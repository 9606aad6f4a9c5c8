"""Hand-made logs of scripts/import_oracle_tools.py, each a rule docs/importers.md defines (Claude Code,
Codex, ATIF here; Gemini CLI, Inspect AI, OpenTelemetry, Aider and OpenHands V1 in
import_oracle_tools_cases2.py). Every case
carries its answer written by hand from the docs (rows as (path, start, end), reasons as counts); the
oracle's readers must give that answer (a self-check) and readcov must give the readers' rows and
reasons (`check`)."""
import json
import os
import shutil
import tempfile

import import_oracle_tools_aider as aider
import import_oracle_tools_atif as atif
import import_oracle_tools_fmt as fmt
import import_oracle_tools_fmt2 as fmt2
import import_oracle_tools_lib as lib

CWD = "/repo"


def cc(calls, session="cc-case"):
    """A Claude Code transcript: each call (name, input, content, is_error, toolUseResult) is its own
    assistant message, its result the next user record."""
    recs = []
    for i, (name, inp, content, err, tur) in enumerate(calls):
        recs.append({"type": "assistant", "sessionId": session, "cwd": CWD, "message": {
            "id": f"msg_{i}", "role": "assistant", "content": [
                {"type": "tool_use", "id": f"tu_{i}", "name": name, "input": inp}]}})
        if content is None:
            continue
        block = {"type": "tool_result", "tool_use_id": f"tu_{i}", "content": content}
        if err:
            block["is_error"] = True
        rec = {"type": "user", "sessionId": session, "cwd": CWD, "message": {"role": "user", "content": [block]}}
        if tur is not None:
            rec["toolUseResult"] = tur
        recs.append(rec)
    return "".join(json.dumps(r) + "\n" for r in recs)


def arrow(start, texts):
    return "".join(f"{start + i:>6}→{t}\n" for i, t in enumerate(texts))


def read_result(path, start, texts, total, content):
    return {"type": "text", "file": {"filePath": path, "content": content, "numLines": len(texts),
                                     "startLine": start, "totalLines": total}}


def claude_cases():
    f = CWD + "/a.py"
    yield "cc: Read reaching totalLines, final newline", cc([
        ("Read", {"file_path": f}, arrow(1, ["x", "y", ""]), False, read_result(f, 1, ["x", "y", ""], 3, "x\ny\n"))
    ]), {("a.py", 1, 2)}, {}
    yield "cc: Read reaching totalLines, no final newline", cc([
        ("Read", {"file_path": f}, arrow(1, ["x", "y"]), False, read_result(f, 1, ["x", "y"], 2, "x\ny"))
    ]), {("a.py", 1, 2)}, {}
    yield "cc: Read offset 2 limit 10 past the end", cc([
        ("Read", {"file_path": "a.py", "offset": 2, "limit": 10}, arrow(2, ["y", "z", ""]), False,
         read_result(f, 2, ["y", "z", ""], 4, "y\nz\n"))
    ]), {("a.py", 2, 3)}, {}
    yield "cc: Read limit inside the file keeps its last line", cc([
        ("Read", {"file_path": f, "limit": 2}, arrow(1, ["x", ""]), False, read_result(f, 1, ["x", ""], 9, "x\n"))
    ]), {("a.py", 1, 2)}, {}
    yield "cc: is_error and <tool_use_error>", cc([
        ("Read", {"file_path": f}, "<tool_use_error>File does not exist.</tool_use_error>", True, "Error: File does not exist."),
        ("Read", {"file_path": f}, "<tool_use_error>File does not exist.</tool_use_error>", False, None),
        ("Read", {"file_path": f}, None, False, None),
    ]), set(), {"tool error": 2, "missing observation": 1}
    yield "cc: persisted-output preview of head -n", cc([
        ("Bash", {"command": "head -n 100 a.py"}, "<persisted-output>\nOutput too large (9KB). Full output saved to: "
         "/x/t.txt\n\nPreview (first 2KB):\nl1\nl2\nl3\n...\n</persisted-output>", False, None)
    ]), {("a.py", 1, 3)}, {}
    yield "cc: ... [N lines truncated] ... in sed -n", cc([
        ("Bash", {"command": "sed -n '10,40p' a.py"}, "l10\nl11\nl12\n\n... [26 lines truncated] ...\n\nl39\nl40", False, None)
    ]), {("a.py", 10, 12)}, {}  # the blank line before the marker is Claude Code's; no length: head only
    yield "cc: ... [N lines truncated] ... as Claude Code writes it (head cut mid-line, nothing after)", cc([
        ("Bash", {"command": "sed -n '10,40p' a.py"}, "l10\nl11\nl1\n\n... [29 lines truncated] ...", False, None)
    ]), {("a.py", 10, 12)}, {}
    yield "cc: Grep content, -n omitted, false, files mode", cc([
        ("Grep", {"pattern": "x", "output_mode": "content", "path": f}, "3:x = 1\n9:x += 2", False, None),
        ("Grep", {"pattern": "x", "output_mode": "content", "path": f, "-n": False}, "x = 1\nx += 2", False, None),
        ("Grep", {"pattern": "x", "output_mode": "files_with_matches", "path": CWD}, "Found 1 file\na.py", False, None),
    ]), {("a.py", 3, 3), ("a.py", 9, 9)}, {"output without line numbers": 2}
    yield "cc: Grep content over a folder with context", cc([
        ("Grep", {"pattern": "x", "output_mode": "content", "path": CWD, "-C": 1},
         f"{CWD}/a-1-b.py-4-ctx\n{CWD}/a-1-b.py:5:x\n{CWD}/a-1-b.py-6-ctx\n--\n{CWD}/c.py:2:x", False, None),
    ]), {("a-1-b.py", 4, 6), ("c.py", 2, 2)}, {}
    yield "cc: paths, tools, edits", cc([
        ("Read", {"file_path": "/elsewhere/b.py"}, arrow(1, ["q"]), False, read_result("/elsewhere/b.py", 1, ["q"], 1, "q")),
        ("Glob", {"pattern": "*.py"}, "a.py", False, None),
        ("TodoWrite", {"todos": []}, "ok", False, None),
        ("Frobnicate", {}, "ok", False, None),
        ("Edit", {"file_path": f, "old_string": "x", "new_string": "y"}, "ok", False, {"structuredPatch": []}),
        ("Read", {"file_path": f}, arrow(1, ["y"]), False, read_result(f, 1, ["y"], 1, "y")),
        ("Write", {"file_path": CWD + "/new.py", "content": "n\n"}, "ok", False, {"type": "create"}),
        ("Bash", {"command": "cat new.py"}, "n", False, None),
        ("Bash", {"command": "cat nope.py"}, "cat: nope.py: No such file or directory", False, None),
        ("Bash", {"command": "grep x a.py"}, "x", False, None),
        ("Bash", {"command": "ls"}, "a.py", False, None),
    ]), set(), {"path outside repo": 1, "unknown command": 2, "unknown tool": 1, "unaligned after edit": 2,
                "only agent-written lines": 1, "tool error": 1, "output without line numbers": 1}


def claude_more():
    f = CWD + "/a.py"
    yield "cc: offset past the end, is_error Bash, MultiEdit, created then read", cc([
        ("Read", {"file_path": f, "offset": 50}, "<system-reminder>Warning: the file exists but is shorter than the "
         "provided offset (50). The file has 3 lines.</system-reminder>", False, read_result(f, 50, [], 3, "")),
        ("Bash", {"command": "sed -n '1,3p' b.py"}, "1\n2\n3", True, None),
        ("MultiEdit", {"file_path": CWD + "/c.py", "edits": []}, "ok", False, {"structuredPatch": []}),
        ("Grep", {"pattern": "x", "output_mode": "content", "path": CWD + "/c.py", "-n": True, "-A": 1}, "4:x\n5-y", False, None),
        ("Write", {"file_path": CWD + "/n.py", "content": "a\nb\n"}, "ok", False, {"type": "create"}),
        ("Read", {"file_path": CWD + "/n.py"}, arrow(1, ["a", "b", ""]), False, read_result(CWD + "/n.py", 1, ["a", "b", ""], 3, "a\nb\n")),
        ("Grep", {"pattern": "x", "output_mode": "count", "path": CWD}, "a.py:2", False, None),
    ]), set(), {"no lines shown": 1, "tool error": 1, "unaligned after edit": 2, "only agent-written lines": 1,
                "output without line numbers": 1}


def claude_stream():
    """`claude -p --output-format stream-json` (Harbor's `agent/claude-code.txt`): the session is `session_id`,
    the structured result `tool_use_result` (docs "Claude Code", session 40)."""
    f = CWD + "/a.py"
    text = cc([("Read", {"file_path": f}, arrow(1, ["x", "y", ""]), False, read_result(f, 1, ["x", "y", ""], 3, "x\ny\n"))],
              session="cc-stream")
    yield "cc: stream-json, a Read reaching totalLines", text.replace('"sessionId"', '"session_id"').replace(
        '"toolUseResult"', '"tool_use_result"'), {("a.py", 1, 2)}, {}


def codex_log(items, sid="cx-case"):
    recs = [{"timestamp": "t", "type": "session_meta", "payload": {"id": sid, "cwd": CWD}}]
    for t, p in items:
        recs.append({"timestamp": "t", "type": t, "payload": p})
    return "".join(json.dumps(r) + "\n" for r in recs)


def call(cid, name, args):
    return ("response_item", {"type": "function_call", "name": name, "arguments": json.dumps(args), "call_id": cid})


def out(cid, text):
    return ("response_item", {"type": "function_call_output", "call_id": cid, "output": text})


def chunk(body, running=None):
    head = "Chunk ID: 1\nWall time: 1 seconds\n"
    head += f"Process running with session ID {running}\n" if running else "Process exited with code 0\n"
    return head + "Original token count: 9\nOutput:\n" + body


def patch(cid, changes, success=True):
    return [("response_item", {"type": "custom_tool_call", "name": "apply_patch", "input": "*** Begin Patch", "call_id": cid}),
            ("event_msg", {"type": "patch_apply_end", "call_id": cid, "success": success, "changes": changes})]


def codex_cases():
    yield "codex: write_stdin polls carry the output", codex_log([
        call("c1", "exec_command", {"cmd": "sed -n '5,20p' a.py", "workdir": CWD}), out("c1", chunk("", running=7)),
        call("p1", "write_stdin", {"session_id": 7, "chars": ""}), out("p1", chunk("l5\nl6\nl7\n", running=7)),
        call("p2", "write_stdin", {"session_id": 7, "chars": "\u0003"}), out("p2", "write_stdin failed: stdin is closed"),
        call("p3", "write_stdin", {"session_id": 7, "chars": ""}), out("p3", chunk("l8\nl9\n")),
    ]), {("a.py", 5, 9)}, {}
    yield "codex: token truncation keeps head and tail", codex_log([
        call("c1", "exec_command", {"cmd": "sed -n '1,100p' a.py", "workdir": CWD}),
        out("c1", chunk("l1\nl2\nl3\nl4 sta…500 tokens truncated…rt 98\nl99\nl100\n")),
    ]), {("a.py", 1, 4)}, {}  # no length: the tail is not placed (docs: a cut output of unknown length credits its head)
    yield "codex: the header of a cut output (Total output lines: N, a blank line) is no output line", codex_log([
        call("c1", "exec_command", {"cmd": "sed -n '1,100p' a.py", "workdir": CWD}),
        out("c1", chunk("Total output lines: 100\n\nl1\nl2\nl3\nl4 sta…500 tokens truncated…rt 98\nl99\nl100\n")),
        call("c2", "shell", {"command": ["bash", "-lc", "sed -n '1,100p' b.py"]}),
        out("c2", json.dumps({"output": "Total output lines: 100\n\nl1\nl2…500 tokens truncated…l100\n"})),
    ]), {("a.py", 1, 4), ("a.py", 98, 100), ("b.py", 1, 2), ("b.py", 100, 100)}, {}  # session 29: N places the tail
    yield "codex: apply_patch update, add, delete, failure", codex_log([
        *patch("e1", {CWD + "/a.py": {"type": "update", "unified_diff": "@@ -1,1 +1,1 @@\n-x\n+y\n"}}),
        call("c1", "exec_command", {"cmd": "sed -n '1,3p' a.py", "workdir": CWD}), out("c1", chunk("y\n2\n3\n")),
        *patch("e2", {CWD + "/n.py": {"type": "add", "content": "n\n"}}),
        call("c2", "exec_command", {"cmd": "cat n.py", "workdir": CWD}), out("c2", chunk("n\n")),
        *patch("e3", {CWD + "/d.py": {"type": "delete"}}),
        call("c3", "exec_command", {"cmd": "head -n 2 d.py", "workdir": CWD}), out("c3", chunk("1\n2\n")),
        *patch("e4", {CWD + "/b.py": {"type": "update", "unified_diff": "@@ -1 +1 @@\n-x\n+y\n"}}, success=False),
        call("c4", "exec_command", {"cmd": "nl -ba b.py | sed -n '2,3p'", "workdir": CWD}), out("c4", chunk("     2\tb\n     3\tc\n")),
        call("u1", "update_plan", {"plan": []}), out("u1", "ok"),
        call("c5", "shell", {"command": ["bash", "-lc", "head -3 c.py"]}), out("c5", json.dumps({"output": "1\n2\n3\n"})),
        call("c6", "exec_command", {"cmd": "cat ~/.codex/SKILL.md", "workdir": CWD}), out("c6", chunk("s\n")),
        call("c7", "view_image", {"path": "x.png"}), out("c7", "ok"),
        call("c8", "exec_command", {"cmd": "grep -n x e.py", "workdir": CWD + "/sub"}), out("c8", chunk("4:x\n")),
    ]), {("b.py", 2, 3), ("c.py", 1, 3), ("sub/e.py", 4, 4)}, {
        "unaligned after edit": 4, "only agent-written lines": 1, "tool error": 1, "path outside repo": 1,
        "unknown tool": 1}


def codex_more():
    yield "codex: a numbered output cut by tokens drops the tail's first line", codex_log([
        call("c1", "exec_command", {"cmd": "grep -n x a.py", "workdir": CWD}),
        out("c1", chunk("3:x\n7:xyz…9 tokens truncated…73:foo\n80:x\n")),
        call("c2", "exec_command", {"cmd": "head -n 20 b.py", "workdir": CWD}), out("c2", chunk("")),
        ("event_msg", {"type": "exec_command_end", "call_id": "c3", "aggregated_output": "1\n2\n"}),
        call("c3", "exec_command", {"cmd": "head -n 5 c.py", "workdir": CWD}),
        *patch("e1", {CWD + "/d.py": {"type": "update", "unified_diff": "@@ -1 +1 @@\n-x\n+y\n",
                                      "move_path": CWD + "/e.py"}}),
        call("c4", "exec_command", {"cmd": "cat e.py", "workdir": CWD}), out("c4", chunk("y\n")),
        call("c5", "exec_command", {"cmd": "sed -n '2,4p' /elsewhere/f.py", "workdir": CWD}), out("c5", chunk("a\n")),
    ]), {("a.py", 3, 3), ("a.py", 7, 7), ("a.py", 80, 80), ("c.py", 1, 2)}, {
        "no lines shown": 1, "unaligned after edit": 3, "path outside repo": 1}


def codex_old_patch_end():
    yield "codex: an applied patch whose patch_apply_end has no changes (older builds)", codex_log([
        ("response_item", {"type": "custom_tool_call", "name": "apply_patch", "call_id": "e1",
                           "input": "*** Begin Patch\n*** Update File: d.py\n@@\n-x\n+y\n*** End Patch\n"}),
        ("event_msg", {"type": "patch_apply_end", "call_id": "e1", "success": True, "stdout": "Success.", "stderr": ""}),
        call("c1", "exec_command", {"cmd": "sed -n '1,2p' d.py", "workdir": CWD}), out("c1", chunk("y\nw\n")),
        call("c2", "exec_command", {"cmd": "sed -n '1,2p' f.py", "workdir": CWD}), out("c2", chunk("1\n2\n")),
    ]), {("f.py", 1, 2)}, {"unaligned after edit": 2}
    yield "codex: a token marker on a line of its own (older builds cut at line breaks)", codex_log([
        call("c1", "shell", {"command": ["bash", "-lc", "sed -n '1,100p' a.py"]}),
        out("c1", json.dumps({"output": "l1\nl2\nl3\n…900 tokens truncated…\nl98\nl99\nl100\n"})),
    ]), {("a.py", 1, 3)}, {}  # no length: the tail is not placed (docs: a cut output of unknown length credits its head)


def codex_workdirs():
    yield "codex: a workdir outside the checkout, sed 'ap', a whole-file read cut", codex_log([
        call("c1", "exec_command", {"cmd": "cat a.py", "workdir": "/other"}), out("c1", chunk("x\n")),
        call("c2", "exec_command", {"cmd": "sed -n '3p' a.py", "workdir": CWD}), out("c2", chunk("c\n")),
        call("c3", "exec_command", {"cmd": "head -2 /repo/b.py", "workdir": "/other"}), out("c3", chunk("1\n2\n")),
        call("c4", "exec_command", {"cmd": "cat c.py", "workdir": CWD}), out("c4", chunk("1\n2 …9 tokens truncated… 9\n10\n")),
        # session 28: a cut whole-file read credits its head; `Total output lines: N` places the tail
        call("c5", "exec_command", {"cmd": "cat d.py", "workdir": CWD}),
        out("c5", chunk("Total output lines: 10\n\n1\n2 …9 tokens truncated… 9\n10\n")),
    ]), {("a.py", 3, 3), ("b.py", 1, 2), ("c.py", 1, 2), ("d.py", 1, 2), ("d.py", 9, 10)}, {"path outside repo": 1}


def atif_log(agent, steps, sid="atif-case"):
    return json.dumps({"schema_version": "ATIF-v1.7", "session_id": sid, "agent": {"name": agent}, "steps": steps})


def tc(cid, name, args):
    return {"tool_call_id": cid, "function_name": name, "arguments": args}


def atif_cases():
    body = "a\nb\nc\n\n[40 more lines in file. Use offset=13 to continue.]"
    yield "atif: pairing by source_call_id, extra.tool_call_id and order", atif_log("openclaw", [
        {"step_id": 1, "source": "agent", "tool_calls": [tc("k1", "read", {"path": "/workspace/a.py"}),
                                                         tc("k2", "read", {"path": "b.py", "offset": 10, "limit": 3})],
         "observation": {"results": [{"source_call_id": "k2", "content": body}, {"content": "only\nfirst"}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [tc("k3", "read", {"path": "c.py"})]},
        {"step_id": 3, "source": "agent", "extra": {"tool_call_id": "k3"},
         "observation": {"results": [{"content": "1\n2\n3\n4"}]}},
        {"step_id": 4, "source": "agent", "tool_calls": [tc("k4", "read", {"path": "d.py"})]},
        {"step_id": 5, "source": "agent", "observation": {"results": [
            {"content": "z", "extra": {"tool_call_id": "k4", "isError": True}}]}},
    ]), {("a.py", 1, 2), ("b.py", 10, 12), ("c.py", 1, 4)}, {"tool error": 1}
    yield "atif: openclaw character cut and the arguments never extend", atif_log("openclaw", [
        {"step_id": 1, "source": "agent", "tool_calls": [tc("k1", "read", {"path": "log.txt", "offset": 5, "limit": 80})],
         "observation": {"results": [{"source_call_id": "k1", "content": "p\nq\nr-start[... 900 more characters truncated]"}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [tc("k2", "read", {"path": "s.py", "limit": 80})],
         "observation": {"results": [{"source_call_id": "k2", "content": "1\n2\n3"}]}},
        {"step_id": 3, "source": "agent", "tool_calls": [tc("k3", "process", {}), tc("k4", "mystery", {})],
         "observation": {"results": [{"source_call_id": "k3", "content": "x"}, {"source_call_id": "k4", "content": "y"}]}},
    ]), {("log.txt", 5, 7), ("s.py", 1, 3)}, {"unknown command": 1, "unknown tool": 1}
    yield "atif: an agent not listed looks in every table", atif_log("someone", [
        {"step_id": 1, "source": "agent", "tool_calls": [tc("k1", "Read", {"file_path": "/app/a.py"})],
         "observation": {"results": [{"source_call_id": "k1", "content": arrow(3, ["x", "y"])}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [tc("k2", "mark_task_complete", {})],
         "observation": {"results": [{"source_call_id": "k2", "content": "ok"}]}},
        {"step_id": 3, "source": "agent", "tool_calls": [tc("k3", "read", {"path": "/etc/passwd"})],
         "observation": {"results": [{"source_call_id": "k3", "content": "root"}]}},
    ]), {("a.py", 3, 4)}, {"path outside repo": 1}


def atif_newline():
    yield "atif: a result ending in a line break", atif_log("openclaw", [
        {"step_id": 1, "source": "agent", "tool_calls": [tc("k1", "read", {"path": "a.py"}), tc("k2", "read", {"path": "b.py", "offset": 4})],
         "observation": {"results": [{"source_call_id": "k1", "content": "x\ny\n"},
                                     {"source_call_id": "k2", "content": "p\r\nq\r\n\n[3 more lines in file. Use offset=6 to continue.]"}]}},
    ]), {("a.py", 1, 2), ("b.py", 4, 5)}, {}


def atif_more():
    yield "atif: write then read, exec reads, results in order", atif_log("openclaw", [
        {"step_id": 1, "source": "agent", "tool_calls": [tc("k1", "write", {"path": "/workspace/n.py", "content": "a"}),
                                                         tc("k2", "read", {"path": "/workspace/n.py"}),
                                                         tc("k3", "exec", {"command": "cat /workspace/m.py"})],
         "observation": {"results": [{"content": "Successfully wrote"}, {"content": "a"}, {"content": "1\n2\n3\n"}]}},
        {"step_id": 2, "source": "agent", "tool_calls": [tc("k4", "read", {"path": "q.py", "offset": 3})],
         "observation": {"results": [{"source_call_id": "k4", "content": "c\nd\n\n[9 more lines in file. Use offset=5 to continue.]"}]}},
        {"step_id": 3, "source": "agent", "tool_calls": [tc("k5", "read", {"path": "r.py"})]},
    ]), {("m.py", 1, 3), ("q.py", 3, 4)}, {"only agent-written lines": 1, "missing observation": 1}


READERS = {"v1": (fmt2.openhands_v1, ""), "cc": (fmt.claude_code, ".jsonl"), "codex": (fmt.codex, ".jsonl"), "atif": (atif.atif, ".json"),
           "gemini": (fmt2.gemini, ".json"), "inspect": (fmt2.inspect, ".json"), "otel": (fmt2.otel, ".json"),
           "aider": (aider.aider, ".aider.chat.history.md")}


def run_all(rc, check, PROBLEMS, FIG):
    import import_oracle_tools_cases2 as c2
    import import_oracle_tools_cases3 as c3
    import import_oracle_tools_cases4 as c4
    import import_oracle_tools_grep as cg
    gens = [claude_cases, claude_more, claude_stream, c3.claude_paths, c3.claude_window, c3.claude_grep_omitted, c3.claude_grep_extensionless, codex_cases, codex_more, c3.codex_omitted, codex_old_patch_end, codex_workdirs,
            atif_cases, atif_more, atif_newline, c2.gemini_cases, c2.gemini_more, c2.gemini_additions, c2.gemini_noroot, c2.gemini_many, c2.inspect_cases, c3.inspect_cut,
            c2.inspect_more, c2.otel_cases, c2.otel_sdk, c2.otel_named, c2.aider_cases, c2.aider_more, c2.v1_cases, c3.v1_sent_cut, c3.v1_clipped_view,
            c3.atif_ws, c3.claude_ws, c3.codex_ws, c3.gemini_ws, c4.shell_cases, c4.shell_forms, c4.codex_stated_to_end, c4.codex_no_end, c4.editor_cases, c4.editor_ws, c4.inspect_events, c4.aider_ws, cg.grep_text_ws]
    with tempfile.TemporaryDirectory() as d:
        for gen in gens:
            for n, (label, text, rows, reasons) in enumerate(gen()):
                ws = None
                if isinstance(rows, tuple):  # (rows, workspace files): imported with --workspace
                    rows, files = rows
                    ws = os.path.join(d, f"ws{FIG['hand-made cases']}")
                    for rel, body in files.items():
                        os.makedirs(os.path.dirname(os.path.join(ws, rel)), exist_ok=True)
                        open(os.path.join(ws, rel), "w").write(body)
                lib.Run.workspace = ws
                reader, ext = READERS[label.split(":")[0]]
                path = os.path.join(d, f"{label.split(':')[0]}{n}{ext}")
                if isinstance(text, dict):  # a folder (OpenHands V1 conversation)
                    shutil.rmtree(path, ignore_errors=True)  # another generator's case may have used the name
                    for rel, body in text.items():
                        os.makedirs(os.path.dirname(os.path.join(path, rel)), exist_ok=True)
                        open(os.path.join(path, rel), "w").write(body)
                else:
                    open(path, "w").write(text)
                runs = reader(path)
                got_rows = {(r[0], r[1], r[2]) + ((r[3],) if ws else ()) for o in runs for r in o.rows}
                got_reasons = {}
                for o in runs:
                    for k, v in o.reasons.items():
                        got_reasons[k] = got_reasons.get(k, 0) + v
                    if o.left_out:
                        PROBLEMS.append(f"{label}: the oracle left out {o.left_out} of a hand-made case")
                if got_rows != rows or got_reasons != reasons:
                    PROBLEMS.append(f"{label}: oracle self-check: rows {sorted(got_rows)} reasons {got_reasons}, "
                                    f"by hand {sorted(rows)} {reasons}")
                FIG["hand-made cases"] += 1
                check(label, rc, [path], runs, extra=("--workspace", ws) if ws else ())
                lib.Run.workspace = None
