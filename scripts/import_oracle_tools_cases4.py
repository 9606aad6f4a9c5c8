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
    ]), {("y.py", 1, 2), ("sub/w.py", 1, 3), ("v.py", 2, 3)}, {
        "unaligned after edit": 3, "unknown command": 1, "output without line numbers": 1}
    # older codex-rs cut by lines: the tail's lines are whole, so a numbered tail keeps its first line
    body = "1:x\n2:x\n[... omitted 5 of 9 lines ...]\n\n8:x\n9:x\n"
    yield "codex: grep -n through head, an output cut by lines keeps the tail's first line", codex_log([
        call("c1", "exec_command", {"cmd": "grep -n x a.py | head -300", "workdir": CWD}), out("c1", chunk(body)),
        call("c2", "exec_command", {"cmd": "head -n 3 b.py && sed -n '5,6p' b.py", "workdir": CWD}),
        out("c2", chunk("1\n2\n3\n5\n6\n")),
    ]), {("a.py", 1, 2), ("a.py", 8, 9), ("b.py", 1, 3), ("b.py", 5, 6)}, {}
