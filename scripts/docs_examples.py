"""Runs the examples README.md and docs/ show, as a new user would, and compares what they print
with what the pages show (scripts/test.d/44-docs-examples.sh).

    python3 scripts/docs_examples.py BIN

- Examples (`scripts/docs_examples_list.py`): each names its page, the command as the page shows it
  (it must be on the page, `\\` continuations joined and runs of spaces collapsed: an edited example
  fails here until the list follows it), the exit status, and what the page says it prints: `shows`
  strings, `block`s (a fenced block of the page, named by its first line) and `stdout_is` (a file
  the page names, stdout byte for byte). Every one must be on the page AND in the command's stdout +
  stderr, a block's lines in order; spaces are collapsed and
  `…` matches anything (a line that is only `…` elides lines). Commands run with bash in a scratch
  folder holding `tests` (a link to the repository's) and `target/real-data-flow` (what
  scripts/real-data-flow writes), `readcov` being BIN.
- `--help` against the pages: every subcommand is in README.md's Usage; every flag of every
  subcommand's `--help` is on a page that names `readcov <subcommand>`; every `--flag` a page
  writes after `readcov <subcommand>` is in that subcommand's `--help`.
- Left out, counted and printed on every run: the `readcov` command lines of the pages' ```sh
  blocks that no example runs (placeholders such as `gold.jsonl` or `DIR`, the editors, and what
  is not cheap), and the Python snippets (tests/python/test_docs.py runs docs/python.md's
  walk-through in 47-python.sh).
"""

import os
import re
import subprocess
import sys
import tempfile

from docs_examples_list import EXAMPLES, SETUP
from oracle_io import finish

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS = ["demo", "score", "explore", "contextbench", "locbench", "merge", "units", "import",
            "gold", "sheet", "lsp", "diagnose", "explain", "report"]


def pages():
    """README.md and every docs/*.md but performance.md (measurements), name → text."""
    names = ["README.md"] + sorted("docs/" + n for n in os.listdir(os.path.join(REPO, "docs"))
                                   if n.endswith(".md") and n != "performance.md")
    return {n: open(os.path.join(REPO, n), encoding="utf-8").read() for n in names}


def squash(text):
    """`\\`-continued lines joined, each line's runs of blanks one space, ends trimmed."""
    text = re.sub(r"\\\n\s*", " ", text)
    return "\n".join(re.sub(r"[ \t]+", " ", l).strip() for l in text.split("\n"))


def flat(text):
    """`\\`-continued lines joined, every run of white space one space: a page as prose."""
    return re.sub(r"\s+", " ", re.sub(r"\\\n", " ", text)).strip()


def pattern(shown):
    """A shown line as a regex: `…` matches anything."""
    return ".*".join(re.escape(p) for p in flat(shown).split("…"))


def fenced_block(page, first):
    """The lines of the fenced block of `page` whose first line is `first` (squashed), or None."""
    for body in re.findall(r"^```[^\n]*\n(.*?)^```", page, re.S | re.M):
        lines = [l for l in squash(body).split("\n") if l]
        if lines and lines[0] == squash(first):
            return lines
    return None


def in_order(want, got_lines):
    """The first line of `want` not found in `got_lines` in order (None: all found)."""
    i = 0
    for w in want:
        if w == "…":
            continue
        rx = re.compile(pattern(w))
        while i < len(got_lines) and not rx.fullmatch(got_lines[i]):
            i += 1
        if i == len(got_lines):
            return w
        i += 1
    return None


def run_examples(docs, scratch, problems):
    for ex in EXAMPLES:
        page = docs.get(ex["doc"])
        where = f"{ex['doc']}: `{squash(ex['cmd']).splitlines()[-1][:70]}`"
        if page is None:
            problems.append(f"{where}: no such page")
            continue
        prose = flat(page)
        for line in squash(ex["cmd"]).split("\n"):
            if line not in prose:
                problems.append(f"{where}: the page no longer shows `{line}` (update the list)")
        cwd = os.path.join(scratch, ex.get("cwd", "."))
        p = subprocess.run(["bash", "-c", "set -e\n" + ex["cmd"]], cwd=cwd, capture_output=True,
                           text=True, env=dict(os.environ, PATH=f"{scratch}/bin:{os.environ['PATH']}"))
        out = squash(p.stdout + "\n" + p.stderr)
        if p.returncode != ex.get("rc", 0):
            problems.append(f"{where}: exit {p.returncode}, the page says {ex.get('rc', 0)}: "
                            f"{p.stderr.strip()[-300:]}")
        for s in ex.get("shows", []):
            rx = pattern(s)
            if not re.search(rx, prose):
                problems.append(f"{where}: the page no longer shows {s!r} (update the list)")
            elif not re.search(rx, out):
                problems.append(f"{where}: the page shows {s!r}, the command does not print it")
        if "stdout_is" in ex:
            if ex["stdout_is"] not in prose:
                problems.append(f"{where}: the page no longer names {ex['stdout_is']} (update the list)")
            elif p.stdout != open(os.path.join(REPO, ex["stdout_is"]), encoding="utf-8").read():
                problems.append(f"{where}: stdout is not {ex['stdout_is']}, as the page says")
        for first in ex.get("blocks", []):
            want = fenced_block(page, first)
            if want is None:
                problems.append(f"{where}: no fenced block starting {first!r} on the page")
                continue
            miss = in_order(want, out.split("\n"))
            if miss is not None:
                problems.append(f"{where}: the block {first[:40]!r} shows {miss!r}, not printed "
                                "(in that order)")


def help_flags(bin_, args):
    p = subprocess.run([bin_, *args, "--help"], capture_output=True, text=True, check=True)
    return p.stdout, set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", p.stdout))


def check_help(bin_, docs, problems):
    """Returns the number of (subcommand, flag) pairs checked both ways."""
    top, top_flags = help_flags(bin_, [])
    listed = re.findall(r"^  ([a-z]+) ", top.split("Commands:")[1].split("Options:")[0], re.M)
    if sorted(c for c in listed if c != "help") != sorted(COMMANDS):
        problems.append(f"readcov --help lists {listed}, the list here {COMMANDS}")
    readme = docs["README.md"]
    pairs = 0
    for c in COMMANDS:
        if not re.search(rf"readcov {c}\b", readme):
            problems.append(f"README.md does not name `readcov {c}`")
        _, flags = help_flags(bin_, [c])
        naming = [t for t in docs.values() if f"readcov {c}" in t]
        for f in sorted(flags):
            pairs += 1
            if not any(re.search(re.escape(f) + r"(?![\w-])", t) for t in naming):
                problems.append(f"`readcov {c} {f}` (in --help) is on no page that names `readcov {c}`")
        for name, text in docs.items():
            for m in re.finditer(rf"readcov {c}\b([^`\n#]*)", squash(text)):
                for f in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", m.group(1).split("readcov ")[0]):
                    if f not in flags and f not in top_flags:
                        problems.append(f"{name}: `readcov {c} {f}`, but {c} --help has no {f}")
    return pairs


def bare(line):
    """A command line without its trailing `# comment`."""
    return re.sub(r"\s+#.*$", "", line)


def doc_command_lines(docs):
    """(page, squashed line) of every `readcov …` line in the pages' ```sh blocks."""
    got = []
    for name, text in docs.items():
        for body in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M):
            got += [(name, l) for l in squash(body).split("\n") if l.startswith("readcov ")]
    return got


def main():
    bin_ = os.path.abspath(sys.argv[1])
    docs = pages()
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(f"{scratch}/bin")
        os.symlink(bin_, f"{scratch}/bin/readcov")
        os.symlink(f"{REPO}/tests", f"{scratch}/tests")
        subprocess.run(["bash", "-c", "set -e\n" + SETUP], cwd=scratch, check=True, capture_output=True,
                       env=dict(os.environ, PATH=f"{scratch}/bin:{os.environ['PATH']}"))
        run_examples(docs, scratch, problems)
    pairs = check_help(bin_, docs, problems)
    ran = {bare(l) for ex in EXAMPLES for l in squash(ex["cmd"]).split("\n")}
    left = [(n, l) for n, l in doc_command_lines(docs) if bare(l) not in ran]
    by_page = {}
    for n, _ in left:
        by_page[n] = by_page.get(n, 0) + 1
    shown = sum(len(ex.get("shows", [])) + len(ex.get("blocks", [])) + ("stdout_is" in ex) for ex in EXAMPLES)
    python = sum(len(re.findall(r"^```python\n", t, re.M)) for t in docs.values())
    finish({"examples run": len(EXAMPLES), "shown outputs compared": shown,
            "--help flags checked both ways": pairs},
           {f"`readcov` lines of ```sh blocks not run ({', '.join(f'{n} {k}' for n, k in by_page.items())})":
            len(left), "```python blocks (47-python's test_docs.py runs docs/python.md's)": python},
           problems)


if __name__ == "__main__":
    main()
