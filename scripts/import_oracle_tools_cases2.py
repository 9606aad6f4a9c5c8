"""Hand-made Gemini CLI, Inspect AI, OpenTelemetry, Aider and OpenHands V1 logs of
scripts/import_oracle_tools.py (see import_oracle_tools_cases.py): each yields (label, text or
{path: text} for a folder, rows by hand, reasons by hand)."""
import hashlib
import json

from import_oracle_tools_cases import arrow


def gemini_log(calls, sid="gm-case", project="0" * 64):
    msgs = [{"type": "user", "content": "go"}]
    for i, (name, args, resp, *parts) in enumerate(calls):
        tcall = {"id": f"{name}_{i}", "name": name, "args": args, "status": "success" if resp else "cancelled"}
        if resp is not None:
            tcall["result"] = [{"functionResponse": {"id": f"{name}_{i}", "name": name, "response": resp}}]
            tcall["result"] += [{"text": t} for t in parts]
        msgs.append({"type": "gemini", "content": "", "toolCalls": [tcall]})
    return json.dumps({"sessionId": sid, "projectHash": project, "messages": msgs})


def gemini_cases():
    trunc = ("\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 11-13 of 90 total lines.\n"
             "Action: ...\n\n--- FILE CONTENT (truncated) ---\nk\nl\nm")
    yield "gemini: read_file windows, grep per file, errors", gemini_log([
        ("read_file", {"file_path": "a.py", "start_line": 11}, {"output": trunc}),
        ("read_file", {"file_path": "b.py", "offset": 4}, {"output": "x\ny"}),
        ("read_file", {"file_path": "c.py"}, {"output": "1\n2\n3\n"}),
        ("grep_search", {"pattern": "x", "dir_path": "src"},
         {"output": "Found 3 matches\n---\nFile: p.py\nL3: x\nL4- y\n---\nFile: q/r.py\nL9: x\n---"}),
        ("replace", {"file_path": "c.py", "old_string": "1", "new_string": "2"}, {"error": "no match"}),
        ("read_file", {"file_path": "d.py"}, None),
        ("run_shell_command", {"command": "head -n 2 e.py"}, {"output": "Output: 1\n2\nExit Code: 0\nProcess Group PGID: 9"}),
        ("run_shell_command", {"command": "cat f.py"}, {"output": "Output: (empty)\nProcess Group PGID: 9"}),
        ("glob", {"pattern": "*"}, {"output": "a.py"}),
    ]), {("a.py", 11, 13), ("b.py", 5, 6), ("c.py", 1, 3), ("src/p.py", 3, 4), ("src/q/r.py", 9, 9), ("e.py", 1, 2)}, {
        "tool error": 1, "missing observation": 1, "file length unknown": 1, "unknown command": 1}


def gemini_more():
    root = "/home/u/proj"
    yield "gemini: the project root from projectHash, write then read", gemini_log([
        ("read_file", {"file_path": root + "/a.py"}, {"output": "x\ny\n"}),
        ("read_file", {"file_path": "/etc/hosts"}, {"output": "h\n"}),
        ("write_file", {"file_path": root + "/n.py", "content": "1\n"}, {"output": "Successfully created"}),
        ("read_file", {"file_path": "n.py"}, {"output": "1\n"}),
        ("grep_search", {"pattern": "x", "dir_path": root + "/src"}, {"output": "Found 1 match\n---\nFile: b.py\nL7: x\n---"}),
        ("save_memory", {"fact": "x"}, {"output": "ok"}),
        ("run_shell_command", {"command": "sed -n '4,5p' c.py"}, {"output": "Output: d\ne\nProcess Group PGID: 1"}),
    ], project=hashlib.sha256(root.encode()).hexdigest()), {("a.py", 1, 2), ("src/b.py", 7, 7), ("c.py", 4, 5)}, {
        "path outside repo": 1, "only agent-written lines": 1}


def gemini_additions():
    ctx = ("\n\n--- Newly Discovered Project Context ---\n--- Context from: GEMINI.md ---\nx\n"
           "--- End of Context from: GEMINI.md ---\n--- End Project Context ---")
    warn = "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]"
    yield "gemini: project context, 0.9.0 read_many_files parts, a cut file, both shell cuts", gemini_log([
        ("read_file", {"file_path": "a.py"}, {"output": "a\nb\nc\n" + ctx}),
        ("read_many_files", {"paths": ["*.py"]}, {"output": "Tool execution succeeded."},
         f"--- b.py ---\n\n{warn}\n\nx\ny\n\n", "--- c.py ---\n\n1\n\n", "\n--- End of content ---"),
        ("read_many_files", {"paths": ["a.py"]}, {"output": "--- a.py ---\n\na\nb\nc\n\n\n" + ctx}),
        ("run_shell_command", {"command": "sed -n '1,100p' d.py"}, {"output": (
            "Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /t/o\n"
            "Output: l1\nl2\nl\n\n... [41,234 characters omitted] ...\n\n99\nl100\nProcess Group PGID: 5")}),
        ("run_shell_command", {"command": "sed -n '1,100p' e.py"}, {"output": (
            "Tool output was too large and has been truncated.\nTruncated part of the output:\nCommand: x\n"
            "Output: l1\nl2\n... [CONTENT TRUNCATED] ...\nl99\nl100\nError: (none)\nExit Code: 0")}),
    ]), {("a.py", 1, 3), ("b.py", 1, 2), ("c.py", 1, 1), ("d.py", 1, 3), ("e.py", 1, 2)}, {}  # no length: heads only


def inspect_cases():
    def sample(epoch, cmd, output):
        return {"id": "s1", "epoch": epoch, "messages": [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "t1", "function": "bash", "arguments": {"cmd": cmd}}]},
            {"role": "tool", "tool_call_id": "t1", "content": output, "function": "bash"},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "t2", "function": "python", "arguments": {"code": "1"}},
                                                                {"id": "t3", "function": "bash", "arguments": {"cmd": "cat g.py"}}]},
            {"role": "tool", "tool_call_id": "t2", "content": "1", "function": "python"},
            {"role": "tool", "tool_call_id": "t3", "content": "", "function": "bash", "error": {"message": "boom"}}]}
    log = {"version": 2, "eval": {"task": "t", "model": "m/x"},
           "samples": [sample(1, "sed -n '3,4p' /testbed/a.py", "c\nd\n"), sample(2, "head -n 1 a.py", "a\n")]}
    yield "inspect: a run per epoch, python, errors", json.dumps(log), {("a.py", 3, 4), ("a.py", 1, 1)}, {
        "unknown command": 2, "tool error": 2}


def otel_cases():
    def span(trace, t, tool, args, result):
        attrs = [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                 {"key": "gen_ai.tool.name", "value": {"stringValue": tool}}]
        if args is not None:
            attrs.append({"key": "gen_ai.tool.call.arguments", "value": {"stringValue": json.dumps(args)}})
        if result is not None:
            attrs.append({"key": "gen_ai.tool.call.result", "value": {"stringValue": result}})
        return {"traceId": trace, "spanId": "1" * 16, "name": f"execute_tool {tool}", "startTimeUnixNano": str(t),
                "attributes": attrs}
    a, b = "a" * 32, "b" * 32
    doc = {"resourceSpans": [{"scopeSpans": [{"spans": [
        span(a, 2, "read_file", {"file_path": "x.py"}, arrow(1, ["a", "b"])),
        span(b, 1, "read_file", {"file_path": "y.py"}, None),
        span(a, 3, "Bash", {"command": "sed -n '2,3p' z.py"}, "b\nc\n"),
        span(b, 4, "get_time", {}, "now"),
    ]}]}]}
    yield "otel: a run per trace, content not captured", json.dumps(doc), {("x.py", 1, 2), ("z.py", 2, 3)}, {
        "content not captured": 1, "unknown tool": 1}


def otel_sdk():
    doc = {"spans": [
        {"name": "execute_tool Read", "context": {"trace_id": 255, "span_id": 1}, "start_time": 5,
         "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "Read", "gen_ai.agent.name": "claude-code",
                        "gen_ai.tool.args": json.dumps({"file_path": "a.py"}), "gen_ai.output": arrow(2, ["b", "c"])}},
        {"name": "invoke_agent", "context": {"trace_id": 255, "span_id": 2}, "start_time": 1,
         "attributes": {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "claude-code"}}]}
    yield "otel: SDK span JSON, an integer trace id, arguments as any-agent writes them", json.dumps(doc), {
        ("a.py", 2, 3)}, {}


def aider_cases():
    text = """# aider chat started at 2025-01-01 00:00:00

> Aider v0.82.2
> Main model: x with diff-fenced edit format

#### /add a.py
> Added a.py to the chat

#### change things

a.py
```python
<<<<<<< SEARCH
old
=======
new
>>>>>>> REPLACE
```

b.py
```python
<<<<<<< SEARCH
gone
=======
new
>>>>>>> REPLACE
```

n.py
```python
<<<<<<< SEARCH
=======
made
>>>>>>> REPLACE
```

> Tokens: 1k sent, 1k received.
> c.py
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: y
> d.py
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: n
> Applied edit to a.py
> Applied edit to n.py

#### more

> Tokens: 1k sent, 1k received.
> Added n.py to the chat.

#### /drop c.py

#### again

> Tokens: 1k sent, 1k received.
> Applied edit to w.py
"""
    yield "aider: reads at requests, confirmed blocks, prompts", text, set(), {
        "file length unknown": 2, "unaligned after edit": 2, "tool error": 1, "only agent-written lines": 1}


def v1_cases():
    ws = "/workspace/proj"
    evs = []

    def action(aid, kind, body, tool):
        evs.append({"id": aid, "source": "agent", "action": dict(body, kind=kind), "tool_name": tool,
                    "tool_call_id": "tc" + aid, "kind": "ActionEvent"})

    def observe(aid, text, err=False, cwd=ws):
        evs.append({"id": "o" + aid, "source": "environment", "tool_name": "terminal", "tool_call_id": "tc" + aid,
                    "observation": {"content": [{"type": "text", "text": text}], "is_error": err,
                                    "metadata": {"working_dir": cwd}, "kind": "TerminalObservation"},
                    "action_id": aid, "kind": "ObservationEvent"})
    action("a1", "TerminalAction", {"command": "sed -n '2,3p' a.py"}, "terminal")
    observe("a1", "b\nc\n")
    action("a0", "TerminalAction", {"command": "cd sub"}, "terminal")
    observe("a0", "", cwd=ws + "/sub")
    action("a2", "TerminalAction", {"command": "head -n 2 b.py"}, "terminal")
    observe("a2", "1\n2\n", cwd=ws + "/sub")
    action("a3", "TerminalAction", {"command": "cat c.py"}, "terminal")
    observe("a3", "cat: c.py: No such file or directory", err=True)
    action("a4", "TerminalAction", {"command": "cat d.py"}, "terminal")
    action("a5", "ThinkAction", {"thought": "hm"}, "think")
    action("a6", "BrowseAction", {"url": "x"}, "browser")
    observe("a6", "page")
    action("a7", "FinishAction", {"message": "done"}, "finish")
    files = {"base_state.json": json.dumps({"id": "v1-case", "agent": {"llm": {"model": "m"}}, "workspace": {"working_dir": ws}})}
    for i, e in enumerate(evs):
        files[f"events/event-{i:05d}-{e['id']}.json"] = json.dumps(e)
    yield "v1: terminal reads, errors, missing and unknown actions", files, {("a.py", 2, 3), ("sub/b.py", 1, 2)}, {
        "tool error": 1, "missing observation": 1, "unknown tool": 1, "unknown command": 1}




def inspect_more():
    sample = {"id": 7, "epoch": 3, "attachments": {"h1": "1\n2\n3\n"}, "messages": [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "t1", "function": "bash_session", "arguments": {"input": "head -n 3 a.py"}},
            {"id": "t2", "function": "think", "arguments": {"thought": "x"}},
            {"id": "t3", "function": "bash", "arguments": {"cmd": "cat b.py"}}]},
        {"role": "tool", "tool_call_id": "t1", "content": "attachment://h1", "function": "bash_session"},
        {"role": "tool", "tool_call_id": "t2", "content": "", "function": "think"}]}
    log = {"version": 2, "eval": {"task": "t", "model": "p/m"}, "samples": [sample]}
    yield "inspect: attachment://, bash_session, think, a missing result", json.dumps(log), {("a.py", 1, 3)}, {
        "missing observation": 1}


def otel_named():
    doc = {"resourceSpans": [{"scopeSpans": [{"spans": [
        {"traceId": "c" * 32, "spanId": "1" * 16, "name": "execute_tool exec", "startTimeUnixNano": "1",
         "attributes": [{"key": "gen_ai.tool.name", "value": {"stringValue": "exec"}},
                        {"key": "gen_ai.agent.name", "value": {"stringValue": "openclaw"}},
                        {"key": "gen_ai.tool.call.arguments", "value": {"stringValue": json.dumps({"command": "head -n 1 a.py"})}},
                        {"key": "gen_ai.tool.call.result", "value": {"stringValue": "x"}}]}]}]}]}
    yield "otel: a span named execute_tool without the operation attribute", json.dumps(doc), {("a.py", 1, 1)}, {}


def aider_more():
    text = """# aider chat started at 2025-01-01 00:00:00

#### /read-only r.py
> Added r.py to read-only files.

#### hello

> Tokens: 1k sent, 1k received.
> s.py
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a
> t.py
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: s

> Tokens: 1k sent, 1k received.

#### /drop

#### again

> Tokens: 1k sent, 1k received.

# aider chat started at 2025-01-02 00:00:00

#### /add r.py
> Added r.py to the chat

#### hi

> Tokens: 1k sent, 1k received.
> Tokens: 1k sent, 1k received.
"""
    yield "aider: read-only files, `a` and `s` answers, /drop, a new session", text, set(), {"file length unknown": 3}


def gemini_noroot():
    yield "gemini: no path hashes to projectHash: absolute paths are outside", gemini_log([
        ("read_file", {"file_path": "/home/v/p/a.py"}, {"output": "x\n"}),
        ("read_file", {"file_path": "b.py"}, {"output": "x\n"}),
    ]), {("b.py", 1, 1)}, {"path outside repo": 1}


def gemini_many():
    yield "gemini: read_many_files, a section per file", gemini_log([
        ("read_many_files", {"paths": ["a.py", "b.py"]},
         {"output": "--- a.py ---\n\nx\ny\n\n--- b.py ---\n\nz\n\n--- End of content ---"}),
        ("read_file", {"file_path": "q.py"}, {"output": "1\n2\n"}),
    ]), {("a.py", 1, 2), ("b.py", 1, 1), ("q.py", 1, 2)}, {}
