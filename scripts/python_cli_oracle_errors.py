"""python_cli_oracle's error cases (session 36): each bad input given to a Python call and to the
matching `readcov` command, the InputError held to the CLI's `error:` text: since session 37
every `error:` line the CLI prints, in its order, to the entry of `InputError.errors` at the same
place (before, the first alone).

Both sides say `FILE:LINE: field `F`: MESSAGE` (InputError's `file`, `line`, `field`, `message`;
the CLI's located error), so a located error is compared whole: same file, line, field, words. A
bad argument is clap's `invalid value 'V' for '--flag <N>': REASON` at the CLI and InputError
`invalid value 'V' for `param`: REASON` with `field` the parameter in Python. The differences
allowed are written below as data, and docs/python.md says each: the parameter for the flag
(FLAGS), the file an InputError always has where the CLI's error names none (WHOLE_CALL), and a
case's own (its `alias`: text given where the CLI reads a file, a parameter with no flag twin)."""

import json
import re

import readcov
from python_cli_oracle import FIXTURES, REAL, check, cli
from python_cli_oracle_cases import GOLD, STATE

SOURCES = REAL / "sources"
MISSING = "/nonexistent/readcov-oracle.jsonl"

# The CLI's flag → the Python parameter that says it (a case's `alias` overrides one: `--at-k` is
# `at_k`'s `k` but `report`'s `at_k`).
FLAGS = {
    "--widen": "widen", "--anchor": "anchor", "--top-k": "top_k", "--at-k": "k", "--k": "k", "--k-file": "k_file",
    "--shard": "shard", "--max-unit": "max_unit", "--window": "window", "--min-runs": "min_runs",
    "--threshold": "threshold", "--jobs": "jobs", "--regeneration-limit": "regeneration_limit", "--format": "format",
    "--layout": "layout", "--expand": "expand", "--group-by": "group_by", "--trec-run": "trec_run", "--level": "qrels",
    "--sources": "sources", "--emit-from": "patches", "--agree": "agree", "--loo-failed": "loo_failed",
    "--lang": "lang", "--gold": "gold", "--reads": "reads", "--workspace": "workspace", "--workspaces": "workspaces",
}
# A whole-call error: the CLI prints it without a file; an InputError has one, one of these (the
# parameter's input, `<gold>`, or `<arguments>`), or the one input path `import_log` was given.
WHOLE_CALL = ("<arguments>", "<gold>", "<reads>", "<preds>")
# What Python says after the CLI's words for a missing input (`gold=None`).
NOT_NONE = " (a path, a list of dicts or a DataFrame, not None)"
FLAG = re.compile(r"'(--[a-z-]+)(?: <[^>]*>)?'")


def cli_errors(args):
    """The CLI's exit code and every error it printed, in order (without `error: `, clap's
    continuation lines joined)."""
    p = cli(*args, check=False)
    lines, said = p.stderr.splitlines(), []
    for i, line in enumerate(lines):
        if line.startswith("error: "):
            text = line[len("error: "):]
            for more in lines[i + 1:]:
                if not more.startswith("  ") or more.startswith("  tip:"):
                    break
                text += " " + more.strip()
            said.append(text)
    return p.returncode, said


def expected(text, alias):
    """The CLI's error as an InputError would say it: (file or None for a whole-call error,
    line, field, message)."""
    for old, new in alias.items():
        if not old.startswith(("--", "<")):  # a flag's or a file's alias is not a text's
            text = text.replace(old, new)
    m = re.match(r"^((?:/|<)[^:]*):(\d+): (?:field `([^`]+)`: )?(.*)$", text)
    if m:
        return m[1], int(m[2]), m[3], m[4]
    m = re.match(r"^((?:/|<)[^:]*): (.*)$", text)
    if m:
        return m[1], 0, None, m[2]
    names = lambda t: FLAG.sub(lambda f: f"`{alias.get(f[1], FLAGS.get(f[1], f[1]))}`", t)
    m = re.match(r"^invalid value '([^']*)' for '(--[a-z-]+)[^']*'(.*)$", text)
    if m:
        param = alias.get(m[2], FLAGS.get(m[2], m[2]))
        return None, 0, param, f"invalid value '{m[1]}' for `{param}`{m[3]}"
    m = re.match(r"^the following required arguments were not provided: '?(--[a-z-]+)", text)
    if m:
        param = FLAGS.get(m[1], m[1])
        return f"<{param}>", 0, None, f"the following required arguments were not provided: `{param}`"
    m = re.match(r"^the argument '(--[a-z-]+)[^']*' cannot", text)
    if m:
        return None, 0, FLAGS[m[1]], names(text)
    # The CLI's own refusal of a flag (`--explorer mine: ...`), said of the parameter the case's
    # alias names for it (`explorer` mine: ...), that parameter the field.
    m = re.match(r"^(--[a-z-]+)(.*)$", text)
    if m and m[1] in alias:
        return None, 0, alias[m[1]], f"`{alias[m[1]]}`{m[2]}"
    return None, 0, None, text


def cases(tmp):
    gold, reads = STATE["gold"], STATE["reads"]
    bad_gold, bad_reads = tmp / "bad-gold.jsonl", tmp / "bad-reads.jsonl"
    first = json.loads(gold.read_text().splitlines()[0])
    bad_gold.write_text(json.dumps(first) + "\n{\"task\": \"t\", \"path\": 3}\n")
    bad_reads.write_text(reads.read_text().splitlines()[0] + "\n{bad\n")
    diff = tmp / "not-a-diff.txt"
    diff.write_text("not a diff")
    traj = REAL / "openhands" / "psf__requests-1724.json"
    fx = FIXTURES
    g, r = ["--gold", gold], ["--reads", reads]
    sheet_runs, ex = fx / "sheet" / "runs.jsonl", fx / "explore"
    explore_in = [ex / "bench.jsonl", ex / "preds.jsonl"]
    explore_args = ["explore", "--bench", ex / "bench.jsonl", "--preds", ex / "preds.jsonl", "--file-lengths",
                    ex / "lengths.json"]
    task = first["task"]
    bad_bench, half_bench, empty = tmp / "bad-bench.jsonl", tmp / "half-bench.jsonl", tmp / "empty.jsonl"
    empty.write_text("")
    bad_bench.write_text('{"instance_id": "t"}\n')
    half_bench.write_text(ex.joinpath("bench.jsonl").read_text() + '{"instance_id": "t"}\n')
    return [
        # (function, case, Python call, CLI args[, alias, hint]): alias as in `expected`, hint
        # what Python says after the CLI's words (documented in docs/python.md).
        ("score", "widen=-1", lambda: readcov.score(gold, reads, workspaces=SOURCES, widen=-1),
         ["score", *g, *r, "--workspaces", SOURCES, "--widen=-1"]),
        ("score", "widen=2**40", lambda: readcov.score(gold, reads, workspaces=SOURCES, widen=2**40),
         ["score", *g, *r, "--workspaces", SOURCES, f"--widen={2**40}"]),
        ("score", "threshold=-1", lambda: readcov.score(gold, reads, threshold=-1), ["score", *g, *r, "--threshold=-1"]),
        ("score", "threshold=1.5", lambda: readcov.score(gold, reads, threshold=1.5), ["score", *g, *r, "--threshold=1.5"]),
        ("score", "shard=(0, 0)", lambda: readcov.score(gold, reads, shard=(0, 0)), ["score", *g, *r, "--shard", "0/0"]),
        ("score", "shard='0/x'", lambda: readcov.score(gold, reads, shard="0/x"), ["score", *g, *r, "--shard", "0/x"]),
        ("score", "workspace and workspaces", lambda: readcov.score(gold, reads, workspace=SOURCES, workspaces=SOURCES),
         ["score", *g, *r, "--workspace", SOURCES, "--workspaces", SOURCES]),
        ("score", "sources=bogus", lambda: readcov.score(gold, reads, sources="bogus"), ["score", *g, *r, "--sources", "bogus"]),
        ("score", "gold=None", lambda: readcov.score(None, reads), ["score", *r], {}, NOT_NONE),
        ("score", "reads=None", lambda: readcov.score(gold, None), ["score", *g], {}, NOT_NONE),
        ("gold_from_patch", "anchor=-1", lambda: readcov.gold_from_patch(swebench=GOLD, anchor=-1, workspaces=SOURCES),
         ["gold", "--from-swebench", GOLD, "--workspaces", SOURCES, "--anchor=-1"]),
        ("gold_from_patch", "window=-1", lambda: readcov.gold_from_patch(swebench=GOLD, expand="units", window=-1,
                                                                         workspaces=SOURCES),
         ["gold", "--from-swebench", GOLD, "--expand", "units", "--workspaces", SOURCES, "--window=-1"]),
        ("gold_from_patch", "max_unit=-1", lambda: readcov.gold_from_patch(swebench=GOLD, expand="units", max_unit=-1,
                                                                           workspaces=SOURCES),
         ["gold", "--from-swebench", GOLD, "--expand", "units", "--workspaces", SOURCES, "--max-unit=-1"]),
        ("gold_from_patch", "expand=bogus", lambda: readcov.gold_from_patch(swebench=GOLD, expand="bogus"),
         ["gold", "--from-swebench", GOLD, "--expand", "bogus"]),
        ("gold_from_patch", "qrels=bogus", lambda: readcov.gold_from_patch(swebench=GOLD, qrels="bogus"),
         ["gold", "--from-swebench", GOLD, "--format", "qrels", "--level", "bogus"]),
        # The patch given as text: its name is `<patch>`, where the CLI names the diff's file.
        ("gold_from_patch", "'not a diff'", lambda: readcov.gold_from_patch("not a diff"),
         ["gold", "--from-diff", diff], {str(diff): "<patch>"}),
        ("gold_from_patch", "missing swebench", lambda: readcov.gold_from_patch(swebench=MISSING),
         ["gold", "--from-swebench", MISSING]),
        ("explore", "top_k=-1", lambda: readcov.explore(*explore_in, top_k=-1, lengths=ex / "lengths.json"),
         [*explore_args, "--top-k=-1"]),
        ("explore", "top_k=0", lambda: readcov.explore(*explore_in, top_k=0, lengths=ex / "lengths.json"),
         [*explore_args, "--top-k=0"]),
        ("explore", "shard='3/2'", lambda: readcov.explore(*explore_in, shard="3/2", lengths=ex / "lengths.json"),
         [*explore_args, "--shard", "3/2"]),
        ("explore", "missing bench", lambda: readcov.explore(MISSING, explore_in[1]),
         ["explore", "--bench", MISSING, "--preds", explore_in[1]]),
        ("explore", "missing preds", lambda: readcov.explore(explore_in[0], MISSING),
         ["explore", "--bench", explore_in[0], "--preds", MISSING]),
        ("at_k", "k=-1", lambda: readcov.at_k(gold, reads, k=(-1,)), ["score", *g, *r, "--at-k=-1"]),
        ("at_k", "k=0", lambda: readcov.at_k(gold, reads, k=(0,)), ["score", *g, *r, "--at-k", "0"]),
        ("at_k", "k=2**40", lambda: readcov.at_k(gold, reads, k=(2**40,)), ["score", *g, *r, "--at-k", str(2**40)]),
        ("at_k", "trec_run=bogus", lambda: readcov.at_k(gold, reads, k=(1,), trec_run="bogus"),
         ["score", *g, *r, "--at-k", "1", "--trec-run", "bogus"]),
        ("at_k", "missing reads", lambda: readcov.at_k(gold, MISSING, k=(1,)), ["score", *g, "--reads", MISSING, "--at-k", "1"]),
        ("sheet", "k=0", lambda: readcov.sheet(sheet_runs, k=(0,)), ["sheet", "--runs", sheet_runs, "--k", "0"]),
        ("sheet", "regeneration_limit=-1", lambda: readcov.sheet(sheet_runs, regeneration_limit=-1),
         ["sheet", "--runs", sheet_runs, "--regeneration-limit=-1"]),
        ("sheet", "missing runs", lambda: readcov.sheet(MISSING), ["sheet", "--runs", MISSING]),
        ("sheet", "missing ledger", lambda: readcov.sheet(sheet_runs, ledger=MISSING),
         ["sheet", "--runs", sheet_runs, "--ledger", MISSING]),
        # shard_of has no flag: the CLI's `--shard 0/N` says what its N may be.
        ("shard_of", "n=-1", lambda: readcov.shard_of("t", -1), ["score", *g, *r, "--shard=0/-1"],
         {"'0/-1'": "'-1'", "--shard": "n"}),
        ("shard_of", "n=0", lambda: readcov.shard_of("t", 0), ["score", *g, *r, "--shard", "0/0"],
         {"'0/0'": "'0'", "shard 0/0: need 0 ≤ I < N": "`0` is not a shard count", "--shard": "n"}),
        ("merge", "missing file", lambda: readcov.merge([MISSING]), ["merge", MISSING]),
        ("import_log", "format='codex' on OpenHands", lambda: readcov.import_log(traj, format="codex"),
         ["import", "--format", "codex", traj], {"<file>": str(traj)},
         " (format='codex' was given: are the logs in that format?)"),
        ("import_log", "format=bogus", lambda: readcov.import_log(traj, format="bogus"), ["import", "--format", "bogus", traj]),
        ("import_log", "layout=bogus", lambda: readcov.import_log(traj, layout="bogus"), ["import", "--layout", "bogus", traj]),
        ("import_log", "patches=bogus", lambda: readcov.import_log(traj, patches="bogus"),
         ["import", "--emit-patches", "/dev/null", "--emit-from", "bogus", traj]),
        # `--jobs` is parsed by Rust's usize parser, whose words say nothing of the range.
        ("import_log", "jobs=-1", lambda: readcov.import_log(traj, jobs=-1), ["import", "--jobs=-1", traj],
         {"invalid digit found in string": f"-1 is not in 0..={2**63 - 1}"}),
        ("import_log", "missing file", lambda: readcov.import_log(MISSING), ["import", MISSING]),
        ("score", "bad gold line", lambda: readcov.score(bad_gold, reads), ["score", "--gold", bad_gold, *r]),
        ("score", "bad reads line", lambda: readcov.score(gold, bad_reads), ["score", *g, "--reads", bad_reads]),
        ("score", "missing gold", lambda: readcov.score(MISSING, reads), ["score", "--gold", MISSING, *r]),
        ("score", "missing reads", lambda: readcov.score(gold, MISSING), ["score", *g, "--reads", MISSING]),
        ("score", "missing workspace", lambda: readcov.score(gold, reads, workspace=MISSING),
         ["score", *g, *r, "--workspace", MISSING]),
        ("score", "missing outcomes", lambda: readcov.score(gold, reads, outcomes=MISSING),
         ["score", *g, *r, "--outcomes", MISSING]),
        ("score_sets", "missing gold", lambda: readcov.score_sets({"a": MISSING}, reads), ["score", "--gold", f"a={MISSING}", *r]),
        ("score_sets", "agree=bogus", lambda: readcov.score_sets({"a": gold}, reads, consensus=True, outcomes=GOLD,
                                                                 agree="bogus"),
         ["score", "--gold", f"a={gold}", *r, "--consensus", "--outcomes", GOLD, "--agree", "bogus"]),
        ("score_sets", "loo_failed=bogus", lambda: readcov.score_sets({"a": gold}, reads, consensus=True, outcomes=GOLD,
                                                                      loo_failed="bogus"),
         ["score", "--gold", f"a={gold}", *r, "--consensus", "--outcomes", GOLD, "--loo-failed", "bogus"]),
        ("diagnose", "bad reads line", lambda: readcov.diagnose(gold, bad_reads), ["diagnose", *g, "--reads", bad_reads]),
        ("diagnose", "missing patches", lambda: readcov.diagnose(gold, reads, patches=MISSING),
         ["diagnose", *g, *r, "--patches", MISSING]),
        ("diagnose", "missing test report", lambda: readcov.diagnose(gold, reads, test_reports=MISSING),
         ["diagnose", *g, *r, "--test-report", MISSING]),
        ("diagnose", "group_by=bogus", lambda: readcov.diagnose(gold, reads, group_by="bogus"),
         ["diagnose", *g, *r, "--group-by", "bogus"]),
        ("explain", "bad gold line", lambda: readcov.explain(bad_gold, reads, task), ["explain", "--gold", bad_gold, *r, "--task", task]),
        ("explain", "missing reads", lambda: readcov.explain(gold, MISSING, task), ["explain", *g, "--reads", MISSING, "--task", task]),
        ("explain", "unknown task", lambda: readcov.explain(gold, reads, "nope"), ["explain", *g, *r, "--task", "nope"]),
        ("explain", "unknown run", lambda: readcov.explain(gold, reads, task, "nope"),
         ["explain", *g, *r, "--task", task, "--run", "nope"]),
        ("report", "missing gold", lambda: readcov.report(MISSING, reads), ["report", "--gold", MISSING, *r, "--sarif", tmp / "x.sarif"]),
        ("report", "missing units", lambda: readcov.report(gold, reads, units=MISSING),
         ["report", *g, *r, "--units", MISSING, "--html", tmp / "x.html"]),
        ("report", "at_k=0", lambda: readcov.report(gold, reads, at_k=(0,)), ["report", *g, *r, "--at-k", "0", "--html", tmp / "x.html"],
         {"--at-k": "at_k"}),
        ("gold_from_runs", "missing reads", lambda: readcov.gold_from_runs(MISSING, GOLD), ["gold", "--from-runs", MISSING, "--outcomes", GOLD]),
        ("gold_from_runs", "missing outcomes", lambda: readcov.gold_from_runs(reads, MISSING),
         ["gold", "--from-runs", reads, "--outcomes", MISSING]),
        ("gold_from_runs", "agree=bogus", lambda: readcov.gold_from_runs(reads, GOLD, agree="bogus"),
         ["gold", "--from-runs", reads, "--outcomes", GOLD, "--agree", "bogus"]),
        ("gold_from_runs", "min_runs=-1", lambda: readcov.gold_from_runs(reads, GOLD, min_runs=-1),
         ["gold", "--from-runs", reads, "--outcomes", GOLD, "--min-runs=-1"]),
        # `--format qrels` is `qrels=LEVEL` in Python.
        ("gold_from_runs", "format=bogus", lambda: readcov.gold_from_runs(reads, GOLD, format="bogus"),
         ["gold", "--from-runs", reads, "--outcomes", GOLD, "--format", "bogus"], {"swe-explore, qrels]": "swe-explore]"},
         " (qrels: give qrels='file', 'unit', 'span' or 'line'; the text is on `.qrels`)"),
        ("gold_from_beir", "missing folder", lambda: readcov.gold_from_beir(MISSING), ["gold", "--from-beir", MISSING]),
        ("gold_from_beir", "split=nope", lambda: readcov.gold_from_beir(fx / "beir", split="nope"),
         ["gold", "--from-beir", fx / "beir", "--split", "nope"]),
        ("contextbench", "missing gold", lambda: readcov.contextbench(MISSING, preds=fx / "contextbench" / "preds.jsonl"),
         ["contextbench", "--gold", MISSING, "--preds", fx / "contextbench" / "preds.jsonl"]),
        ("contextbench", "missing preds", lambda: readcov.contextbench(fx / "contextbench" / "gold.jsonl", preds=MISSING),
         ["contextbench", "--gold", fx / "contextbench" / "gold.jsonl", "--preds", MISSING]),
        ("locbench", "missing preds", lambda: readcov.locbench(fx / "locbench" / "swebench3.jsonl", MISSING),
         ["locbench", "--gold", fx / "locbench" / "swebench3.jsonl", "--preds", MISSING]),
        ("locbench", "k_file=0", lambda: readcov.locbench(fx / "locbench" / "swebench3.jsonl", fx / "locbench" / "agentless.jsonl",
                                                          workspaces=SOURCES, k_file=(0,)),
         ["locbench", "--gold", fx / "locbench" / "swebench3.jsonl", "--preds", fx / "locbench" / "agentless.jsonl",
          "--workspaces", SOURCES, "--k-file", "0"]),
        ("units", "missing file", lambda: readcov.units([MISSING + ".py"]), ["units", MISSING + ".py"]),
        ("score", "reads given as gold", lambda: readcov.score(reads, reads), ["score", "--gold", reads, *r]),
        ("score", "missing workspaces", lambda: readcov.score(gold, reads, workspaces=MISSING),
         ["score", *g, *r, "--workspaces", MISSING]),
        ("explain_sets", "missing gold", lambda: readcov.explain_sets({"a": gold, "b": MISSING}, reads, task),
         ["explain", "--gold", f"a={gold}", "--gold", f"b={MISSING}", *r, "--task", task]),
        ("locbench", "missing gold", lambda: readcov.locbench(MISSING, fx / "locbench" / "agentless.jsonl"),
         ["locbench", "--gold", MISSING, "--preds", fx / "locbench" / "agentless.jsonl"]),
        ("sheet", "missing reads", lambda: readcov.sheet(sheet_runs, gold=gold, reads=MISSING),
         ["sheet", "--runs", sheet_runs, "--gold", gold, "--reads", MISSING]),
        # The fixture's preds hold a bad row: the CLI says it first, then the missing lengths
        # file, and so does Python since session 37 (before, the lengths error came alone, and
        # this case took the preds without their bad rows).
        ("explore", "missing lengths", lambda: readcov.explore(*explore_in, lengths=MISSING),
         ["explore", "--bench", explore_in[0], "--preds", explore_in[1], "--file-lengths", MISSING]),
        ("explore", "instance with JSONL preds", lambda: readcov.explore(*explore_in, instance="x", lengths=ex / "lengths.json"),
         [*explore_args, "--instance", "x"], {"--instance": "instance", " --preds file": " prediction file"}),
        ("explore", "idle explorer", lambda: readcov.explore(*explore_in, explorer="mine", lengths=ex / "lengths.json"),
         [*explore_args, "--explorer", "mine"], {"--explorer": "explorer"}),
        ("explore", "no valid bench row", lambda: readcov.explore(bad_bench, explore_in[1]),
         ["explore", "--bench", bad_bench, "--preds", explore_in[1]]),
        # Gold given as predictions: refused by its kind, as the CLI's `check_kind` refuses it
        # (before session 37 Python parsed it, each row an error).
        ("explore", "gold given as preds", lambda: readcov.explore(explore_in[0], bad_gold),
         ["explore", "--bench", explore_in[0], "--preds", bad_gold]),
        ("explore", "no valid prediction row", lambda: readcov.explore(explore_in[0], empty),
         ["explore", "--bench", explore_in[0], "--preds", empty]),
        ("explore", "missing preds after a bad bench row", lambda: readcov.explore(half_bench, MISSING),
         ["explore", "--bench", half_bench, "--preds", MISSING]),
        ("import_log", "missing corpus", lambda: readcov.import_log(fx / "retriever" / "chunks.jsonl", corpus=MISSING),
         ["import", "--corpus", MISSING, fx / "retriever" / "chunks.jsonl"]),
        ("contextbench", "missing reads", lambda: readcov.contextbench(fx / "contextbench" / "gold.jsonl", reads=MISSING),
         ["contextbench", "--gold", fx / "contextbench" / "gold.jsonl", "--reads", MISSING]),
        ("diagnose", "missing outcomes", lambda: readcov.diagnose(gold, reads, outcomes=MISSING),
         ["diagnose", *g, *r, "--outcomes", MISSING]),
        ("units", "lang=cobol", lambda: readcov.units([SOURCES], lang="cobol"), ["units", "--lang", "cobol", SOURCES]),
    ]


def step_errors(tmp):
    for fn, case, call, args, *more in cases(tmp):
        alias, hint = (more[0] if more else {}), (more[1] if len(more) > 1 else "")
        code, all_said = cli_errors(args)
        said = all_said[0] if all_said else None
        try:
            call()
            check(fn, f"error {case}", False, f"Python raised no InputError; the CLI (exit {code}) said {said!r}")
            continue
        except readcov.InputError as e:
            got = e
        except Exception as e:  # noqa: BLE001 - another exception is a mismatch (OverflowError was one)
            check(fn, f"error {case}", False, f"Python raised {type(e).__name__}: {e}; the CLI said {said!r}")
            continue
        if said is None:
            check(fn, f"error {case}", False, f"the CLI (exit {code}) said no error; Python: {got}")
            continue
        # Every error the CLI printed, in its order, is one of `.errors` in that order (session
        # 37; before, the first alone was compared). Python may hold more after them: the CLI
        # stops printing at its first located error of some inputs, a call collects them all.
        for i, said in enumerate(all_said):
            if i >= len(got.errors):
                check(fn, f"error {case}", False, f"the CLI's error {i + 1} {said!r} has no InputError in `.errors`"
                      f" ({len(got.errors)}: {[str(x) for x in got.errors]})")
                break
            e = got.errors[i]
            file, line, field, message = expected(said, alias)
            # A hint Python adds after the CLI's words (documented, the case's own).
            message_ok = e.message == message + hint
            file_ok = e.file == file if file is not None else (e.file in WHOLE_CALL or e.file == alias.get("<file>"))
            ok = message_ok and file_ok and (e.line, e.field) == (line, field)
            check(fn, f"error {case}" + (f" #{i + 1}" if i else ""), ok,
                  f"\n      CLI:    {said}\n      want:   {(file, line, field, message + hint)}"
                  f"\n      Python: {(e.file, e.line, e.field, e.message)}")


STEPS = (step_errors,)
