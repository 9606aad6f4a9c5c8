"""docs/python.md's walk-through runs as written, on the shipped real data, and prints what the
page shows: each ```python block runs in one namespace from the repository root, and its
`# ` comment lines are the output it must print."""

import contextlib
import io
import os
import re

from conftest import REPO


def blocks():
    text = (REPO / "docs" / "python.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_python_md_walk_through_prints_what_it_shows():
    found = blocks()
    assert len(found) >= 5
    ns = {}
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        for code in found:
            want = [l[2:].rstrip() for l in code.splitlines() if l.startswith("# ")]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(code, "docs/python.md", "exec"), ns)
            got = [l.rstrip() for l in out.getvalue().splitlines() if l.strip()]
            assert got == want, code
    finally:
        os.chdir(cwd)
