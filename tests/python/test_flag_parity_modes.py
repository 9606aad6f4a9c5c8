"""Flag parity mode by mode (session 38), after test_flag_parity.py's command by command: a command
with modes — `score` (rows, `--summary`, several gold sets, `--consensus`, `--at-k`, `--trec-run`),
`gold` (`--from-diff`, `--from-swebench`, `--from-runs`, `--from-beir`) and `explain` (one gold
set or several) — has a Python function per mode, and a flag the CLI takes in a mode must be taken
by that mode's function, not merely by another function of the command (`--sources` by `at_k`,
not only by `score`). Which flags a mode takes is observed, not written down: the mode's command
runs on small real inputs with each flag added (a sample value that the CLI accepts where the flag
applies); exit 2 from clap or with the flag named in an error is refused there, any other run
took it. A flag taken needs a
parameter of its own name on the mode's function, one of test_flag_parity's other names on that
function or its result, or a line in docs/python.md's "Flags with no parameter" table.
"""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli
from test_flag_parity import RENAMED, exceptions, flags_of, has, params

MULTI = REPO / "tests" / "data" / "real-multi"
FIXTURES = REPO / "tests" / "fixtures"
SOURCES = REAL / "sources"
LABELS = REAL / "gold.jsonl"
CHUNKS = FIXTURES / "retriever" / "chunks.jsonl"
BEIR = FIXTURES / "beir"
REPORT = REPO / "tests" / "data" / "formats" / "swebench-eval" / "msa-pr816_astropy__astropy-7746_report.json"


@pytest.fixture(scope="module")
def inputs(real_files, changes, tmp_path_factory):
    """The inputs the modes run on: the real data's reads and gold, one task's diff, the multi-run
    reads with a gold span (the consensus), the retriever chunks."""
    tmp = tmp_path_factory.mktemp("modes")
    first = json.loads(LABELS.read_text().splitlines()[0])
    (tmp / "fix.diff").write_text(first["patch"])
    cli("import", "--layout", "task/run", MULTI / "swe-agent-java", "-o", tmp / "multi.jsonl")
    edit = {"task": "fasterxml__jackson-databind-3701",
            "path": "src/main/java/com/fasterxml/jackson/databind/node/NodeCursor.java", "start": 134, "end": 140}
    (tmp / "edit.jsonl").write_text(json.dumps(edit) + "\n")
    return {"gold": real_files / "gold.jsonl", "reads": real_files / "reads.jsonl", "task": first["instance_id"],
            "patches": changes / "patches.jsonl", "tmp": tmp}


def modes(d):
    """{(command, mode): (the mode's function, the mode's arguments)}."""
    g, r, t = d["gold"], d["reads"], d["tmp"]
    out = ["-o", t / "out.jsonl"]
    return {
        ("score", "rows"): ("score", ["score", "--gold", g, "--reads", r]),
        ("score", "--summary"): ("score", ["score", "--gold", g, "--reads", r, "--summary", "--format", "jsonl"]),
        ("score", "--gold NAME=FILE ..."): ("score_sets", ["score", "--gold", f"a={g}", "--gold", f"b={g}", "--reads", r]),
        ("score", "--consensus"): ("score_sets", ["score", "--gold", t / "edit.jsonl", "--reads", t / "multi.jsonl",
                                                  "--outcomes", MULTI / "outcomes.jsonl", "--consensus"]),
        ("score", "--at-k"): ("at_k", ["score", "--gold", g, "--reads", CHUNKS, "--workspaces", SOURCES, "--at-k", "1,3"]),
        ("score", "--trec-run"): ("at_k", ["score", "--gold", g, "--reads", CHUNKS, "--workspaces", SOURCES, "--at-k", "1",
                                           "--trec-run", "file"]),
        ("gold", "--from-diff"): ("gold_from_patch", ["gold", "--from-diff", t / "fix.diff", *out]),
        ("gold", "--from-swebench"): ("gold_from_patch", ["gold", "--from-swebench", LABELS, *out]),
        ("gold", "--from-runs"): ("gold_from_runs", ["gold", "--from-runs", t / "multi.jsonl", "--outcomes",
                                                     MULTI / "outcomes.jsonl", *out]),
        ("gold", "--from-beir"): ("gold_from_beir", ["gold", "--from-beir", BEIR, *out]),
        ("explain", "--gold FILE"): ("explain", ["explain", "--gold", g, "--reads", r, "--task", d["task"]]),
        ("explain", "--gold NAME=FILE ..."): ("explain_sets", ["explain", "--gold", f"a={g}", "--gold", f"b={g}",
                                                               "--reads", r, "--task", d["task"]]),
    }


# Flags that choose the mode (each is the mode's function or a parameter of it, checked by
# test_flag_parity.py): not tried as an addition to another mode.
DEBUG = __import__("os").environ.get("MODES_DEBUG")
CHOOSERS = {"--summary", "--consensus", "--at-k", "--trec-run", "--from-diff", "--from-swebench", "--from-runs",
            "--from-beir"}


def sample(cmd, flag, d, base):
    """The flag with a value the CLI takes where the flag applies, with what it needs beside it
    unless the mode's arguments have that already."""
    given = {str(a) for a in base}
    return [a for a in _sample(cmd, flag, d) if str(a) not in given or a == flag] if flag not in given else []


def _sample(cmd, flag, d):
    t = d["tmp"]
    values = {
        "--outcomes": [LABELS], "--agree": ["2"], "--min-runs": ["2"], "--loo-failed": ["full"], "--threshold": ["0.4"],
        "--workspace": [SOURCES / d["task"]], "--workspaces": [SOURCES], "--fail-under": ["0"],
        "--sources": ["agent,human"], "--shard": ["0/2"], "--emit-partial": [t / "partial.json"],
        "--widen": ["3", "--workspaces", SOURCES], "--max-parquet-rows": ["1000"], "--max-parquet-bytes": ["100000000"],
        "--corpus": [BEIR / "corpus.jsonl"], "--split": ["test"], "--task": ["t"], "--anchor": ["2"],
        "--expand": ["units", "--workspaces", SOURCES], "--max-unit": ["50", "--expand", "units", "--workspaces", SOURCES],
        "--window": ["3", "--expand", "units", "--workspaces", SOURCES], "--level": ["file", "--format", "qrels"],
        "--output": [t / "output"], "--patches": [d["patches"]], "--test-report": [REPORT], "--run": ["openhands"],
        "--against": ["mini-swe-agent"], "--gold": [f"c={d['gold']}"], "--reads": [d["reads"]],
    }
    formats = {"score": "json", "gold": "qrels", "explain": "json"}
    if flag == "--format":
        return ["--format", formats[cmd], *(["--level", "file"] if cmd == "gold" else [])]
    if flag == "--task" and cmd == "explain":
        return ["--task", d["task"]]
    return [flag, *values.get(flag, [])]


def taken(args, tried):
    """Whether the CLI takes the flag in these arguments (`tried`: the flag and what the sample
    added beside it): refused is exit 2 with clap's usage line, or with one of the tried flags
    named in an `error:` line ("--widen goes with ..."); any other run took it (exit 2 on what
    the inputs gave, such as `--tests` on rows without test fields, is past the flag)."""
    p = cli(*args, check=False, timeout=120)
    errors = [line for line in p.stderr.splitlines() if line.startswith("error:")]
    assert p.returncode in (0, 1, 2), f"{args}: exit {p.returncode}: {p.stderr[-800:]}"
    # clap's refusals of a combination end with its usage line (`--agree` without `--consensus`:
    # "the following required arguments were not provided: --consensus").
    usage = "\nUsage: readcov " in p.stderr
    named = any(f in line for line in errors for f in tried if str(f).startswith("--"))
    return not (p.returncode == 2 and (usage or named))


# Taken by the CLI where they change nothing: no parameter is owed. Held here as observed, each
# checked to change nothing, so a CLI that refuses them fails this list. Empty since session 38:
# `--agree`, `--min-runs` and `--loo-failed` beside `--at-k --trec-run` (clap let them through
# unread) are refused by the CLI now (server/cli/tests/it/cli_idle_options.rs).
IDLE_IN_CLI: set[tuple[str, str, str]] = set()


def counterparts(fn, cls, cmd, flag):
    own = flag.strip("<>-").lower().replace("-", "_")
    found = [f"{fn}.{own}"] if own in params(fn) else []
    for key in ((cmd, flag), ("*", flag)):
        found += [x for x in RENAMED.get(key, ()) if x.split(".")[0] in (fn, cls, "Rows", "set_parquet_limits") and has(x)]
    return found


def test_each_mode_takes_its_flags_in_its_own_function(inputs):
    listed = exceptions()
    gaps, seen = [], {}
    for (cmd, mode), (fn, base) in modes(inputs).items():
        assert cli(*base, check=False, timeout=120).returncode in (0, 1), f"{cmd} {mode}: the mode itself fails"
        ret = readcov.__dict__[fn].__annotations__.get("return")
        cls = ret if isinstance(ret, str) else getattr(ret, "__name__", "")
        for flag in sorted(flags_of(cmd) - CHOOSERS - {"--help"}):
            if flag.startswith("<") or flag in [str(a) for a in base]:
                continue
            tried = sample(cmd, flag, inputs, base)
            ok = taken([*base, *tried], tried)
            seen.setdefault(cmd, {}).setdefault(flag, []).append((mode, ok))
            if (cmd, mode, flag) in IDLE_IN_CLI:
                assert ok, f"{cmd} {mode} now refuses {flag}: take it off IDLE_IN_CLI"
                alone, beside = cli(*base, check=False), cli(*base, *tried, check=False)
                assert (alone.returncode, alone.stdout) == (beside.returncode, beside.stdout), (cmd, mode, flag)
                continue
            if not ok or counterparts(fn, cls, cmd, flag):
                continue
            if (cmd, flag) in listed or ("*", flag) in listed or (cmd, "*") in listed:
                continue
            gaps.append(f"{cmd} {mode}: {flag} is taken by the CLI, but `{fn}` has no parameter for it")
    if DEBUG:
        for c, fl in seen.items():
            for f, v in sorted(fl.items()):
                print(c, f, " ".join(f"{m}={'+' if ok else '-'}" for m, ok in v))
    assert gaps == [], "\n".join(gaps)
    # The observation means something: some flags are refused in some modes (`--shard` at k).
    refused = sorted(f"{c} {f}" for c, fl in seen.items() for f, v in fl.items() if not all(ok for _, ok in v))
    assert "score --shard" in refused and "gold --anchor" in refused, refused
