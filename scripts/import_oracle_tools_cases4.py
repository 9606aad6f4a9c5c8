"""Hand-made logs whose shell commands go past the simple forms (scripts/import_oracle_tools.py, see
import_oracle_tools_cases.py): pipes, lists, writes and cuts recomputed by the shell oracle's bash model
(import_oracle_tools_shell.py), and how its writes and the structured tools' edits meet (docs/importers.md
"Edits and line mapping", "What counts as displayed", "Summary reasons"). Each yields (label, text, rows by
hand as (path, start, end), reasons by hand)."""
from import_oracle_tools_cases import CWD, arrow, call, cc, chunk, codex_log, out, read_result


def shell_cases():
    x = CWD + "/x.py"
    yield "cc: shell writes and structured edits meet, pipes and lists", cc([
        # `sed -i` makes x.py unaligned (docs "Not replayed"); the pipe reads y.py 1-2
        ("Bash", {"command": "sed -i 's/a/b/' x.py && cat y.py | head -n 2"}, "y1\ny2\n", False, None),
        ("Read", {"file_path": x}, arrow(1, ["b", ""]), False, read_result(x, 1, ["b", ""], 2, "b\n")),  # unaligned
        ("Edit", {"file_path": CWD + "/z.py", "old_string": "c", "new_string": "C"}, "updated", False,
         {"structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-c", "+C"]}]}),
        ("Bash", {"command": "grep -n C z.py | head -5"}, "1:C\n", False, None),  # unaligned after the Edit
        ("Bash", {"command": "cd sub && cat -n w.py | head -3"}, "     1\ta\n     2\tb\n     3\tc\n", False, None),
        ("Bash", {"command": "python3 -m pytest -q; echo done"}, "1 passed\ndone\n", False, None),
        ("Bash", {"command": "cat a.py | grep foo"}, "foo = 1\n", False, None),  # a filter hides positions
        ("Bash", {"command": "cat > new.py << 'EOF'\nprint(1)\nEOF"}, "", False, None),  # created: no reason
        ("Bash", {"command": "PAGER=cat git diff | head -3; tail -n +2 v.py | head -n 2"}, "v2\nv3\n", False, None),
        ("Bash", {"command": "head -n 3 data.json | jq -r .name"}, "x\n", False, None),  # jq hides positions
        ("Bash", {"command": "rg -n foo src -g '*.py' --hidden"}, "src/q.py:4:foo\n", False, None),  # file filters
    ]), {("y.py", 1, 2), ("sub/w.py", 1, 3), ("v.py", 2, 3), ("src/q.py", 4, 4)}, {
        "unaligned after edit": 3, "unknown command": 1, "output without line numbers": 2}
    # older codex-rs cut by lines: the tail's lines are whole, so a numbered tail keeps its first line
    body = "1:x\n2:x\n[... omitted 5 of 9 lines ...]\n\n8:x\n9:x\n"
    yield "codex: grep -n through head, an output cut by lines keeps the tail's first line", codex_log([
        call("c1", "exec_command", {"cmd": "grep -n x a.py | head -300", "workdir": CWD}), out("c1", chunk(body)),
        call("c2", "exec_command", {"cmd": "head -n 3 b.py && sed -n '5,6p' b.py", "workdir": CWD}),
        out("c2", chunk("1\n2\n3\n5\n6\n")),
    ]), {("a.py", 1, 2), ("a.py", 8, 9), ("b.py", 1, 3), ("b.py", 5, 6)}, {}


def codex_no_end():
    # docs "Codex CLI rollout": a patch with no patch_apply_end makes the files it names unaligned, an
    # edit per file (each *unaligned after edit*), and later reads of them
    yield "codex: apply_patch without patch_apply_end, two files", codex_log([
        ("response_item", {"type": "custom_tool_call", "name": "apply_patch", "call_id": "e1",
                           "input": "*** Begin Patch\n*** Update File: d.py\n@@\n-x\n+y\n*** Add File: n.py\n+z\n"
                                    "*** End Patch\n"}),
        call("c1", "exec_command", {"cmd": "sed -n '1,2p' d.py", "workdir": CWD}), out("c1", chunk("y\nw\n")),
        call("c2", "exec_command", {"cmd": "cat n.py | head -1", "workdir": CWD}), out("c2", chunk("z\n")),
        call("c3", "exec_command", {"cmd": "sed -n '1,2p' f.py", "workdir": CWD}), out("c3", chunk("1\n2\n")),
    ]), {("f.py", 1, 2)}, {"unaligned after edit": 4}


def catn(start, texts):
    """OpenHands' editor view: `{n:6}\t{line}` after the header."""
    return "Here's the result of running `cat -n` on /x:\n" + "".join(f"{start + i:6}\t{t}\n" for i, t in enumerate(texts))


def editor_cases():
    import json
    from import_oracle_tools_cases import atif_log, tc
    ws = "/workspace/proj"
    evs = []

    def act(aid, body, text, err=False):
        evs.append({"id": aid, "source": "agent", "action": dict(body, kind="FileEditorAction"),
                    "tool_name": "file_editor", "tool_call_id": "tc" + aid, "kind": "ActionEvent"})
        evs.append({"id": "o" + aid, "source": "environment", "tool_name": "file_editor", "tool_call_id": "tc" + aid,
                    "observation": {"content": [{"type": "text", "text": text}], "is_error": err,
                                    "kind": "FileEditorObservation"}, "action_id": aid, "kind": "ObservationEvent"})
    # docs "What counts as a read", OpenHands `view`: a view to the end drops the final empty numbered line;
    # after `view_range [a, b]` the lines past b are dropped
    act("a1", {"command": "view", "path": ws + "/a.py"}, catn(1, ["x", "y", "z", ""]))
    act("a2", {"command": "view", "path": ws + "/b.py", "view_range": [2, 3]}, catn(2, ["2", "3", "4"]))
    act("a3", {"command": "view", "path": ws + "/src"}, "Here's the files and directories up to 2 levels deep in "
        + ws + "/src, excluding hidden items:\n" + ws + "/src/\n")
    act("a4", {"command": "str_replace", "path": ws + "/a.py", "old_str": "y", "new_str": "Y"}, "The file was edited.")
    act("a5", {"command": "view", "path": ws + "/a.py"}, catn(1, ["x", "Y", "z", ""]))  # unaligned
    act("a6", {"command": "create", "path": ws + "/n.py", "file_text": "n\n"}, "File created successfully")
    act("a7", {"command": "view", "path": ws + "/n.py"}, catn(1, ["n", ""]))  # agent-written
    act("a8", {"command": "view", "path": "/etc/hosts"}, catn(1, ["h"]))
    act("a9", {"command": "view", "path": ws + "/c.py"}, "ERROR: Invalid `path` parameter: no such file", err=True)
    files = {"base_state.json": json.dumps({"id": "v1-ed", "agent": {"llm": {"model": "m"}}, "workspace": {"working_dir": ws}})}
    for i, e in enumerate(evs):
        files[f"events/event-{i:05d}-{e['id']}.json"] = json.dumps(e)
    yield "v1: FileEditorAction views, a directory, edits without a workspace", files, {
        ("a.py", 1, 3), ("b.py", 2, 3)}, {"directory view": 1, "unaligned after edit": 2, "only agent-written lines": 1,
                                          "path outside repo": 1, "tool error": 1}
    # Inspect `text_editor`: read as OpenHands' editor, a clipped view reads up to the clip
    msgs = [{"role": "user", "content": "go"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "t1", "function": "text_editor", "arguments": {"command": "view", "path": "/testbed/a.py"}},
                {"id": "t2", "function": "text_editor", "arguments": {"command": "view", "path": "/testbed/b.py",
                                                                       "view_range": [5, -1]}},
                {"id": "t3", "function": "text_editor", "arguments": {"command": "insert", "path": "/testbed/b.py",
                                                                       "insert_line": 1, "new_str": "q"}}]},
            {"role": "tool", "tool_call_id": "t1", "function": "text_editor",
             "content": catn(1, ["a", "b"]).rstrip("\n") + "<response clipped><NOTE>To save on context only part"},
            {"role": "tool", "tool_call_id": "t2", "function": "text_editor", "content": catn(5, ["5", "6", ""])},
            {"role": "tool", "tool_call_id": "t3", "function": "text_editor", "content": "The file was edited."}]
    log = {"version": 2, "eval": {"task": "t", "model": "m/x"}, "samples": [{"id": "s1", "epoch": 1, "messages": msgs}]}
    yield "inspect: text_editor views (clipped, view_range to the end), an insert", json.dumps(log), {
        ("a.py", 1, 2), ("b.py", 5, 6)}, {"unaligned after edit": 1}
    # ATIF `editor` kind (OpenHands' `str_replace_editor` under agent openhands)
    def step(n, call_, content):
        return {"step_id": n, "source": "agent", "tool_calls": [call_],
                "observation": {"results": [{"source_call_id": call_["tool_call_id"], "content": content}]}}
    yield "atif: the editor kind, view and create", atif_log("openhands", [
        step(1, tc("k1", "str_replace_editor", {"command": "view", "path": "/testbed/a.py", "view_range": [1, 2]}),
             catn(1, ["a", "b", "c"])),
        step(2, tc("k2", "str_replace_editor", {"command": "create", "path": "/testbed/new.py", "file_text": "x\n"}),
             "File created successfully at: /testbed/new.py"),
    ]), {("a.py", 1, 2)}, {}


def editor_ws():
    import json
    from import_oracle_tools_cases import atif_log, tc

    def step(n, call_, content):
        return {"step_id": n, "source": "agent", "tool_calls": [call_],
                "observation": {"results": [{"source_call_id": call_["tool_call_id"], "content": content}]}}
    # with a workspace: a directory there is a directory view (no header), a file it lacks is not in the
    # workspace, a str_replace is replayed (its edit row), a view of an unedited file is checked and read
    yield "atif: the editor kind with a workspace", atif_log("openhands", [
        step(1, tc("k1", "str_replace_editor", {"command": "view", "path": "/testbed/pkg"}), "pkg listing"),
        step(2, tc("k2", "str_replace_editor", {"command": "view", "path": "/testbed/gone.py"}), catn(1, ["g"])),
        step(3, tc("k3", "str_replace_editor", {"command": "view", "path": "/testbed/b.py"}), catn(1, ["1", "2", ""])),
        step(4, tc("k4", "str_replace_editor", {"command": "str_replace", "path": "/testbed/a.py",
                                                "old_str": "b\n", "new_str": "B\n"}), "edited"),
        step(5, tc("k5", "str_replace_editor", {"command": "insert", "path": "/testbed/b.py", "insert_line": 1,
                                                "new_str": "i1\ni2"}), "edited"),
    ]), ({("b.py", 1, 2, "read"), ("a.py", 2, 2, "edit"), ("b.py", 1, 1, "edit")},
         {"a.py": "a\nb\nc\n", "b.py": "1\n2\n", "pkg/m.py": "m\n"}), {
        "directory view": 1, "file not in workspace": 1}
    # a view after a replayed edit: its current lines checked against the replayed text, mapped to base
    # lines (the inserted ones are the agent's)
    yield "atif: the editor kind, a view of a file the replay changed", atif_log("openhands", [
        step(1, tc("k1", "str_replace_editor", {"command": "insert", "path": "/testbed/b.py", "insert_line": 1,
                                                "new_str": "i1"}), "edited"),
        step(2, tc("k2", "str_replace_editor", {"command": "view", "path": "/testbed/b.py"}),
             catn(1, ["1", "i1", "2", "3", ""])),
        step(3, tc("k3", "str_replace_editor", {"command": "view", "path": "/testbed/b.py", "view_range": [2, 2]}),
             catn(2, ["i1"])),
        step(4, tc("k4", "str_replace_editor", {"command": "view", "path": "/testbed/b.py", "view_range": [3, 4]}),
             catn(3, ["2", "X"])),
    ]), ({("b.py", 1, 1, "edit"), ("b.py", 1, 3, "read")}, {"b.py": "1\n2\n3\n"}), {
        "only agent-written lines": 1, "shown text differs from file": 1}
    # undo_edit replayed: the copy before the last edit comes back (its edit row: the base lines in one
    # version and not the other), its `cat -n` a read of the restored file; with no history, an error
    yield "atif: the editor kind, undo_edit with a workspace", atif_log("openhands", [
        step(1, tc("k1", "str_replace_editor", {"command": "str_replace", "path": "/testbed/b.py", "old_str": "2\n",
                                                "new_str": "two\n"}), "edited"),
        step(2, tc("k2", "str_replace_editor", {"command": "insert", "path": "/testbed/b.py", "insert_line": 0,
                                                "new_str": "top"}), "edited"),
        step(3, tc("k3", "str_replace_editor", {"command": "undo_edit", "path": "/testbed/b.py"}),
             "Last edit to /testbed/b.py undone successfully. " + catn(1, ["1", "two", "3", ""])),
        step(4, tc("k4", "str_replace_editor", {"command": "undo_edit", "path": "/testbed/b.py"}),
             "Last edit to /testbed/b.py undone successfully. " + catn(1, ["1", "2", "3", ""])),
        step(5, tc("k5", "str_replace_editor", {"command": "undo_edit", "path": "/testbed/b.py"}),
             "ERROR: No edit history found for /testbed/b.py."),
    ]), ({("b.py", 2, 2, "edit"), ("b.py", 1, 1, "read"), ("b.py", 3, 3, "read"), ("b.py", 1, 3, "read")},
         {"b.py": "1\n2\n3\n"}), {"tool error": 1}


def inspect_events():
    import json
    # docs "Inspect AI": no `messages`: the last model event's input and `input_refs` into `message_pool`, then
    # its output; an earlier model event is not the conversation
    pool = [{"role": "user", "content": "go"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "t1", "function": "bash", "arguments": {"cmd": "sed -n '2,3p' a.py"}}]},
            {"role": "tool", "tool_call_id": "t1", "function": "bash", "content": "b\nc\n"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "t9", "function": "bash", "arguments": {"cmd": "head -n 1 z.py"}}]},
            {"role": "tool", "tool_call_id": "t2", "function": "bash", "content": "1\n2\n"}]
    last = {"event": "model", "input": [{"role": "system", "content": "sys"}], "input_refs": [[0, 3], [4, 5]],
            "output": {"choices": [{"message": {"role": "assistant", "content": "", "tool_calls": [
                {"id": "t2", "function": "bash", "arguments": {"cmd": "cat b.py | head -n 2"}}]}}]}}
    early = {"event": "model", "input": [], "output": {"choices": [{"message": {
        "role": "assistant", "content": "", "tool_calls": [{"id": "t7", "function": "python", "arguments": {}}]}}]}}
    sample = {"id": "s1", "epoch": 1, "message_pool": pool, "events": [early, {"event": "tool"}, last]}
    log = {"version": 2, "eval": {"task": "t", "model": "m/x"}, "samples": [sample]}
    yield "inspect: no messages, the conversation from the last model event", json.dumps(log), {
        ("a.py", 2, 3), ("b.py", 1, 2)}, {}


def aider_ws():
    # docs "Aider" with a workspace: a chat file read whole at the request (all its current lines, base lines
    # only), a confirmed block replayed (its edit row), a file added after the edit read as edited (the
    # replaced line is the agent's), an empty SEARCH creating a file (not in the workspace)
    text = """# aider chat started at 2025-05-04 17:02:36

#### /add a.py

> Added a.py to the chat

#### change it

a.py
```python
<<<<<<< SEARCH
b
=======
B
B2
>>>>>>> REPLACE
```

n.py
```python
<<<<<<< SEARCH
=======
new
>>>>>>> REPLACE
```

> Tokens: 1.0k sent, 10 received.
> Applied edit to a.py
> Applied edit to n.py

#### /drop

#### /add a.py b.py

> Added a.py to the chat
> Added b.py to the chat

#### more

ok

> Tokens: 1.2k sent, 3 received.
"""
    yield "aider: a workspace, reads at requests, a block replayed, a created file", text, (
        {("a.py", 1, 3, "read"), ("a.py", 2, 2, "edit"), ("a.py", 1, 1, "read"), ("a.py", 3, 3, "read"),
         ("b.py", 1, 2, "read")}, {"a.py": "a\nb\nc\n", "b.py": "1\n2\n"}), {}
    # a block aider could not apply (quoted under SearchReplaceNoExactMatch) is an action: later steps count it
    text = """# aider chat started at 2025-05-04 17:02:36

#### /add a.py

> Added a.py to the chat

#### change it

a.py
```python
<<<<<<< SEARCH
zzz
=======
Z
>>>>>>> REPLACE
```

> Tokens: 1.0k sent, 10 received.

## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py
<<<<<<< SEARCH
zzz
=======
Z
>>>>>>> REPLACE

#### /add b.py

> Added b.py to the chat

#### again

a.py
```python
<<<<<<< SEARCH
c
=======
C
>>>>>>> REPLACE
```

> Tokens: 1.2k sent, 3 received.
> Applied edit to a.py
"""
    yield "aider: a workspace, a failed block counted among the steps", text, (
        {("a.py", 1, 3, "read"), ("b.py", 1, 2, "read"), ("a.py", 3, 3, "edit")},
        {"a.py": "a\nb\nc\n", "b.py": "1\n2\n"}), {"tool error": 1}


def shell_forms():
    # docs "What counts as a read" (session 29): `rg --files` reads nothing (*output without line numbers*),
    # nor does `grep -on` (*only matched parts shown*: numbered, no line whole; `--only-matching` and a stage
    # reading a pipe alike; `grep -o` without `-n`: *output without line numbers*), `cat` of a here-document
    # no file (*unknown command*); a numbered grep
    # over several files beside an unnumbered read is read and its lines are not the sed's; a numbered read of
    # one file beside another read is *ambiguous output* (nothing; the action gave rows, so no reason); the
    # first read's failure is the reason of a command that read nothing (`~/…`: *path outside repo*; a
    # folder grep that matched nothing: *no lines shown*)
    yield "codex: rg --files, grep -o, cat of a here-document, mixed numbered and unnumbered reads", codex_log([
        call("c1", "exec_command", {"cmd": "rg --files src -g '*.py' | head -3", "workdir": CWD}),
        out("c1", chunk("src/a.py\nsrc/b.py\n")),
        call("c2", "exec_command", {"cmd": "grep -on 'foo' a.py", "workdir": CWD}), out("c2", chunk("3:foo\n7:foo\n")),
        call("c3", "exec_command", {"cmd": "cat <<'EOF' | jq -r '.[]'\n[1, 2]\nEOF", "workdir": CWD}),
        out("c3", chunk("1\n2\n")),
        call("c4", "exec_command", {"cmd": "sed -n '3,9p' a.py && rg -n foo src", "workdir": CWD}),
        out("c4", chunk("a3\na4\na5\nsrc/q.py:4:foo\nsrc/r.py:8:foo = 1\n")),
        call("c5", "exec_command", {"cmd": "sed -n '3,5p' a.py && grep -n foo b.py", "workdir": CWD}),
        out("c5", chunk("a3\na4\na5\n4:foo\n")),
        call("c6", "exec_command", {"cmd": "grep -n x ~/notes.txt | head -3", "workdir": CWD}), out("c6", chunk("1:x\n")),
        call("c7", "exec_command", {"cmd": "rg -n nothing src lib", "workdir": CWD}), out("c7", chunk("")),
        call("c8", "exec_command", {"cmd": "grep -n --only-matching foo a.py | head -1", "workdir": CWD}),
        out("c8", chunk("3:foo\n")),
        call("c9", "exec_command", {"cmd": "cat a.py | grep -on foo", "workdir": CWD}), out("c9", chunk("3:foo\n")),
        call("c10", "exec_command", {"cmd": "grep -o foo a.py", "workdir": CWD}), out("c10", chunk("foo\n")),
    ]), {("a.py", 3, 5), ("src/q.py", 4, 4), ("src/r.py", 8, 8), ("a.py", 3, 5)}, {
        "output without line numbers": 2, "only matched parts shown": 3, "unknown command": 1,
        "path outside repo": 1, "no lines shown": 1}


def codex_stated_to_end():
    # docs "What counts as displayed" (session 29): a cut read from a known line to the file's end
    # (`tail -n +K`, as a later stage too, `sed -n 'K,$p'`) credits its head, and its tail where Codex's
    # `Total output lines: N` states the output's line count: the stream's first N lines, so the tail is
    # their last t (K+N-t .. K+N-1). Unstated, the head alone (no workspace: the length is unknown).
    yield "codex: a cut tail -n +K places its tail by Total output lines", codex_log([
        call("c1", "exec_command", {"cmd": "tail -n +5 e.py", "workdir": CWD}),
        out("c1", chunk("Total output lines: 10\n\n5\n6 …9 tokens truncated… 13\n14\n")),
        call("c2", "exec_command", {"cmd": "cat f.py | tail -n +3", "workdir": CWD}),
        out("c2", chunk("Total output lines: 20\n\n3\n4 …9 tokens truncated… 21\n22\n")),
        call("c3", "exec_command", {"cmd": "sed -n '4,$p' g.py", "workdir": CWD}),
        out("c3", chunk("Total output lines: 8\n\n4\n5 …9 tokens truncated… 10\n11\n")),
        call("c4", "exec_command", {"cmd": "tail -n +5 h.py", "workdir": CWD}),
        out("c4", chunk("5\n6 …9 tokens truncated… 13\n14\n")),
    ]), {("e.py", 5, 6), ("e.py", 13, 14), ("f.py", 3, 4), ("f.py", 21, 22), ("g.py", 4, 5), ("g.py", 10, 11),
         ("h.py", 5, 6)}, {}
