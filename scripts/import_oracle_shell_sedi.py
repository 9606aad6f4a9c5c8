#!/usr/bin/env python3
"""`sed -i` replay (session 36, docs/importers.md "Edits and line mapping") against GNU sed itself.

Each case is a made-up repository (or the real sources of tests/data/real) and shell commands an
agent ran in it (the real logs' `sed -i` commands, then hand-made ones for every form readcov
replays and several it refuses). The commands are run for real with bash and GNU sed in a copy of
the repository (LC_ALL=C.UTF-8 and again LC_ALL=C: the two must agree where readcov replays), and written into a
mini-swe-agent log that `readcov import --workspaces … --emit-patches … --emit-from replay`
imports. Compared:
- a case readcov replays: no file it edits is in the change's `partial` list, and the replayed
  change applied to the base (`git apply`) gives every file byte for byte as GNU sed left it;
  with one `sed -i` of one file, its `kind: edit` rows are the base lines a line diff of the two
  texts changed (difflib: lines replaced or deleted; for lines only added, the base line before;
  not where the diff is ambiguous: a line printed twice, two commands in one action);
- a case readcov refuses: the file is in `partial` (its text unknown, as before session 36) and
  no `kind: edit` row is written for it.

usage: import_oracle_shell_sedi.py READCOV
"""
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from import_oracle_shell_sedi_cases import CASES, MOD  # noqa: E402

PROBLEMS = []


def problem(msg):
    PROBLEMS.append(msg)
    print("DISAGREE " + msg)


def write_tree(root, files):
    for p, text in files.items():
        full = os.path.join(root, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())


def read_tree(root):
    out = {}
    for d, _, names in os.walk(root):
        for n in names:
            full = os.path.join(d, n)
            with open(full, "rb") as f:
                out[os.path.relpath(full, root)] = f.read()
    return out


def run_real(files, cmds, locale):
    """The files after running `cmds` with bash (GNU sed) in a fresh copy."""
    with tempfile.TemporaryDirectory() as d:
        write_tree(d, files)
        outs = []
        for c in cmds:
            r = subprocess.run(["bash", "-c", c], cwd=d, capture_output=True, text=True, timeout=10,
                               env={"PATH": "/usr/bin:/bin", "LC_ALL": locale})
            outs.append((r.stdout + r.stderr, r.returncode))
        return read_tree(d), outs


def mini_log(task, cmds, outs, first):
    """The log: a `cat` of the first file (a read row, so that an import with nothing else still
    writes rows), then the commands."""
    msgs = [{"role": "system", "content": "x"}, {"role": "user", "content": "fix it"}]
    path, text = first
    text = text if isinstance(text, bytes) else text.encode()
    msgs.append({"role": "assistant", "content": "", "extra": {"actions": [
        {"command": f"cd /testbed && cat {path}", "tool_call_id": "r"}]}})
    msgs.append({"role": "tool", "tool_call_id": "r",
                 "content": f"<returncode>0</returncode>\n<output>\n{text.decode(errors='replace')}</output>"})
    for i, (c, (out, rc)) in enumerate(zip(cmds, outs)):
        msgs.append({"role": "assistant", "content": "", "extra": {"actions": [
            {"command": f"cd /testbed && {c}", "tool_call_id": f"c{i}"}]}})
        msgs.append({"role": "tool", "tool_call_id": f"c{i}",
                     "content": f"<returncode>{rc}</returncode>\n<output>\n{out}</output>"})
    return {"trajectory_format": "mini-swe-agent-1.1", "instance_id": task, "messages": msgs}


def diff_rows(old, new):
    """Base lines a line diff of old → new changed (1-based), as docs/importers.md counts edits."""
    a, b = old.split(b"\n"), new.split(b"\n")
    if a and a[-1] == b"":
        a.pop()
    if b and b[-1] == b"":
        b.pop()
    out = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            out.update(range(i1 + 1, i2 + 1))
        elif tag == "insert" and i1 > 0:
            out.add(i1)
    return out


def bash_expand(files, cmds, words):
    """The paths bash passes for the glob `words`, in the tree, in the C locale, from the directory
    the command `cd`s to (bash itself is the oracle: no nullglob, a glob matching nothing is kept)."""
    with tempfile.TemporaryDirectory() as d:
        write_tree(d, files)
        cd = cmds[-1].split(" && ")[0][3:] if cmds[-1].startswith("cd ") else "."
        r = subprocess.run(["bash", "-c", f"cd {cd} && shopt -u nullglob && printf '%s\\n' {words}"], cwd=d,
                           capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"}, check=True)
        return [os.path.normpath(os.path.join(cd, p)) for p in r.stdout.splitlines()]


def check_glob(name, files, case, edited, rows):
    """The files edited, in the order of their first edit row, are bash's expansion's files that
    changed, in bash's order (GNU sed stops at a folder: none after it)."""
    want = []
    for p in bash_expand(files, case["cmds"], case["glob"]):
        if p not in files and any(p2.startswith(p + "/") for p2 in files):
            break
        if p in edited and p not in want:
            want.append(p)
    got = []
    for r in rows:
        if r.get("kind") == "edit" and r["path"] not in got:
            got.append(r["path"])
    if got != want:
        problem(f"{name}: edit rows in the files {got}, bash's expansion edits {want}")


def check_agent_rows(name, files, cmds, after, rows):
    """The last command's edit rows: each line it changed (difflib, before → after it) that a base
    line became is that base line; one the agent wrote (no base line: a line diff of the base and
    the text before the command), the base line before it; a line only added, the line before."""
    path = MOD
    base = files[path].encode().split(b"\n")[:-1]
    before, _ = run_real(files, cmds[:-1], "C")
    pre = before[path].split(b"\n")[:-1]
    post = after[path].split(b"\n")[:-1]
    origin = [None] * len(pre)
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, base, pre, autojunk=False).get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                origin[j1 + k] = i1 + k + 1
    changed = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, pre, post, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            changed.update(range(i1, i2))
        elif tag == "insert" and i1 > 0:
            changed.add(i1 - 1)
    want = set()
    for j in changed:
        at = [o for o in origin[:j + 1] if o is not None]
        if origin[j] is not None:
            want.add(origin[j])
        elif at:
            want.add(at[-1])
    got = set()
    for r in rows:
        # the log's steps: 0 the first `cat`, then one per command
        if r.get("kind") == "edit" and r["path"] == path and r.get("step") == len(cmds):
            got.update(range(r["start"], r["end"] + 1))
    if got != want:
        problem(f"{name}: the last command's edit rows {sorted(got)}, want {sorted(want)}")


def check(readcov, tmp, n, case):
    before = len(PROBLEMS)
    got = check_case(readcov, tmp, n, case)
    return "failed" if len(PROBLEMS) > before else got


def check_case(readcov, tmp, n, case):
    name, files, cmds, expect = case["name"], case["files"], case["cmds"], case["expect"]
    task = f"sedi-{n}"
    after, outs = run_real(files, cmds, "C.UTF-8")
    after_c, _ = run_real(files, cmds, "C")
    if after != after_c and expect != "refuse":
        problem(f"{name}: GNU sed gives other texts in the C locale, yet readcov replays it")
    edited = sorted(p for p in files if after.get(p) != (files[p] if isinstance(files[p], bytes)
                                                          else files[p].encode()))
    ws = os.path.join(tmp, "ws")
    shutil.rmtree(ws, ignore_errors=True)
    write_tree(os.path.join(ws, task), files)
    log = os.path.join(tmp, f"{task}.traj.json")
    with open(log, "w") as f:
        json.dump(mini_log(task, cmds, outs, next(iter(files.items()))), f)
    rows_f, patch_f = os.path.join(tmp, "rows.jsonl"), os.path.join(tmp, "patch.jsonl")
    subprocess.run([readcov, "import", log, "--workspaces", ws, "-o", rows_f, "--emit-patches", patch_f,
                    "--emit-from", "replay"], check=True, capture_output=True)
    rows = [json.loads(line) for line in open(rows_f)]
    pred = [json.loads(line) for line in open(patch_f)][0]
    partial = {p.get("path") for p in pred.get("partial", [])}
    edit_rows = {}
    for r in rows:
        if r.get("kind") == "edit":
            edit_rows.setdefault(r["path"], set()).update(range(r["start"], r["end"] + 1))
    if expect == "refuse":
        for p in case.get("paths", list(files)):
            if p not in partial:
                problem(f"{name}: {p} should stay unknown (refused), partial {sorted(map(str, partial))}")
            if p in edit_rows:
                problem(f"{name}: edit rows for refused {p}: {sorted(edit_rows[p])}")
        return "refused"
    # session 37: no file of a glob's literal name is written unless the tree has one
    for p in partial | set(edit_rows):
        if p and any(c in p for c in "*?[") and p not in files:
            problem(f"{name}: a write of the literal glob {p!r}")
    if case.get("glob"):
        check_glob(name, files, case, edited, rows)
    if case.get("agent_rows"):
        check_agent_rows(name, files, cmds, after, rows)
    lost = [p for p in edited if p in partial]
    if lost:
        problem(f"{name}: not replayed: {lost} ({pred['partial']})")
        return "failed"
    # the replayed change applied to the base
    base = os.path.join(tmp, "base")
    shutil.rmtree(base, ignore_errors=True)
    write_tree(base, files)
    if pred["model_patch"]:
        subprocess.run(["git", "init", "-q"], cwd=base, check=True)
        r = subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], cwd=base, input=pred["model_patch"],
                           text=True, capture_output=True)
        if r.returncode != 0:
            problem(f"{name}: the replayed patch does not apply: {r.stderr.strip()}")
            return "failed"
        shutil.rmtree(os.path.join(base, ".git"))
    got = read_tree(base)
    for p in sorted(set(after) | set(got)):
        if after.get(p) != got.get(p):
            problem(f"{name}: {p} replayed {got.get(p)!r:.300} but GNU sed wrote {after.get(p)!r:.300}")
    if len(cmds) == 1 and len(edited) == 1 and not case.get("no_rows_check"):
        p = edited[0]
        old = files[p] if isinstance(files[p], bytes) else files[p].encode()
        want = diff_rows(old, after[p])
        if edit_rows.get(p, set()) != want:
            problem(f"{name}: edit rows {sorted(edit_rows.get(p, set()))}, a line diff gives {sorted(want)}")
    return "replayed"


def main():
    readcov = os.path.abspath(sys.argv[1])
    tally = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n, case in enumerate(CASES):
            got = check(readcov, tmp, n, case)
            tally[got] = tally.get(got, 0) + 1
    print(f"sed -i oracle: {len(CASES)} cases: " + ", ".join(f"{v} {k}" for k, v in sorted(tally.items())))
    if PROBLEMS:
        print(f"sed -i oracle: {len(PROBLEMS)} disagreement(s)")
        sys.exit(1)


if __name__ == "__main__":
    main()
