#!/usr/bin/env python3
"""Cross-checks `readcov diagnose --format json` against a recomputation written from the
Definitions of docs/diagnose.md (not from the Rust code), run by run.

usage: diagnose_oracle.py READCOV GOLD_JSONL READS DIAGNOSE_JSON... [--gold-patches SWEBENCH_ROWS]
                          [--test-report [RUN=]RUN_LEVEL_REPORT ...] [--outcomes LABELS]
                          [--group-by run|task|repo|source]
                          [--patches PREDS] [--workspaces DIR] [--threshold T] [--expect-source S]

GOLD_JSONL: the gold lines (`readcov gold` output, what `score` reads); --gold-patches: the
SWE-bench rows whose `patch` is the gold change (absent: no gold change, edit/change null).
READS: reads JSONL; --patches: each run's change (SWE-bench predictions, `partial` read back);
DIAGNOSE_JSON: what `readcov diagnose --format json` printed on the same inputs. Units are
`readcov units` output on the base files (an input: they have their own tests); everything else
is recomputed here: patches applied at their stated lines (context checked; a hunk that only
applies elsewhere is reported, since git-apply-style offsets would then matter; a file with a hunk
that applies nowhere kept on its stated lines, its text after the change unknown, and named with the
rebuilt change's losses in `change_lost`), change lines,
units touched, read coverage, the stages' figures, the units' text after each patch, token
similarity, the verdict. Exits 1 naming every disagreement.
"""
import collections
import json
import os
import sys

from diagnose_oracle_checks import check_reason, check_summary, jsonl, predictions, tests_of
from diagnose_oracle_lib import (COUNTED, ChangeLines, apply, close, file_is_layout_only, gap_units, is_test,
                                 load_units, parse_diff, rate, say_or_fail, similarity, text_after, unit_of_lines)


# ---- one task's base files -----------------------------------------------------------------
class Base:
    """The base files of one task (None: no workspace) with their units, loaded on demand."""

    def __init__(self, rc, root, parsed):
        self.rc, self.root, self.files, self.units, self.parsed = rc, root, {}, {}, parsed

    def lines(self, path):
        if self.root is None:
            return None
        if path not in self.files:
            full = os.path.join(self.root, path)
            if not os.path.isfile(full):
                self.files[path] = None
            else:
                text = open(full, "rb").read().decode("utf-8", "replace")
                ls = text.split("\n")
                if ls and ls[-1] == "":
                    ls.pop()
                self.files[path] = [x.rstrip("\r") for x in ls]
        return self.files[path]

    def unit_map(self, path):
        """unit(l) for each line of path, or None when the file is not at the base."""
        base = self.lines(path)
        if base is None:
            return None
        if path not in self.units:
            if os.path.join(self.root, path) not in self.parsed:
                self.parsed.update(load_units(self.rc, [os.path.join(self.root, path)]))
            self.units[path] = unit_of_lines(self.parsed[os.path.join(self.root, path)], len(base))
        return self.units[path]

    def touch(self, path, lines):
        """U(lines). A file the workspace lacks (a patch changes it, so it is at the base) has no
        text to parse: one `<file>` unit, known by its path alone (end None). A patch's change
        lines (ChangeLines) touch the units of their deleted or modified lines and each pure
        insertion's gap unit, not the units of the lines around an insertion."""
        of = self.unit_map(path)
        if of is None:
            return {(path, "file", "<file>", 1, None)} if lines and self.root is not None else set()
        if isinstance(lines, ChangeLines):
            units = self.parsed[os.path.join(self.root, path)]
            got = {of[ln - 1] for ln in lines.edited if 1 <= ln <= len(of)}
            base = self.lines(path)
            got |= set().union(*[gap_units(units, of, k, first, base, path) for k, first in lines.gaps])
            return {(path,) + u for u in got}
        return {(path,) + of[ln - 1] for ln in lines if 1 <= ln <= len(of)}


UNKNOWN = "text after unknown"  # change_of's `applied` of a file that does not apply to its base


def change_of(patch, base, where, notes):
    """{path: (change lines, applied)} of the base files the patch changes (tests aside), plus
    the created files, the test files and the files that do not apply to their base (docs: kept on
    their stated lines, their text after the change unknown, named in `change_lost`)."""
    out, new_files, test_files, not_applied = {}, [], [], []
    for f in parse_diff(patch):
        path = f["path"]
        if is_test(path):  # a test file the patch creates is a test file (docs/diagnose.md)
            test_files.append(path)
            continue
        if f["created"]:
            new_files.append(path)
            continue
        lines = base.lines(path)
        if lines is None and base.root is not None:
            notes.append(f"{where}: {path} is not in the workspace: its stated lines, one <file> unit")
        # no base text to apply on: the hunks' stated lines alone
        applied = apply(lines, f["hunks"], f"{where} {path}", notes)
        if applied is None:
            not_applied.append(path)
            changed = apply(None, f["hunks"], f"{where} {path}", notes)[2]
            if changed:
                out[path] = (changed, UNKNOWN)
        elif applied[2]:
            out[path] = (applied[2], applied)
    return out, sorted(set(new_files)), sorted(set(test_files)), not_applied


def check_lost(d, where, partial, not_applied, problems):
    """docs/diagnose.md: `change_lost` names each loss of the rebuilt change (`PATH: what`, `PATH (new
    file): what`, `any file: what`), then each file that does not apply to its base (`not applied: PATH:
    why`); `change_partial` is true when it names any."""
    lost = [f"{x['path']}{' (new file)' if x.get('new_file') else ''}: {x['what']}" if x.get("path")
            else f"any file: {x['what']}" for x in partial]
    have = d.get("change_lost") or []
    if have[:len(lost)] != lost:
        problems.append(f"{where}: change_lost {have}, oracle's losses {lost}")
    named = [x[len("not applied: "):] for x in have[len(lost):]]
    if len(named) != len(not_applied) or any(not n.startswith(p + ": ") for n, p in zip(named, not_applied)):
        problems.append(f"{where}: change_lost {have[len(lost):]}, oracle not applied {not_applied}")
    if d["change_partial"] != bool(lost or not_applied):
        problems.append(f"{where}: change_partial {d['change_partial']}, oracle {bool(lost or not_applied)}")


def unit_key(u):
    return (u["path"], u["start"], u["end"])


def check_run(d, ctx, problems, notes):
    task, run = d["task"], d["run"]
    where = f"{task} {run}"
    thr, base = ctx["threshold"], ctx["base"](task)
    got = d["stages"]

    def want(stage, field, value, exact=False):
        have = got[stage][field] if got[stage] is not None else "<stage null>"
        ok = have == value if exact or not isinstance(value, float) else close(have, value)
        if not ok:
            problems.append(f"{where}: {stage}.{field} = {have!r}, oracle {value!r}")

    gold = collections.defaultdict(set)
    for r in ctx["gold"].get(task, []):
        gold[r["path"]] |= set(range(r["start"], r["end"] + 1))
    read = collections.defaultdict(set)
    for r in ctx["reads"].get((task, run), []):
        if r.get("kind") != "edit" and r.get("source", "agent") in COUNTED:
            read[r["path"]] |= set(range(r["start"], r["end"] + 1))
    opened = {p for p, ls in read.items() if ls}
    gf = set(gold)
    # search
    verdict = None
    if not gf:
        verdict = "unknown"
    want("search", "gold_files", len(gf))
    want("search", "opened_gold_files", len(gf & opened))
    want("search", "opened_files", len(opened))
    want("search", "recall", rate(len(gf & opened), len(gf)))
    # docs: no gold files, no search figure (precision too: null, never 0)
    want("search", "precision", rate(len(gf & opened), len(opened)) if gf else None)
    want("search", "never_opened", sorted(gf - opened))
    # read
    gl = sum(len(v) for v in gold.values())
    cov = rate(sum(len(gold[p] & read[p]) for p in gold), gl)
    want("read", "line_coverage", cov)
    # Read's unit figures need every gold file's units; edit's need a workspace (a changed file
    # it lacks is one `<file>` unit).
    with_units = base.root is not None and all(base.unit_map(p) is not None for p in gf)
    edit_units = base.root is not None
    under, under_counts = [], []
    if with_units and gf:
        gu = collections.defaultdict(set)
        for p, ls in gold.items():
            of = base.unit_map(p)
            for ln in ls:
                if 1 <= ln <= len(of):
                    gu[(p,) + of[ln - 1]].add(ln)
        ru = set()
        # docs: R_U counts units of the files the workspace has (a file it lacks, even one a patch
        # changes, adds no unit read)
        for p, ls in read.items():
            if base.lines(p) is not None:
                ru |= base.touch(p, ls)
        good = 0
        for u, g in gu.items():
            c = len(g & read[u[0]]) / len(g)
            good += c >= thr
            if c < thr:
                under.append(u)
                under_counts.append(((u[0], u[1], u[2], u[3], u[4]), len(g & read[u[0]]), len(g)))
        want("read", "gold_units", len(gu))
        want("read", "units_read", len(ru))
        want("read", "unit_coverage", rate(good, len(gu)))
        want("read", "unit_precision", rate(len(set(gu) & ru), len(ru)))
        want("read", "units_read_per_needed", rate(len(ru), len(gu)))
        have_under = {(x["path"], x["kind"], x["name"], x["start"], x["end"]) for x in got["read"]["under_threshold"]}
        want_under = {u for u in under}
        if have_under != want_under:
            problems.append(f"{where}: read.under_threshold {sorted(have_under)}, oracle {sorted(want_under)}")
    else:
        want("read", "unit_coverage", None)
    # the run's change
    pred = ctx["patches"].get((task, run))
    if pred is None and len([k for k in ctx["patches"] if k[0] == task]) == 1 and len(ctx["runs_of"][task]) == 1:
        pred = next(v for k, v in ctx["patches"].items() if k[0] == task)
    source = ctx["expect_source"]
    if source == "emitted":  # the source --emit-patches wrote down
        source = pred.get("change_source") if pred is not None else None
    if pred is None and source == "patches":
        source = "none"  # reads JSONL and no entry of its own: no change known
    if source and d["change_source"] != source:
        problems.append(f"{where}: change_source {d['change_source']}, oracle {source}")
    partial = bool(pred and pred.get("partial"))
    run_change = new_files = test_files = None
    if pred is not None:
        run_change, new_files, test_files, not_applied = change_of(pred.get("model_patch") or "", base,
                                                                   f"{where} run", notes)
        check_lost(d, where, pred.get("partial") or [], not_applied, problems)
    gold_patch = ctx["gold_patches"].get(task)
    gold_change = None
    if gold_patch is not None:
        gold_change, _, _, _ = change_of(gold_patch, base, f"{task} gold", notes)
    e_rec = e_prec = None
    differ, gc, ac = [], set(), set()
    if run_change is not None:
        want("edit", "new_files", new_files, exact=True)
        want("edit", "test_files", test_files, exact=True)
    f_rec = f_prec = None
    if run_change is not None and gold_change is not None:
        gfc, afc = set(gold_change), set(run_change)
        f_rec, f_prec = rate(len(gfc & afc), len(gfc)), rate(len(gfc & afc), len(afc))
        want("edit", "file_recall", f_rec)
        want("edit", "file_precision", f_prec)
        want("edit", "changed_files", len(afc))
        want("edit", "lines_outside_gold_files", sum(len(c) for p, (c, _) in run_change.items() if p not in gf and p not in gfc))
    if run_change is not None and gold_change is not None and not edit_units:
        want("edit", "recall", None)
        want("edit", "gold_change_units", None)
        want("change", "units", None)
    elif run_change is not None and gold_change is not None:
        gc = set().union(*[base.touch(p, c) for p, (c, _) in gold_change.items()]) if gold_change else set()
        ac = set().union(*[base.touch(p, c) for p, (c, _) in run_change.items()]) if run_change else set()
        e_rec, e_prec = rate(len(gc & ac), len(gc)), rate(len(gc & ac), len(ac))
        want("edit", "recall", e_rec)
        want("edit", "precision", e_prec)
        want("edit", "changed_units", len(ac))
        absent = {p for p in list(gold_change) + list(run_change) if base.lines(p) is None}
        have = {(u["path"], u["kind"], u["name"], u["start"], None if u["path"] in absent else u["end"], u["changed"])
                for u in got["edit"]["gold_change_units"] or []}
        mine = {u + (u in ac,) for u in gc}
        if have != mine:
            problems.append(f"{where}: edit.gold_change_units {sorted(have ^ mine)} differ (readcov ^ oracle)")
        # change: T_g(u) against T_a(u) for every gold change unit the run changed
        units = {unit_key(u): u for u in (got["change"] or {}).get("units") or []}
        units = {(k[0], k[1], None if k[0] in absent else k[2]): u for k, u in units.items()}
        both = sorted(gc & ac, key=str)
        if set(units) != {(u[0], u[3], u[4]) for u in both}:
            problems.append(f"{where}: change.units {sorted(units, key=str)}, oracle {[(u[0], u[3], u[4]) for u in both]}")
        for u in both:
            lines = base.lines(u[0])
            # docs: a file the workspace lacks, or whose patch does not apply to it: no text after
            ga, ra = gold_change.get(u[0], (None, None))[1], run_change.get(u[0], (None, None))[1]
            tg = None if lines is None or ga is UNKNOWN else text_after(u, lines, ga)
            ta = None if lines is None or ra is UNKNOWN else text_after(u, lines, ra)
            if tg is None or ta is None:
                differ.append((None, None))  # the change stage cannot judge the unit
                sim, same = None, None
            else:
                sim, same = similarity(tg, ta, u[0])
                if not same:
                    differ.append((u, sim))
            x = units.get((u[0], u[3], u[4]))
            if x is None:
                continue
            at = f"{where}: change {u[2]} ({u[0]}:{u[3]}-{u[4]})"
            if x["gold_text"] != tg:
                problems.append(f"{at}: gold_text differs from the oracle's T_g(u)")
            if x["agent_text"] != ta:
                problems.append(f"{at}: agent_text differs from the oracle's T_a(u)")
            if x["same"] != same or not close(x["similarity"], sim):
                problems.append(f"{at}: same {x['same']} similarity {x['similarity']}, oracle {same} {sim}")
    elif got["edit"] is not None and got["edit"]["recall"] is not None:
        problems.append(f"{where}: edit.recall {got['edit']['recall']}, oracle null (no gold change or no run change)")
    # the verdict, in the order of docs/diagnose.md
    # docs: a change of layout only (blank lines, trailing whitespace) changes nothing
    empty = pred is not None and not partial and all(
        not f["created"] and not is_test(f["path"]) and file_is_layout_only(f)
        for f in parse_diff(pred.get("model_patch") or ""))
    lost_decides = partial and any(not x.get("new_file") and not is_test(x.get("path", "")) for x in pred["partial"])
    harness = tests_of(ctx["reports"], task, run)
    if not ctx["reports"] and got["tests"] is not None:
        problems.append(f"{where}: tests {got['tests']}, oracle null (no report)")
    elif harness is not None:
        want("tests", "harness", harness, exact=True)
    if verdict is None:
        undecided = False  # a stage that could have failed could not be judged
        if empty:
            verdict = "no_change"
        elif len(gf & opened) < len(gf):
            verdict = "search"
        elif (with_units and under) or (not with_units and cov is not None and cov < thr):
            verdict = "read"
        elif pred is None or gold_change is None or lost_decides:
            undecided = True
        elif edit_units and (e_rec is None or e_rec < 1 or e_prec is None or e_prec < 0.5):
            verdict = "edit"
        elif not edit_units and (f_rec is None or f_rec < 1 or f_prec is None or f_prec < 0.5):
            verdict = "edit"  # without units, the same per file
        elif not edit_units:
            undecided = True  # units unknown: the change stage cannot be judged
        elif [u for u, _ in differ if u is not None]:
            verdict = "change"
        elif differ:
            undecided = True  # a unit's text after a patch unknown
        if verdict is None:
            if harness in ("unresolved", "empty_patch", "error"):
                verdict = "tests"
            else:
                verdict = "unknown" if undecided else "none"
    ends = {p: max(c) for ch in (run_change, gold_change) for p, (c, _) in (ch or {}).items()}
    check_reason(d, where, problems, gf=gf, opened=opened, cov=cov, thr=thr, differ=differ, read_under=under_counts, ends=ends,
                 gc_ac=(gc, ac) if edit_units and run_change is not None and gold_change is not None else None)
    if d["verdict"] != verdict:
        problems.append(f"{where}: verdict {d['verdict']} ({d['reason']}), oracle {verdict}")
    return verdict


def main():
    args = sys.argv[1:]
    opts = {}
    reports = {}
    while "--test-report" in args:
        i = args.index("--test-report")
        run, _, path = args[i + 1].rpartition("=")
        reports[run or "*"] = json.load(open(path))
        del args[i:i + 2]
    for flag in ("--gold-patches", "--patches", "--workspaces", "--threshold", "--expect-source", "--outcomes", "--group-by"):
        if flag in args:
            i = args.index(flag)
            opts[flag] = args[i + 1]
            del args[i:i + 2]
    rc, gold_path, reads_path, *diag_paths = args
    gold, reads, runs_of = collections.defaultdict(list), collections.defaultdict(list), collections.defaultdict(set)
    for r in jsonl(gold_path):
        if "path" in r:
            gold[r["task"]].append(r)
    for r in jsonl(reads_path):
        reads[(r["task"], r["run"])].append(r)
        runs_of[r["task"]].add(r["run"])
    patches = {}
    if "--patches" in opts:
        for r in predictions(opts["--patches"]):
            task = r.get("task") or r.get("instance_id")
            patches[(task, r.get("run") or r.get("model_name_or_path"))] = r
    gold_patches = {}
    if "--gold-patches" in opts:
        for r in jsonl(opts["--gold-patches"]):
            gold_patches[r["instance_id"]] = r["patch"]
    ws = opts.get("--workspaces")
    bases = {}
    # the units of every file under --workspaces, from one `readcov units` process
    parsed = load_units(rc, sorted(os.path.join(d, f) for d, _, fs in os.walk(ws) for f in fs)) if ws else {}

    def base(task):
        if task not in bases:
            bases[task] = Base(rc, os.path.join(ws, task) if ws else None, parsed)
        return bases[task]

    ctx = {"threshold": float(opts.get("--threshold", 0.5)), "gold": gold, "reads": reads, "runs_of": runs_of,
           "patches": patches, "gold_patches": gold_patches, "base": base, "expect_source": opts.get("--expect-source"), "reports": reports}
    docs = [json.load(open(p)) for p in diag_paths]
    runs = [r for doc in docs for r in doc["runs"]]
    problems, notes, verdicts = [], [], collections.Counter()
    outcomes = {}
    for r in jsonl(opts["--outcomes"]) if "--outcomes" in opts else []:  # labels: shown, never an input
        if isinstance(r.get("resolved"), bool):
            outcomes[(r.get("task") or r.get("instance_id"), r.get("run"))] = r["resolved"]
    for d in runs:
        verdicts[check_run(d, ctx, problems, notes)] += 1
        label = outcomes.get((d["task"], d["run"]), outcomes.get((d["task"], None)))
        if "--outcomes" in opts and d["resolved"] != label:
            problems.append(f"{d['task']} {d['run']}: resolved {d['resolved']}, oracle {label}")
    for doc in docs:
        check_summary(doc, problems, opts.get("--group-by", "run"))
    say_or_fail(problems, notes, f"diagnose oracle: {len(problems)} disagreement(s) over {len(runs)} run(s)")
    # distinct (task, file, hunk) applied off its stated line, whichever patch (gold or run) held it
    offsets = len({(n.split()[0],) + tuple(n.split(": hunk ")[0].split()[-1:]) + (n.split(": hunk ")[1].split(" applies")[0],)
                   for n in notes if "applies only at line" in n})
    print(f"diagnose oracle: {len(runs)} run(s) agree ({', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))})"
          + (f"; {offsets} hunk(s) apply only off their stated line (found as git apply finds them)" if offsets else ""))


if __name__ == "__main__":
    main()
