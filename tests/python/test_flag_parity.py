"""Flag parity, checked rather than read (session 37): every flag and argument of every `readcov`
command (read from `readcov <cmd> --help`, clap's own listing, and since session 38 the hidden
ones, `hide = true` in server/cli's sources) has a Python counterpart — a
parameter of one of the command's functions, read with `inspect.signature` on the installed
package, or an attribute or method of its result — or is in docs/python.md's "Flags with no
parameter" table with its reason. A flag added to the CLI fails here until Python takes it or
that table says why not; an entry there that a parameter now covers, or that names no flag, fails
too, so the list stays the list of what Python lacks."""

import inspect
import re
from pathlib import Path

import readcov
from conftest import REPO, cli

# The Python functions a command's flags may reach: a command with several modes has a function
# per mode (`score --gold NAME=FILE ...` is `score_sets`, `score --at-k` is `at_k`).
FUNCTIONS = {
    "score": ("score", "score_sets", "at_k"),
    "explore": ("explore",),
    "contextbench": ("contextbench",),
    "locbench": ("locbench",),
    "merge": ("merge",),
    "units": ("units",),
    "import": ("import_log",),
    "gold": ("gold_from_patch", "gold_from_runs", "gold_from_beir"),
    "sheet": ("sheet",),
    "diagnose": ("diagnose",),
    "explain": ("explain", "explain_sets"),
    "report": ("report",),
    "demo": (),
    "lsp": (),
}

# Counterparts under another name (a flag's own name, `--foo-bar` → `foo_bar`, needs no entry):
# `fn.param` a parameter, `Class.attr` an attribute or method of a result. "*": every command.
RENAMED = {
    ("*", "--max-parquet-rows"): ("set_parquet_limits.max_rows",),
    ("*", "--max-parquet-bytes"): ("set_parquet_limits.max_bytes",),
    ("*", "--output"): ("Rows.to_jsonl",),
    ("*", "--emit-partial"): ("ScoreResult.partial", "ExploreResult.partial", "SheetResult.partial",
                              "DiagnoseResult.partial"),
    ("*", "--test-report"): ("explain.test_reports", "explain_sets.test_reports", "diagnose.test_reports",
                             "report.test_reports"),
    ("*", "--no-stages"): ("explain.stages", "explain_sets.stages", "report.stages"),
    ("score", "--summary"): ("score.breakdown",),
    ("score", "--at-k"): ("at_k.k",),
    ("diagnose", "--summary"): ("DiagnoseResult.summary",),
    ("explore", "--file-lengths"): ("explore.lengths",),
    ("contextbench", "--no-blocks"): ("contextbench.blocks",),
    ("import", "<FILES>"): ("import_log.path",),
    ("import", "--emit-outcomes"): ("ImportResult.outcomes",),
    ("import", "--emit-patches"): ("import_log.patches", "ImportResult.patches"),
    ("import", "--emit-from"): ("import_log.patches",),
    ("units", "<FILE>"): ("units.paths",),
    ("gold", "--from-diff"): ("gold_from_patch.patch",),
    ("gold", "--from-swebench"): ("gold_from_patch.swebench",),
    ("gold", "--from-runs"): ("gold_from_runs.reads",),
    ("gold", "--from-beir"): ("gold_from_beir.path",),
    ("gold", "--level"): ("gold_from_patch.qrels", "gold_from_runs.qrels", "gold_from_beir.qrels"),
    # `--format qrels` (with `--level`): `qrels=LEVEL`; `gold_from_runs` also has `format=`.
    ("gold", "--format"): ("gold_from_patch.qrels", "gold_from_beir.qrels"),
}

# An option line of clap's help: `  -o, --output <FILE>` or `      --gold <FILE>` (descriptions
# are indented further); an argument line: `  <FILES>...` or `  [FILES]...`.
OPTION = re.compile(r"^(?:  -[A-Za-z], |      )(--[a-z][a-z0-9-]*)", re.M)
ARGUMENT = re.compile(r"^  [<\[]([A-Z][A-Z0-9_]*)[>\]]", re.M)


def commands():
    top = cli("--help").stdout
    listed = top.split("Commands:", 1)[1].split("\n\n", 1)[0]
    return [c for c in re.findall(r"^  ([a-z]+) ", listed, re.M) if c != "help"]


def flags_of(cmd):
    """The command's flags and `<ARGUMENT>`s, as its help lists them (global ones included)."""
    text = cli(cmd, "--help").stdout
    flags = set(OPTION.findall(text))
    if "Arguments:" in text:
        args = text.split("Arguments:", 1)[1].split("Options:", 1)[0]
        flags |= {f"<{a}>" for a in ARGUMENT.findall(args)}
    assert "--help" in flags and "--max-parquet-rows" in flags, (cmd, text)  # the help was read
    return flags


def hidden_flags():
    """[(command, --flag)] of every `hide = true` argument in server/cli's sources (clap's `--help`
    leaves them out; session 38), the command being the file's `cmd/<command>` folder or file."""
    out = []
    cmd_dir = REPO / "server" / "cli" / "src" / "cmd"
    for f in sorted((REPO / "server" / "cli" / "src").rglob("*.rs")):
        text = f.read_text()
        # An `#[arg(...)]` (comments and other attributes may follow it) and its field.
        arg = r"#\[arg\((.*?)\)\]\s*(?:(?://[^\n]*|#\[[^\n]*\])\s*)*(?:pub\s+)?(\w+):"
        for m in re.finditer(arg, text, re.S):
            if not re.search(r"\bhide\s*=\s*true", m[1]):
                continue
            long = re.search(r'long\s*=\s*"([a-z-]+)"', m[1])
            assert f.is_relative_to(cmd_dir), f"a hidden flag outside cmd/: {f}"
            cmd = Path(*f.relative_to(cmd_dir).parts[:1]).name.removesuffix(".rs")
            out.append((cmd, f"--{long[1] if long else m[2].replace('_', '-')}"))
    return out


def exceptions():
    """docs/python.md's "Flags with no parameter": {(command or "*", flag): why}."""
    doc = (REPO / "docs" / "python.md").read_text()
    section = doc.split("#### Flags with no parameter", 1)[1].split("\n#", 1)[0]
    out = {}
    for line in section.splitlines():
        m = re.match(r"^\| (`[a-z]+`(?:, `[a-z]+`)*|every) \| `(--[a-z-]+|\*)` \| (.*) \|$", line)
        if m:
            assert m[3].strip(), f"no reason given for {m[1]} {m[2]}"
            for cmd in (["*"] if m[1] == "every" else re.findall(r"`([a-z]+)`", m[1])):
                assert (cmd, m[2]) not in out, f"listed twice: {cmd} {m[2]}"
                out[(cmd, m[2])] = m[3]
    assert len(out) >= 5, "the table was not found"
    return out


def params(fn):
    return set(inspect.signature(getattr(readcov, fn)).parameters)


def has(target):
    """`fn.param` is a parameter of readcov.fn; `Class.attr` an attribute (annotated or defined)
    of readcov.Class or a class it derives from."""
    owner, name = target.split(".")
    obj = getattr(readcov, owner)
    if inspect.isclass(obj):
        return any(name in vars(c) or name in getattr(c, "__annotations__", {}) for c in obj.__mro__)
    return name in params(owner)


def owners(cmd):
    """What may hold a command's counterparts: its functions, the classes they return
    (`ScoreResult` for `score`, ...), `Rows` (every result is one) and `set_parquet_limits`."""
    out = {"Rows", "set_parquet_limits", *FUNCTIONS[cmd]}
    for fn in FUNCTIONS[cmd]:
        ret = inspect.signature(getattr(readcov, fn)).return_annotation
        out.add(ret if isinstance(ret, str) else ret.__name__)
    return out


def counterparts(cmd, flag):
    """The Python names that take the flag (`fn.param`, `Class.attr`), or [] when none does."""
    own = flag.strip("<>-").lower().replace("-", "_")
    found = [f"{fn}.{own}" for fn in FUNCTIONS[cmd] if own in params(fn)]
    mine = owners(cmd)
    for key in ((cmd, flag), ("*", flag)):
        found += [t for t in RENAMED.get(key, ()) if t.split(".")[0] in mine and has(t)]
    return found


def test_every_cli_flag_has_a_python_parameter_or_a_documented_reason():
    cmds = commands()
    assert sorted(cmds) == sorted(FUNCTIONS), "a command was added or removed: map it to its functions above"
    listed = exceptions()
    gaps, stale, used = [], [], set()
    hidden = hidden_flags()
    assert ("score", "--general-path") in hidden, hidden  # the sources were read
    for cmd in cmds:
        for flag in sorted(flags_of(cmd) | {f for c, f in hidden if c == cmd}):
            found = counterparts(cmd, flag)
            why = listed.get((cmd, flag)) or listed.get((cmd, "*")) or listed.get(("*", flag))
            if found and (cmd, flag) in listed:
                stale.append(f"{cmd} {flag}: listed as having no parameter, but {found} take it")
            elif not found and why is None:
                gaps.append(f"{cmd} {flag}")
            for key in ((cmd, flag), (cmd, "*"), ("*", flag)):
                if not found and key in listed:
                    used.add(key)
                    break
    assert gaps == [], f"CLI flags with no Python parameter and no reason in docs/python.md: {gaps}"
    assert stale == [], stale
    assert sorted(set(listed) - used) == [], "docs/python.md lists flags no command has without a parameter"


def test_every_renamed_counterpart_exists():
    """The table of other names above names real parameters and result attributes."""
    missing = [t for targets in RENAMED.values() for t in targets if not has(t)]
    assert missing == [], missing
