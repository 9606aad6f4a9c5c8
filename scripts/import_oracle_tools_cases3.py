"""Hand-made Claude Code paths and windows, and logs imported with `--workspace` (scripts/import_oracle_tools.py, see
import_oracle_tools_cases.py): edits replayed on base files give `kind: edit` rows and later reads map
back to base lines (docs/importers.md "Edits and line mapping"). Each yields (label, text, (rows by
hand as (path, start, end, kind), workspace files), reasons by hand)."""
import json

from import_oracle_tools_cases import (CWD, arrow, atif_log, call, cc, chunk, codex_log, out, patch,
                                       read_result, tc)
from import_oracle_tools_cases2 import gemini_log

TEN = "".join(f"l{i}\n" for i in range(1, 11))


def atif_ws():
    def step(n, call_, content):
        return {"step_id": n, "source": "agent", "tool_calls": [call_],
                "observation": {"results": [{"source_call_id": call_["tool_call_id"], "content": content}]}}
    now = TEN.replace("l4\n", "NEW\n").replace("l7\n", "l7\nINS\n")
    yield "atif: openclaw edits replayed, windows mapped back", atif_log("openclaw", [
        step(1, tc("k0", "read", {"path": "a.py"}), TEN.rstrip("\n")),
        step(2, tc("k1", "edit", {"path": "a.py", "edits": [{"oldText": "l3\nl4\nl5", "newText": "l3\nNEW\nl5"}]}), "ok"),
        step(3, tc("k2", "read", {"path": "a.py", "offset": 3, "limit": 3}),
             "l3\nNEW\nl5\n\n[5 more lines in file. Use offset=6 to continue.]"),
        step(4, tc("k3", "edit", {"path": "a.py", "edits": [{"oldText": "l7", "newText": "l7\nINS"}]}), "ok"),
        step(5, tc("k4", "read", {"path": "a.py"}), now.rstrip("\n")),
        step(6, tc("k5", "read", {"path": "b.py"}), "x"),
        step(7, tc("k6", "write", {"path": "c.py", "content": "x\ny"}), "ok"),
        step(8, tc("k7", "read", {"path": "c.py"}), "x\ny"),
    ]), ({("a.py", 1, 10, "read"), ("a.py", 4, 4, "edit"), ("a.py", 3, 3, "read"), ("a.py", 5, 5, "read"),
          ("a.py", 7, 7, "edit"), ("a.py", 1, 3, "read"), ("a.py", 5, 10, "read")}, {"a.py": TEN}), {
        "file not in workspace": 2}  # docs "Paths": a file the run created is not in the workspace


def claude_ws():
    f = CWD + "/x.py"
    now = ["a", "b", "C1", "C2", "d", "e", ""]
    yield "cc: Edit replayed from structuredPatch, Read and Bash mapped back", cc([
        ("Edit", {"file_path": f, "old_string": "c", "new_string": "C1\nC2"}, "The file was updated. Here's the result "
         "of running `cat -n` on a snippet of the edited file:\n" + arrow(2, ["b", "C1", "C2", "d"]), False,
         {"structuredPatch": [{"oldStart": 2, "oldLines": 3, "newStart": 2, "newLines": 4,
                               "lines": [" b", "-c", "+C1", "+C2", " d"]}]}),
        ("Read", {"file_path": f}, arrow(1, now), False, read_result(f, 1, now, 7, "a\nb\nC1\nC2\nd\ne\n")),
        ("Bash", {"command": "cat x.py"}, "a\nb\nC1\nC2\nd\ne\n", False, None),
        ("Bash", {"command": "sed -n '3,4p' x.py"}, "C1\nC2\n", False, None),
    ]), ({("x.py", 3, 3, "edit"), ("x.py", 2, 2, "read"), ("x.py", 4, 4, "read"), ("x.py", 1, 2, "read"),
          ("x.py", 4, 5, "read")}, {"x.py": "a\nb\nc\nd\ne\n"}), {
        "only agent-written lines": 1}


def codex_ws():
    yield "codex: apply_patch update replayed from its unified diff, add, a file not in the workspace", codex_log([
        *patch("e1", {CWD + "/y.py": {"type": "update", "unified_diff": "@@ -4,1 +4,2 @@\n-4\n+four\n+4b\n"}}),
        call("c1", "exec_command", {"cmd": "nl -ba y.py | sed -n '3,6p'", "workdir": CWD}),
        out("c1", chunk("     3\t3\n     4\tfour\n     5\t4b\n     6\t5\n")),
        *patch("e2", {CWD + "/z.py": {"type": "add", "content": "z\n"}}),
        call("c2", "exec_command", {"cmd": "cat z.py", "workdir": CWD}), out("c2", chunk("z\n")),
        call("c3", "exec_command", {"cmd": "head -n 2 w.py", "workdir": CWD}), out("c3", chunk("1\n2\n")),
    ]), ({("y.py", 4, 4, "edit"), ("y.py", 3, 3, "read"), ("y.py", 5, 5, "read")}, {"y.py": "1\n2\n3\n4\n5\n"}), {
        "file not in workspace": 2}
    # docs "Edit rows" (session 38): a change of only lines the agent wrote is the base line before it in
    # the current copy (3b follows `three`, also the agent's: base 2), as a `str_replace` of it gives
    yield "codex: an update of a line an earlier patch wrote, then reads", codex_log([
        *patch("e1", {CWD + "/y.py": {"type": "update", "unified_diff": "@@ -2,3 +2,4 @@\n 2\n-3\n+three\n+3b\n 4\n"}}),
        *patch("e2", {CWD + "/y.py": {"type": "update", "unified_diff": "@@ -3,3 +3,3 @@\n three\n-3b\n+3B\n 4\n"}}),
        *patch("e3", {CWD + "/y.py": {"type": "update", "unified_diff": "@@ -5,2 +5,3 @@\n 4\n+4b\n 5\n"}}),
        call("c1", "exec_command", {"cmd": "nl -ba y.py | sed -n '1,8p'", "workdir": CWD}),
        out("c1", chunk("".join(f"{i:6d}\t{t}\n" for i, t in enumerate(["1", "2", "three", "3B", "4", "4b", "5", "6"], 1)))),
    ]), ({("y.py", 3, 3, "edit"), ("y.py", 2, 2, "edit"), ("y.py", 4, 4, "edit"), ("y.py", 1, 2, "read"),
          ("y.py", 4, 6, "read")}, {"y.py": "1\n2\n3\n4\n5\n6\n"}), {}

    # docs Codex `apply_patch` (session 38): a hunk of no old line goes after the line it states
    yield "codex: an update whose hunk has no old line", codex_log([
        *patch("e1", {CWD + "/y.py": {"type": "update", "unified_diff": "@@ -2,0 +3 @@\n+new\n"}}),
        call("c1", "exec_command", {"cmd": "nl -ba y.py | sed -n '1,4p'", "workdir": CWD}),
        out("c1", chunk("".join(f"{i:6d}\t{t}\n" for i, t in enumerate(["1", "2", "new", "3"], 1)))),
    ]), ({("y.py", 2, 2, "edit"), ("y.py", 1, 3, "read")}, {"y.py": "1\n2\n3\n4\n"}), {}


def gemini_ws():
    yield "gemini: replace replayed, read_file mapped back", gemini_log([
        ("replace", {"file_path": "g.py", "old_string": "b", "new_string": "B"}, {"output": "Successfully modified"}),
        ("read_file", {"file_path": "g.py"}, {"output": "a\nB\nc\n"}),
    ]), ({("g.py", 2, 2, "edit"), ("g.py", 1, 1, "read"), ("g.py", 3, 3, "read")}, {"g.py": "a\nb\nc\n"}), {}
    # docs Gemini CLI `read_file`: a line over 2,000 characters is shown as its first 2,000 and `... [truncated]`;
    # it counts as shown (its start is the file's) and the lines after it keep their numbers.
    long = "x = '" + "y" * 2400 + "'"
    cut = long[:2000] + "... [truncated]"
    head = ("\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines {}-{} of 4 total lines.\n"
            "Action: ...\n\n--- FILE CONTENT (truncated) ---\n")
    yield "gemini: a line cut at 2,000 characters, with a workspace", gemini_log([
        ("read_file", {"file_path": "h.py"}, {"output": head.format(1, 4) + f"a\n{cut}\nc\n"}),
        ("read_file", {"file_path": "h.py", "start_line": 2, "end_line": 3}, {"output": head.format(2, 3) + f"{cut}\nc"}),
    ]), ({("h.py", 1, 3, "read"), ("h.py", 2, 3, "read")}, {"h.py": f"a\n{long}\nc\n"}), {}


def claude_paths():
    yield "cc: list content, `..` in a path, no toolUseResult, a subfolder cwd", cc([
        ("Read", {"file_path": CWD + "/sub/../a.py"}, [{"type": "text", "text": arrow(4, ["d", "e"])}], False, None),
        ("Bash", {"command": "sed -n '7p' ../b.py"}, [{"type": "text", "text": "g"}], False, None),
    ]).replace('"cwd": "/repo", "message": {"id": "msg_1"', '"cwd": "/repo/sub", "message": {"id": "msg_1"'), {
        ("a.py", 4, 5), ("b.py", 7, 7)}, {}


def claude_window():
    f = CWD + "/a.py"
    yield "cc: numbered lines outside the tool's window, an empty last line of the file", cc([
        ("Read", {"file_path": f, "limit": 3}, arrow(1, ["a", "b", "c", "d", "e"]), False, read_result(f, 1, ["a", "b", "c"], 9, "a\nb\nc")),
        ("Read", {"file_path": CWD + "/b.py"}, arrow(1, ["a", "", ""]), False, read_result(CWD + "/b.py", 1, ["a", "", ""], 3, "a\n\n")),
    ]), {("a.py", 1, 3), ("b.py", 1, 2)}, {}


def claude_grep_omitted():
    # docs Claude Code `Grep`: ripgrep runs with `--max-columns 500`; a longer line prints as its number and
    # `[Omitted long … line]`, no text: not read, the other lines are. Paths as cli.js rewrites them: the part
    # before a line's first `:` relative to the cwd, so context lines stay absolute.
    yield "cc: Grep lines ripgrep omitted", cc([
        ("Grep", {"pattern": "f", "output_mode": "content", "path": CWD, "-C": 1},
         "p/a.py:1:f()\n" + CWD + "/p/a.py-2-[Omitted long context line]\np/a.py:3:[Omitted long matching line]\n"
         + CWD + "/p/a.py-4-x\np/a.py:9:[Omitted long line with 2 matches]", False, None),
        ("Grep", {"pattern": "f", "output_mode": "content", "path": CWD + "/b.py"},
         "1:f()\n2:[Omitted long matching line]\n3:f(1)", False, None),
    ]), {("p/a.py", 1, 1), ("p/a.py", 4, 4), ("b.py", 1, 1), ("b.py", 3, 3)}, {}


def codex_omitted():
    # docs Codex CLI rollout / "What counts as displayed": older codex-rs cut an exec output at 256 lines as
    # `Total output lines: N`, a blank line, the head, `\n[... omitted K of N lines ...]\n\n` and the tail.
    head = "".join(f"l{i}\n" for i in range(1, 4))
    tail = "".join(f"l{i}\n" for i in range(298, 301))
    cut = "Total output lines: 300\n\n" + head + "\n[... omitted 294 of 300 lines ...]\n\n" + tail
    grep = "Total output lines: 300\n\n1:l1\n2:l\n[... omitted 296 of 300 lines ...]\n\n299:l299\n300:l300\n"
    shell = lambda cid, cmd: call(cid, "shell", {"command": ["bash", "-lc", cmd], "workdir": CWD})
    meta = lambda text: json.dumps({"output": text, "metadata": {"exit_code": 0, "duration_seconds": 0.0}})
    yield "codex: an older line cut keeps head and tail", codex_log([
        shell("c1", "cat a.py"), out("c1", meta(cut)),
        shell("c2", "grep -n l a.py"), out("c2", meta(grep)),
    ]), ({("a.py", 1, 3, "read"), ("a.py", 298, 300, "read"), ("a.py", 1, 2, "read"), ("a.py", 299, 300, "read")},
          {"a.py": "".join(f"l{i}\n" for i in range(1, 301))}), {}


def inspect_cut():
    # docs "Inspect AI": an output over `max_tool_output` as the log's version kept it: 0.3.77 the start,
    # 0.3.135 (from 0.3.117) the first half and the last half of what it kept.
    out = "".join(f"l{i}\n" for i in range(1, 1001))
    grep = "".join(f"{i}:l{i}\n" for i in range(1, 1001))
    note = ("\nThe output of your call to bash was too long to be displayed.\nHere is a truncated version:\n"
            "<START_TOOL_OUTPUT>\n{}\n<END_TOOL_OUTPUT>\n")
    for version, cut in (("0.3.77", lambda t: t[:40]), ("0.3.135", lambda t: t[:20] + t[-20:])):
        msgs = [{"role": "user", "content": "go"},
                {"role": "assistant", "content": "", "tool_calls": [
                    {"id": "t1", "function": "bash", "arguments": {"cmd": "sed -n '1,1000p' a.py"}},
                    {"id": "t2", "function": "bash", "arguments": {"cmd": "grep -n l a.py"}}]},
                {"role": "tool", "tool_call_id": "t1", "content": note.format(cut(out)), "function": "bash"},
                {"role": "tool", "tool_call_id": "t2", "content": note.format(cut(grep)), "function": "bash"}]
        log = {"version": 2, "eval": {"task": "t", "model": "m/x", "packages": {"inspect_ai": version}},
               "samples": [{"id": "s1", "epoch": 1, "messages": msgs}]}
        # 0.3.77: l1-l12 and the start of l13; `1:l1` to `8:l8`. 0.3.135: l1-l6, the start of l7, the end of
        # l997 and l998-l1000; `1:l1` to `4:l4` and the tail's `1000:l1000` (its first line may be a part).
        # No length: the unnumbered tail (997-1000) is not placed, `1,1000p` may end sooner.
        rows = ({("a.py", 1, 13), ("a.py", 1, 8)} if version == "0.3.77"
                else {("a.py", 1, 7), ("a.py", 1, 4), ("a.py", 1000, 1000)})
        yield f"inspect: a cut output as {version} kept it", json.dumps(log), rows, {}


def v1_sent_cut():
    # docs OpenHands V1: a terminal output over 30,000 characters with its status lines was sent cut.
    ws = "/workspace/proj"
    out = "".join(f"line {i:05d} of the file\n" for i in range(1, 2001))  # 23 characters a line
    meta = {"working_dir": ws, "exit_code": 0, "prefix": "", "suffix": "\n[The command completed with exit code 0.]"}
    evs = [{"id": "a1", "source": "agent", "action": {"command": "sed -n '1,2000p' a.py", "kind": "TerminalAction"},
            "tool_name": "terminal", "tool_call_id": "tc1", "kind": "ActionEvent"},
           {"id": "o1", "source": "environment", "tool_name": "terminal", "tool_call_id": "tc1",
            "observation": {"content": [{"type": "text", "text": out}], "is_error": False, "metadata": meta,
                            "kind": "TerminalObservation"}, "action_id": "a1", "kind": "ObservationEvent"}]
    files = {"base_state.json": json.dumps({"id": "v1-cut", "agent": {"llm": {"model": "m"}}, "workspace": {"working_dir": ws}})}
    for i, e in enumerate(evs):
        files[f"events/event-{i:05d}-{e['id']}.json"] = json.dumps(e)
    # 14,944 characters: 649 lines and the start of line 650; the last 14,943 less the 123 of the suffix and
    # status lines: 14,820 characters, the end of line 1356 and lines 1357-2000.
    # No length: `1,2000p` may end sooner, so the tail is not placed (docs "What counts as displayed").
    yield "v1: a terminal output sent cut", files, {("a.py", 1, 650)}, {}



def claude_grep_extensionless():
    # docs Claude Code `Grep`: ripgrep names no path when it searched one file (`12:text`), always for a
    # directory, so the output tells a file without an extension (Makefile) from a directory named like a
    # file (v1.2); a glob over a folder names its files.
    yield "cc: Grep of files without an extension, a folder with a dot, a glob", cc([
        ("Grep", {"pattern": "all", "output_mode": "content", "path": CWD + "/Makefile", "-C": 1},
         "1-# build\n2:all: build\n3-\tcc x.c\n--\n9:install: all", False, None),
        ("Grep", {"pattern": "FROM", "output_mode": "content", "path": "docker/Dockerfile"}, "1:FROM python", False, None),
        ("Grep", {"pattern": "x", "output_mode": "content", "path": CWD + "/v1.2"}, "v1.2/a.py:3:x", False, None),
        ("Grep", {"pattern": "x", "output_mode": "content", "path": CWD + "/src", "glob": "Makefile"},
         "src/Makefile:4:x\n" + CWD + "/src/Makefile-5-y", False, None),
        ("Grep", {"pattern": "zz", "output_mode": "content", "path": CWD + "/LICENSE"}, "No matches found", False, None),
    ]), {("Makefile", 1, 3), ("Makefile", 9, 9), ("docker/Dockerfile", 1, 1), ("v1.2/a.py", 3, 3),
         ("src/Makefile", 4, 4), ("src/Makefile", 5, 5)}, {"no lines shown": 1}


def v1_clipped_view():
    # docs OpenHands V1 / "What counts as displayed": the editor clips the file text (16,000 characters, its
    # head and tail around `<response clipped><NOTE>…</NOTE>`) before numbering it: the head is read, the tail
    # (numbered on from the head) is not. A clip right after a line break opens a numbered line of its own with
    # nothing of that line: not read.
    import json
    import math
    ws = "/workspace/proj"
    notice = ("<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you. "
              "You should retry this tool after you have searched inside the file with `grep -n` in order to find "
              "the line numbers of what you are looking for.</NOTE>")
    evs = []
    for i, width in enumerate((25, 24)):  # 7,875 head characters: 315 whole lines of 25; 328 of 24 and 3 more
        text = "".join(f"line {n:05d} of the file".ljust(width - 1, ".")[:width - 1] + "\n" for n in range(1, 1001))
        avail = 16000 - len(notice)
        cut = text[:math.ceil(avail / 2)] + notice + text[-(avail // 2):]
        out = ("Here's the result of running `cat -n` on " + ws + f"/f{i}.py:\n"
               + "\n".join(f"{k + 1:6}\t{l}" for k, l in enumerate(cut.split("\n"))) + "\n")
        aid = f"a{i}"
        evs.append({"id": aid, "source": "agent", "action": {"command": "view", "path": f"{ws}/f{i}.py",
                                                            "kind": "FileEditorAction"},
                    "tool_name": "file_editor", "tool_call_id": "tc" + aid, "kind": "ActionEvent"})
        evs.append({"id": "o" + aid, "source": "environment", "tool_name": "file_editor", "tool_call_id": "tc" + aid,
                    "observation": {"content": [{"type": "text", "text": out}], "is_error": False,
                                    "kind": "FileEditorObservation"}, "action_id": aid, "kind": "ObservationEvent"})
    files = {"base_state.json": json.dumps({"id": "v1-clip", "agent": {"llm": {"model": "m"}},
                                            "workspace": {"working_dir": ws}})}
    for i, e in enumerate(evs):
        files[f"events/event-{i:05d}-{e['id']}.json"] = json.dumps(e)
    yield "v1: editor views clipped at a line break and mid-line", files, {("f0.py", 1, 315), ("f1.py", 1, 329)}, {}
