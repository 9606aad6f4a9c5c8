"""What the observation-based import oracles share (session 38; scripts/import_observed_*.py): readcov's read
rows per (run, step, path), the comparison both ways with the lines an observation's own text shows, and the
self-test that injects one wrongly credited line. Nothing here is a rule of readcov's: each oracle reads its
format's observations itself and hands `compare` the lines they show."""
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict

from import_shown_oracle_nums import ranges  # noqa: F401  (1-3,7; re-exported for the oracles)
from oracle_io import finish

# The OpenHands editor's `view` (openhands-aci `_make_output`, SWE-agent `edit_anthropic`): a header, then
# `{n:6}\t{text}` lines; a long file's filemap has `{n:6} {text}` lines and `... eliding lines a-b ...` markers.
CAT_N = re.compile(r"^Here's the result of running `cat -n` on (.+):$")
NUM_TAB = re.compile(r"^ *(\d+)\t(.*)$")
NUM_OR_BARE = re.compile(r"^ *(\d+)(?:\t(.*))?$")
FILEMAP = re.compile(r"^ *(\d+) (.*)$")
ELIDED = re.compile(r"^ *(\d+ )?\.\.\. eliding lines \d+-\d+ \.\.\.$")
CLIP = "<response clipped>"


def editor_view(out, to_end, crlf=False, bare=False, filemap=False):
    """The lines an editor `view` result shows, read from its own numbered lines, or None when it shows no file's
    lines. The editor numbers `text.split('\\n')`, so a view to the file's end (`to_end`: no `view_range`, or
    `[a, -1]`) whose last numbered line is empty shows the empty string after the final line break, no line. A
    clip (`<response clipped>`) ends the view, its line counting when some text of it precedes the marker.
    The chat encodings' extras: `crlf` reads lines ending `\\r\\n` (the SWE-smith rows), `bare` a numbered line
    without its tab (an output trimmed at its end leaves a last empty line as `   935`), `filemap` a long file's
    filemap (`<NOTE>This file is too large`; an `... eliding lines a-b ...` line shows none of them)."""
    lines = out.split("\n")
    if crlf:
        lines = [ln.removesuffix("\r") for ln in lines]
    num = NUM_OR_BARE if bare else NUM_TAB
    if CAT_N.match(lines[0]):
        shown = []
        for ln in lines[1:]:
            m = num.match(ln)
            if not m:
                break
            text = m.group(2) or ""
            if CLIP in text:
                if text.split(CLIP)[0].strip():
                    shown.append((int(m.group(1)), text))
                return {n for n, _ in shown}
            shown.append((int(m.group(1)), text))
        if to_end and shown and shown[-1][1] == "":
            shown.pop()
        return {n for n, _ in shown}
    if filemap and any(ln.startswith("<NOTE>This file is too large") for ln in lines):
        return {int(m.group(1)) for ln in lines if not ELIDED.match(ln) for m in [FILEMAP.match(ln)] if m}
    return None


def rows_of(bin_, args, key="step", strict=False, each=None):
    """readcov's read rows: {(task, run): {(step, path): set(lines)}} (`key` "turn": per turn, for formats
    whose step numbers each file of one call), and the edit rows' count. `strict`: an import of no rows fails
    too; `each(row)` sees every read row first (the SWE-agent oracle checks turn and step agree)."""
    p = subprocess.run([bin_, "import", *args, "-o", "-"], capture_output=True, text=True)
    if p.returncode != 0 and (strict or "no read or edit rows imported" not in p.stderr):
        sys.exit(f"readcov import {' '.join(args)} failed: {p.stderr}")
    out, edits = defaultdict(lambda: defaultdict(set)), 0
    for x in p.stdout.splitlines():
        r = json.loads(x)
        if r.get("kind") == "edit":
            edits += 1
            continue
        if each:
            each(r)
        out[(r["task"], r["run"])][(r[key], r["path"])].update(range(r["start"], r["end"] + 1))
    return out, edits


def compare(label, shown, got, skip, checked, left, problems):
    """One run: `shown` {(step, path): lines the observation shows} against readcov's `got`, both ways, per
    (step, path). `skip` {step: why} are steps the oracle cannot place (counted in `left`, not compared)."""
    checked["runs"] += 1
    for why in skip.values():
        left[why] += 1
    for step, path in sorted(set(shown) | set(got), key=lambda k: (k[0], k[1])):
        if step in skip:
            continue
        want, have = shown.get((step, path), set()), got.get((step, path), set())
        checked["(step, file) pairs"] += 1
        checked["lines shown"] += len(want)
        for direction, lines in (("shown, not credited", want - have), ("credited, not shown", have - want)):
            if lines:
                problems.append(f"{label} step {step} {path}: {direction}: {ranges(lines)} "
                                f"(shown {ranges(want) or '-'}, credited {ranges(have) or '-'})")


def inject(rows, skip):
    """A deliberately wrong row for the self-test: one more line credited past the end of the first (step,
    path) the oracle compares. Returns the text its disagreement must start with, or None."""
    for (step, path), lines in sorted(rows.items()):
        if step in skip or not lines:
            continue
        lines.add(max(lines) + 1)
        return f"step {step} {path}: credited, not shown: {max(lines)} "
    return None


def self_test_result(wrong, problems):
    """Exits 1 unless the injected wrong row's disagreement is among `problems`."""
    caught = [p for p in problems if wrong and wrong in p]
    if not caught:
        sys.exit(f"self-test: the wrong row ({wrong}) was not caught")
    print(f"self-test ok: the wrong row was caught ({caught[0]})")


def judge(label, shown, rows, skip, checked, left, problems, self_test):
    """The end of every oracle's check of one run: with `self_test`, one wrongly credited line injected into
    readcov's `rows` first; then `compare`. Returns the injected line's disagreement text, or None."""
    wrong = inject(rows, skip) if self_test else None
    compare(label, shown, rows, skip, checked, left, problems)
    return wrong


def main_over(inputs, check_input, key="step"):
    """Every oracle's main: `argv` is readcov's binary and an optional `--self-test`; each input is imported by
    readcov (`rows_of`) and handed with its rows to `check_input(path, got, checked, left, problems, self_test)`,
    which returns what `judge` returned (the last injected line is the one the self-test looks for). Ends with
    the self-test's verdict or `finish`'s counts (exit 1 on any disagreement)."""
    bin_, self_test = sys.argv[1], "--self-test" in sys.argv[2:]
    checked, left, problems, wrong = Counter(), Counter(), [], None
    for path in inputs:
        got, edits = rows_of(bin_, [path], key=key)
        left["edit rows (the tools oracle's)"] += edits
        wrong = check_input(path, got, checked, left, problems, self_test) or wrong
    if self_test:
        self_test_result(wrong, problems)
        return
    finish(checked, left, problems)
