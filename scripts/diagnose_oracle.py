#!/usr/bin/env python3
"""Cross-checks `readcov diagnose --format json` against a recomputation written from the
Definitions of docs/diagnose.md (not from the Rust code), run by run.

usage: diagnose_oracle.py READCOV GOLD_JSONL READS DIAGNOSE_JSON... [--gold-patches SWEBENCH_ROWS]
                          [--patches PREDS] [--workspaces DIR] [--threshold T] [--expect-source S]

GOLD_JSONL: the gold lines (`readcov gold` output, what `score` reads); --gold-patches: the
SWE-bench rows whose `patch` is the gold change (absent: no gold change, edit/change null).
READS: reads JSONL; --patches: each run's change (SWE-bench predictions, `partial` read back);
DIAGNOSE_JSON: what `readcov diagnose --format json` printed on the same inputs. Units are
`readcov units` output on the base files (an input: they have their own tests); everything else
is recomputed here: patches applied at their stated lines (context checked; a hunk that only
applies elsewhere is reported, since git-apply-style offsets would then matter), change lines,
units touched, read coverage, the stages' figures, the units' text after each patch, token
similarity, the verdict. Exits 1 naming every disagreement.
"""
import collections
import json
import os
import re
import subprocess
import sys

COUNTED = {"agent", "human", "retriever"}
TEST_DIRS = {"tests", "test", "testing", "__tests__"}


def is_test(path):
    """docs/importers.md's `--exclude-tests` rule, which diagnose.md points to: a test directory;
    a name `test_*` (any extension) or `conftest.py`; a name whose part before its first `.` ends
    in `_test`, `Test` or `Tests`; a name holding `.test.` or `.spec.`."""
    parts = path.split("/")
    name = parts[-1]
    stem = name.split(".")[0]
    return (any(p in TEST_DIRS for p in parts[:-1]) or name.startswith("test_") or name == "conftest.py"
            or stem.endswith(("_test", "Test", "Tests")) or ".test." in name or ".spec." in name)


# ---- unified diffs -------------------------------------------------------------------------
def parse_diff(text):
    """[{old, new, created, deleted, hunks: [(old_start, old_len, [(op, text)])]}]"""
    files, cur, lines, i = [], None, (text or "").split("\n"), 0
    hunk_re = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("diff --git "):
            cur = {"old": None, "new": None, "created": False, "deleted": False, "hunks": []}
            files.append(cur)
            m = re.match(r"diff --git a/(.*) b/(.*)$", ln)
            if m:
                cur["old"], cur["new"] = m.group(1), m.group(2)
        elif ln.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            if cur is None or cur["hunks"]:
                cur = {"old": None, "new": None, "created": False, "deleted": False, "hunks": []}
                files.append(cur)
            a, b = ln[4:].split("\t")[0], lines[i + 1][4:].split("\t")[0]
            cur["created"] |= a == "/dev/null"
            cur["deleted"] |= b == "/dev/null"
            if a != "/dev/null":
                cur["old"] = a[2:] if a.startswith("a/") else a
            if b != "/dev/null":
                cur["new"] = b[2:] if b.startswith("b/") else b
            i += 1
        elif ln.startswith("new file mode") and cur is not None:
            cur["created"] = True
        elif ln.startswith("deleted file mode") and cur is not None:
            cur["deleted"] = True
        elif ln.startswith("rename from ") and cur is not None:
            cur["old"] = ln[len("rename from "):]
        elif (m := hunk_re.match(ln)) and cur is not None:
            olen = int(m.group(2)) if m.group(2) is not None else 1
            nlen = int(m.group(4)) if m.group(4) is not None else 1
            body, o, n = [], 0, 0
            i += 1
            while i < len(lines) and (o < olen or n < nlen or (i < len(lines) and lines[i].startswith("\\"))):
                b = lines[i]
                if b.startswith("\\"):
                    i += 1
                    continue
                op, t = (b[0], b[1:]) if b else (" ", "")
                if op not in " +-":
                    break
                body.append((op, t.rstrip("\r")))
                o += op != "+"
                n += op != "-"
                i += 1
            cur["hunks"].append((int(m.group(1)), olen, body))
            continue
        i += 1
    for f in files:
        f["path"] = f["old"] if not f["created"] else f["new"]
    return [f for f in files if f["path"]]


def apply(base, hunks, where, notes):
    """Applies hunks at their stated lines. Returns (kept, inserted, changed): kept[i] for base
    line i+1; inserted[k] = lines written after base line k (0 = before line 1); changed = the
    change lines (deleted/modified base lines; a pure insertion's neighbours inside its hunk)."""
    kept = [True] * len(base) if base is not None else collections.defaultdict(bool)
    inserted = collections.defaultdict(list)
    changed = set()
    for old_start, olen, body in hunks:
        start = old_start if olen else old_start + 1  # first base line the hunk covers
        want = [t for op, t in body if op != "+"]
        if base is not None and base[start - 1:start - 1 + len(want)] != want:
            hits = [s for s in range(1, len(base) + 2) if base[s - 1:s - 1 + len(want)] == want]
            if not hits:
                notes.append(f"{where}: hunk @@ -{old_start},{olen} does not apply anywhere")
                return None
            s = min(hits, key=lambda s: abs(s - start))
            notes.append(f"{where}: hunk @@ -{old_start},{olen} applies only at line {s} (offset {s - start})")
            start = s
        k = start - 1  # base lines consumed so far
        blocks, cur = [], None
        for idx, (op, t) in enumerate(body):
            if op == " ":
                k += 1
                cur = None
                continue
            if cur is None:
                cur = {"dels": [], "ins": False, "before": k, "first": idx}
                blocks.append(cur)
            if op == "-":
                k += 1
                kept[k - 1] = False
                cur["dels"].append(k)
            else:
                inserted[k].append(t)
                cur["ins"] = True
            cur["after"] = k + 1
            cur["last"] = idx
        for b in blocks:
            if b["dels"]:
                changed |= set(b["dels"])
            else:
                if b["first"] > 0:
                    changed.add(b["before"])
                if b["last"] < len(body) - 1:
                    changed.add(b["after"])
    return kept, inserted, changed


def text_after(u, base, applied):
    """T(u): u's kept base lines, lines written in place of its deleted lines or between two of
    its lines or right after its last; never those before its first."""
    s, e = u[3], u[4]
    if applied is None:
        return "\n".join(base[s - 1:e])
    kept, inserted, _ = applied
    out = []
    for k in range(s, e + 1):
        if kept[k - 1]:
            out.append(base[k - 1])
        out.extend(inserted.get(k, []))
    return "\n".join(out)


TOKEN = re.compile(r"\w+|\S")


def similarity(a, b):
    ta, tb = TOKEN.findall(a), TOKEN.findall(b)
    if not ta and not tb:
        return 1.0, True
    masks = collections.defaultdict(int)
    for i, t in enumerate(ta):
        masks[t] |= 1 << i
    full = (1 << len(ta)) - 1
    v = full
    for t in tb:  # Hyyrö's bit-parallel LCS
        u = v & masks.get(t, 0)
        v = ((v + u) | (v - u)) & full
    lcs = len(ta) - bin(v).count("1")
    if len(ta) + len(tb) - 2 * lcs > 2000:
        ca, cb = collections.Counter(ta), collections.Counter(tb)
        lcs = sum((ca & cb).values())
    return 2 * lcs / (len(ta) + len(tb)), ta == tb


# ---- units ---------------------------------------------------------------------------------
def load_units(rc, files):
    """{abs path: [(kind, name, start, end, depth)]} or None (no grammar)."""
    out = {}
    for f in files:
        p = subprocess.run([rc, "units", f], capture_output=True, text=True)
        if p.returncode != 0:
            out[f] = None
            continue
        out[f] = [(u["kind"], u["name"], u["start"], u["end"], u["depth"]) for u in map(json.loads, p.stdout.splitlines())]
    return out


def unit_of_lines(units, n):
    """unit(l) for l in 1..n: the innermost unit; else the stretch between units (`<module>`)."""
    if units is None:
        return [("file", "<file>", 1, n)] * n if n else []
    of = [None] * n
    for kind, name, s, e, d in sorted(units, key=lambda u: (-(u[3] - u[2]), u[4])):
        for ln in range(s, min(e, n) + 1):
            of[ln - 1] = (kind, name, s, e)
    ln = 1
    while ln <= n:
        if of[ln - 1] is None:
            end = ln
            while end < n and of[end] is None:
                end += 1
            for x in range(ln, end + 1):
                of[x - 1] = ("module", "<module>", ln, end)
            ln = end
        ln += 1
    return of


def rate(a, b):
    return a / b if b else None


def close(x, y):
    if x is None or y is None:
        return x is None and y is None
    return abs(x - y) < 1e-9


# ---- one task's base files -----------------------------------------------------------------
class Base:
    """The base files of one task (None: no workspace) with their units, loaded on demand."""

    def __init__(self, rc, root):
        self.rc, self.root, self.files, self.units = rc, root, {}, {}

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
            units = load_units(self.rc, [os.path.join(self.root, path)])
            self.units[path] = unit_of_lines(next(iter(units.values())), len(base))
        return self.units[path]

    def touch(self, path, lines):
        """U(lines). A file the workspace lacks (a patch changes it, so it is at the base) has no
        text to parse: one `<file>` unit, known by its path alone (end None)."""
        of = self.unit_map(path)
        if of is None:
            return {(path, "file", "<file>", 1, None)} if lines and self.root is not None else set()
        return {(path,) + of[ln - 1] for ln in lines if 1 <= ln <= len(of)}


def change_of(patch, base, where, notes):
    """{path: (change lines, applied)} of the base files the patch changes (tests aside), plus
    the created files and the test files."""
    out, new_files, test_files = {}, [], []
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
        if applied is not None and applied[2]:
            out[path] = (applied[2], applied)
    return out, sorted(set(new_files)), sorted(set(test_files))


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
    want("search", "precision", rate(len(gf & opened), len(opened)))
    want("search", "never_opened", sorted(gf - opened))
    # read
    gl = sum(len(v) for v in gold.values())
    cov = rate(sum(len(gold[p] & read[p]) for p in gold), gl)
    want("read", "line_coverage", cov)
    with_units = base.root is not None and all(base.unit_map(p) is not None for p in gf)
    under = []
    if with_units and gf:
        gu = collections.defaultdict(set)
        for p, ls in gold.items():
            of = base.unit_map(p)
            for ln in ls:
                if 1 <= ln <= len(of):
                    gu[(p,) + of[ln - 1]].add(ln)
        ru = set()
        for p, ls in read.items():
            ru |= base.touch(p, ls)
        good = 0
        for u, g in gu.items():
            c = len(g & read[u[0]]) / len(g)
            good += c >= thr
            if c < thr:
                under.append(u)
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
    if pred is not None and source == "emitted":  # the source --emit-patches wrote down
        source = pred.get("change_source")
    if pred is not None and source and d["change_source"] != source:
        problems.append(f"{where}: change_source {d['change_source']}, oracle {source}")
    partial = bool(pred and pred.get("partial"))
    if pred is not None and d["change_partial"] != partial:
        problems.append(f"{where}: change_partial {d['change_partial']}, oracle {partial}")
    run_change = new_files = test_files = None
    if pred is not None:
        run_change, new_files, test_files = change_of(pred.get("model_patch") or "", base, f"{where} run", notes)
    gold_patch = ctx["gold_patches"].get(task)
    gold_change = None
    if gold_patch is not None:
        gold_change, _, _ = change_of(gold_patch, base, f"{task} gold", notes)
    e_rec = e_prec = None
    differ = []
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
    if run_change is not None and gold_change is not None and not with_units:
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
            if lines is None:
                differ.append(None)  # no text after either patch: the change stage cannot judge it
                continue
            tg = text_after(u, lines, gold_change.get(u[0], (None, None))[1])
            ta = text_after(u, lines, run_change.get(u[0], (None, None))[1])
            sim, same = similarity(tg, ta)
            if not same:
                differ.append(u)
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
    empty = pred is not None and not partial and not parse_diff(pred.get("model_patch") or "")
    lost_decides = partial and any(not x.get("new_file") and not is_test(x.get("path", "")) for x in pred["partial"])
    if verdict is None:
        if empty:
            verdict = "no_change"
        elif len(gf & opened) < len(gf):
            verdict = "search"
        elif (with_units and under) or (not with_units and cov is not None and cov < thr):
            verdict = "read"
        elif pred is None or gold_change is None or lost_decides:
            verdict = "unknown"
        elif with_units and (e_rec is None or e_rec < 1 or e_prec is None or e_prec < 0.5):
            verdict = "edit"
        elif not with_units and (f_rec is None or f_rec < 1 or f_prec is None or f_prec < 0.5):
            verdict = "edit"  # without units, the same per file
        elif not with_units:
            verdict = "unknown"  # units unknown: the change stage cannot be judged
        elif [u for u in differ if u is not None]:
            verdict = "change"
        elif differ:
            verdict = "unknown"  # a unit's text after a patch unknown
        else:
            verdict = "none"
    if d["verdict"] != verdict:
        problems.append(f"{where}: verdict {d['verdict']} ({d['reason']}), oracle {verdict}")
    return verdict


def jsonl(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows


def main():
    args = sys.argv[1:]
    opts = {}
    for flag in ("--gold-patches", "--patches", "--workspaces", "--threshold", "--expect-source"):
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
        for r in jsonl(opts["--patches"]):
            task = r.get("task") or r.get("instance_id")
            patches[(task, r.get("run") or r.get("model_name_or_path"))] = r
    gold_patches = {}
    if "--gold-patches" in opts:
        for r in jsonl(opts["--gold-patches"]):
            gold_patches[r["instance_id"]] = r["patch"]
    ws = opts.get("--workspaces")
    bases = {}

    def base(task):
        if task not in bases:
            bases[task] = Base(rc, os.path.join(ws, task) if ws else None)
        return bases[task]

    ctx = {"threshold": float(opts.get("--threshold", 0.5)), "gold": gold, "reads": reads, "runs_of": runs_of,
           "patches": patches, "gold_patches": gold_patches, "base": base, "expect_source": opts.get("--expect-source")}
    runs = [r for p in diag_paths for r in json.load(open(p))["runs"]]
    problems, notes, verdicts = [], [], collections.Counter()
    for d in runs:
        verdicts[check_run(d, ctx, problems, notes)] += 1
    for n in notes:
        print(f"note: {n}", file=sys.stderr)
    if problems:
        for p in problems:
            print(f"DISAGREE: {p}", file=sys.stderr)
        raise SystemExit(f"diagnose oracle: {len(problems)} disagreement(s) over {len(runs)} run(s)")
    print(f"diagnose oracle: {len(runs)} run(s) agree ({', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))})")


if __name__ == "__main__":
    main()
