"""Hand-made logs for scripts/import_oracle_tools.py (see import_oracle_tools_cases.py): a `grep` / `rg` without
`-n` with a workspace, placed by its text (docs/importers.md, the `grep` / `rg` without `-n` row, session 34),
through the shell oracle's bash model. Each yields (label, text, (rows by hand, workspace files), reasons by hand)."""
from import_oracle_tools_cases import CWD, call, chunk, codex_log, out

# two equal bodies: `k = 1` at 2 and 6, `ret k` at 3 and 7
DUP = "x = 0\n    k = 1\n    ret k\n\ny = 0\n    k = 1\n    ret k\n"


def grep_text_ws():
    yield "codex: grep without -n placed by text: duplicates, context groups, a folder, forms left as before", codex_log([
        call("c1", "exec_command", {"cmd": "grep 'k = 1' d.py", "workdir": CWD}), out("c1", chunk("    k = 1\n    k = 1\n")),
        call("c2", "exec_command", {"cmd": "grep -A1 'k = 1' d.py", "workdir": CWD}),
        out("c2", chunk("    k = 1\n    ret k\n--\n    k = 1\n    ret k\n")),
        call("c3", "exec_command", {"cmd": "rg 'y = 0' src", "workdir": CWD}), out("c3", chunk("src/e.py:y = 0\n")),
        # one `k = 1` shown where the file has two: not the file as known
        call("c4", "exec_command", {"cmd": "grep 'k = 1' d.py | head -5", "workdir": CWD}), out("c4", chunk("    k = 1\n")),
        # a group that fits at two places the order cannot tell apart
        call("c5", "exec_command", {"cmd": "grep -A1 'k = 1' d.py | tail -2", "workdir": CWD}),
        out("c5", chunk("    k = 1\n    ret k\n")),
        call("c6", "exec_command", {"cmd": "grep -m1 k d.py", "workdir": CWD}), out("c6", chunk("    k = 1\n")),
        call("c7", "exec_command", {"cmd": "grep nothing d.py", "workdir": CWD}), out("c7", chunk("")),
    ]), ({("d.py", 2, 2, "read"), ("d.py", 6, 6, "read"), ("d.py", 2, 3, "read"), ("d.py", 6, 7, "read"),
          ("src/e.py", 1, 1, "read")}, {"d.py": DUP, "src/e.py": "y = 0\nz = 1\n"}), {
        "shown text differs from file": 1, "ambiguous output": 1, "output without line numbers": 1,
        "no lines shown": 1}
