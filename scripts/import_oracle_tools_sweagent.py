#!/usr/bin/env python3
"""An independent check of `readcov import` on SWE-agent trajectories (session 37): for every shipped
SWE-agent `.traj` (classic 0.x: tests/data/real/swe-agent-java, tests/data/real-multi/swe-agent-java;
1.x: tests/data/formats/swe-agent-1x; session 40's hand-made classic .traj whose first window is outside the
checkout, tests/data/formats/handmade/swe-agent-window-outside-checkout) and the nebius `swe-agent-text` rows of tests/data/formats/chat-trajectories
(classic SWE-agent in a chat dataset), which lines of which file each step showed, read from the
observation's own printed numbered lines and headers (scripts/import_oracle_tools_sweagent_shown.py, from
SWE-agent's tools, not from readcov's code or rules), against readcov's read rows of that step: per (run,
step, path), the set of lines, both ways.

Left out, counted and printed: the rows of a classic shell command (`cat`, `grep -n`, …: the shell oracle's,
scripts/import_oracle_shell.py) and the steps import_oracle_tools_sweagent_shown.py says it cannot place.
Edit rows are not compared (the shell and tools oracles replay edits). Every other disagreement is printed
and the exit status is 1.

  python3 scripts/import_oracle_tools_sweagent.py READCOV
  python3 scripts/import_oracle_tools_sweagent.py READCOV --self-test   (a wrong row must be caught)
"""
import glob
import json
import os
import sys
import tempfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_oracle_shell_chat as C  # noqa: E402  (a chat row's messages, as docs/importers.md reads them)
import import_oracle_tools_sweagent_shown as S  # noqa: E402
from import_shown_oracle_nums import ranges  # noqa: E402  (the shown oracle's: 1-3,7)
from import_observed_lib import rows_of as observed_rows  # noqa: E402
from oracle_io import finish  # noqa: E402

REAL, MULTI, V1 = "tests/data/real/swe-agent-java", "tests/data/real-multi/swe-agent-java", \
    "tests/data/formats/swe-agent-1x"
# Session 40: a classic `.traj` hand-made after a real case (its first window outside the checkout).
HANDMADE = "tests/data/formats/handmade/swe-agent-window-outside-checkout"
# The nebius SWE-agent rows (classic SWE-agent in a chat dataset, `swe-agent-text`).
CHAT = "tests/data/formats/chat-trajectories/adp_nebius_SWE-agent-trajectories_sample_raw.json"
# The classic interface's commands (SWE-agent `config/commands`); any other action is a shell command.
TOOLS = {"open", "goto", "scroll_up", "scroll_down", "search_file", "search_dir", "find_file", "create",
         "edit", "submit", "exit_forfeit"}


def same_turn(r):
    """Every SWE-agent step is its own turn: a read row whose turn is not its step is a wrong row."""
    if r["turn"] != r["step"]:
        sys.exit(f"{r['task']}/{r['run']}: a row's turn {r['turn']} is not its step {r['step']}")


def rows_of(bin_, args):
    """readcov's read rows: {(task, run): {(step, path): set(lines)}}, and the edit rows' count."""
    return observed_rows(bin_, args, strict=True, each=same_turn)


def compare(label, traj, got, v1, checked, left, problems, root=None):
    """One run: the oracle's lines per (step, path) against readcov's `got` (`root`: the checkout a classic
    run's prompt names)."""
    shown, why = S.v1(traj) if v1 else S.classic(traj, root)
    checked["runs"] += 1
    for step, w in why.items():
        left[w] += 1
    keys = {(i, p) for i, d in shown.items() for p in d} | set(got)
    for step, path in sorted(keys):
        if step in why:
            continue
        act = (traj[step].get("action") or "").strip()
        verb = act.split()[0] if act else ""
        want = shown.get(step, {}).get(path, set())
        have = got.get((step, path), set())
        if not v1 and verb not in TOOLS and not want:
            left["rows of classic shell commands (the shell oracle's)"] += 1
            continue
        if v1 and verb != "str_replace_editor" and not want:
            left["rows of 1.x shell commands (the shell oracle's)"] += 1
            continue
        checked["(step, file) pairs"] += 1
        checked["lines shown"] += len(want)
        for direction, lines in (("shown, not credited", want - have), ("credited, not shown", have - want)):
            if lines:
                problems.append(f"{label} step {step} {path}: {direction}: {ranges(lines)} "
                                f"(shown {ranges(want) or '-'}, credited {ranges(have) or '-'})")


def handmade(tmp):
    """Session 38: moto-5862 with its steps 7 and 9 (the editor's `Invalid view_range` counts) replaced by
    shell commands telling the count: `wc -l` (590 line breaks: the editor numbers 591) and `cat -n` (998
    numbered lines); a `wc -l` after the view (it tells nothing of it) and one with `ls` between; a relative
    `wc -l` (under the checkout), then a `cd`. No shipped 1.x log runs either (made by hand)."""
    with open(os.path.join(V1, "getmoto__moto-5862.traj")) as fh:
        doc = json.load(fh)
    t = doc["trajectory"]
    variants = {
        "moto-wc": {7: ("wc -l /testbed/moto/ses/models.py", "590 /testbed/moto/ses/models.py\n"),
                    9: ("cat -n moto/sns/models.py", "".join(f"{k:6d}\tx\n" for k in range(1, 999)))},
        "moto-late": {7: ("ls", "a\n"), 9: ("wc -l /testbed/moto/sns/models.py", "998 /testbed/moto/sns/models.py\n"),
                      11: ("wc -l /testbed/moto/ses/models.py", "590 /testbed/moto/ses/models.py\n")},
        "moto-relative": {7: ("wc -l moto/ses/models.py", "590 moto/ses/models.py\n"), 9: ("cd moto", "")},
    }
    files = []
    for name, steps in variants.items():
        d = json.loads(json.dumps(doc))
        for k, (a, o) in steps.items():
            d["trajectory"][k]["action"], d["trajectory"][k]["observation"] = a, o
        f = os.path.join(tmp, f"{name}.traj")
        with open(f, "w") as fh:
            json.dump(d, fh)
        files.append(f)
    assert len(t) > 11
    return files


def runs(tmp):
    """(files, whether SWE-agent 1.x, readcov's arguments) of each group of shipped SWE-agent trajectories."""
    real = sorted(glob.glob(REAL + "/*.traj"))
    multi = sorted(glob.glob(MULTI + "/*/*.traj"))
    v1 = sorted(glob.glob(V1 + "/*.traj"))
    hand = handmade(tmp)
    classic = sorted(glob.glob(HANDMADE + "/*.traj"))
    return [(real, False, list(real)), (multi, False, ["--layout", "task/run", MULTI]), (v1, True, list(v1)),
            ([CHAT], False, ["--chat", CHAT]), (hand, True, list(hand)), (classic, False, list(classic))]


def chat_rows(path):
    """((task, run), steps) of each `swe-agent-text` row of a chat dataset (the nebius SWE-agent rows): each
    `ai` message's last fenced block is the step's action, the next `user` message, less SWE-agent's prompt
    lines, its observation (docs/importers.md "Chat-message datasets"; import_oracle_shell_chat's reading)."""
    out = []
    with open(path) as fh:
        for row in json.load(fh):
            msgs = row.get("messages") or row.get("trajectory") or []
            if C.encoding(msgs) != "swe-agent-text":
                continue
            out.append((C.naming(row), C.swe_agent_steps(msgs), None))
    return out


def trajectories(files, args, got):
    """((task, run), steps, the checkout its prompt names) of each run of a group, keyed as readcov names
    its run."""
    if args[0] == "--chat":
        return chat_rows(files[0])
    out = []
    for f in files:
        stem = os.path.basename(f)[: -len(".traj")]
        if args[0] == "--layout":
            key = (os.path.basename(os.path.dirname(f)), stem)
        else:
            key = next((k for k in got if k[0] == stem), (stem, stem))
        with open(f) as fh:
            doc = json.load(fh)
        out.append((key, doc.get("trajectory") or [], S.prompt_root(doc)))
    return out


def main():
    bin_ = sys.argv[1]
    self_test = "--self-test" in sys.argv[2:]
    checked, left, problems = Counter(), Counter(), []
    with tempfile.TemporaryDirectory() as tmp:
        check(bin_, runs(tmp), self_test, checked, left, problems)


def check(bin_, groups, self_test, checked, left, problems):
    """Each group's runs against readcov's rows (a wrong row added first with --self-test)."""
    wrong = None
    for files, v1, args in groups:
        got, edits = rows_of(bin_, args[1:] if args[0] == "--chat" else args)
        left["edit rows (the shell and tools oracles')"] += edits
        runs_read = trajectories(files, args, got)
        for key in set(got) - {k for k, _, _ in runs_read}:
            problems.append(f"{key[0]}/{key[1]}: a run of readcov's the oracle did not read")
        for key, traj, root in runs_read:
            rows = got.get(key, {})
            if self_test and wrong is None and rows:
                # A deliberately wrong row: one more line credited past the first row's end.
                (step, path), lines = next(iter(rows.items()))
                lines.add(max(lines) + 1)
                wrong = f"{key[0]}/{key[1]} step {step} {path}: credited, not shown: {max(lines)} "
            compare(f"{key[0]}/{key[1]}", traj, rows, v1, checked, left, problems, root)
    if self_test:
        caught = [p for p in problems if wrong and p.startswith(wrong)]
        if not caught:
            sys.exit(f"self-test: the wrong row ({wrong}) was not caught")
        print(f"self-test ok: the wrong row was caught ({caught[0]})")
        return
    finish(checked, left, problems)


if __name__ == "__main__":
    main()
