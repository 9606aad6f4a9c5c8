"""The rows and points of `readcov score --at-k`, recomputed from the docs alone: docs/retrievers.md
("Output: readcov score --at-k", "The widening what-if", "Chunk fit"), docs/formats.md ("Output
of readcov score --at-k", reads and gold fields) and docs/metrics.md ("Foundation metrics",
"Exactly what readcov score writes": rows, clipping, the means rule; docs/formats.md "Labelled runs with
no reads" and docs/retrievers.md "Named runs that retrieved nothing": a labelled run of a task with gold
is a row at every k, read or not). Units come from `readcov
units FILE` (a separate command with its own tests); nothing here reads readcov's Rust code.
The IR measures (`measures`) are left out: scripts/test.d/48-ir-measures.sh checks them against
ir_measures."""
import json
import os
import subprocess

SOURCES = {"agent", "human", "retriever"}  # formats.md: counted by default




def sid(v, default="default"):
    return default if v is None else str(v)


class Files:
    """A task's workspace: file lengths (metrics.md "Clipping": a last line without a break
    counts, an empty file has none; a file the workspace lacks is not cut) and units."""

    def __init__(self, rc, root):
        self.rc, self.root, self.lens, self.units = rc, root, {}, {}

    def length(self, path):
        if self.root is None:
            return None
        if path not in self.lens:
            full = os.path.join(self.root, path)
            if os.path.isfile(full):
                data = open(full, "rb").read()
                n = data.count(b"\n")
                self.lens[path] = n + (1 if data and not data.endswith(b"\n") else 0)
            else:
                self.lens[path] = None
        return self.lens[path]

    def unit_spans(self, path):
        """[(start, end)] of the file's units, or None: no workspace, no file, no grammar."""
        if path not in self.units:
            full = None if self.root is None else os.path.join(self.root, path)
            if full is None or not os.path.isfile(full):
                self.units[path] = None
            else:
                p = subprocess.run([self.rc, "units", full], capture_output=True, text=True)
                self.units[path] = ([(u["start"], u["end"]) for u in map(json.loads, p.stdout.splitlines())]
                                    if p.returncode == 0 else None)
        return self.units[path]


def clip(s, e, n):
    if n is None:
        return (s, e)
    e = min(e, n)
    return (s, e) if s <= e else None


def lines_of(spans):
    out = set()
    for p, s, e in spans:
        out.update((p, x) for x in range(s, e + 1))
    return out


def innermost(units, x):
    best = None
    for s, e in units:
        if s <= x <= e and (best is None or e - s < best[1] - best[0]):
            best = (s, e)
    return best


def task_rows(task, gold, reads, files, ks, widen, t, named=()):
    """Every (k, task, run) row of one task, as dicts keyed as --format json's rows (without
    `measures`). gold: the task's gold rows; reads: its reads rows; named: the runs labels name
    for this task (rows only when the task has gold, core or optional)."""
    core = []
    for g in gold:
        if (g.get("tier") or "core") != "core":
            continue
        c = clip(g["start"], g["end"], files.length(g["path"]))
        if c:
            core.append((g["path"], c[0], c[1]))
    G = lines_of(core)
    gold_files = sorted({p for p, _ in G})
    has_gold_rows = bool(gold)
    runs = sorted({sid(r.get("run")) for r in reads} | (set(named) if has_gold_rows else set()))
    out = []
    for k in ks:
        if not runs:
            # metrics.md: gold no run read is one `no run` row (its gold lines shown, every ratio
            # null, the what-if coverages too); all-optional gold no run read one unscored row `-`
            if G or has_gold_rows:
                row = one_row(k, task, "-", G, core, gold_files, [], files, widen, t)
                if G:
                    row["status"] = "no_run"
                    for key in ("file_hit", "line_coverage", "passes_threshold", "coverage_widened_by_lines",
                                "coverage_widened_to_units"):
                        row[key] = None
                out.append(row)
            continue
        for run in runs:
            kept = []
            for r in reads:
                if sid(r.get("run")) != run or (r.get("kind") or "read") != "read":
                    continue
                if (r.get("source") or "agent") not in SOURCES:
                    continue
                rank = r.get("rank")
                if rank is not None and rank > k:
                    continue
                c = clip(r["start"], r["end"], files.length(r["path"]))
                kept.append(dict(path=r["path"], start=c[0] if c else None, end=c[1] if c else None,
                                 rank=rank, gs=r["start"], ge=r["end"]))
            out.append(one_row(k, task, run, G, core, gold_files, kept, files, widen, t))
    return out


def one_row(k, task, run, G, core, gold_files, every, files, widen, t):
    # retrievers.md: every kept row is a chunk of the top k, ranked or not (reads without a rank
    # are never cut); `chunks` counts them all, the rest uses their lines after clipping.
    kept = [c for c in every if c["start"] is not None]
    chunks = kept
    R = lines_of((c["path"], c["start"], c["end"]) for c in kept)
    hit = [f for f in gold_files if any(p == f for p, _ in R)]
    hitset = set(hit)
    cov = len(R & G)
    scored = bool(G)
    row = dict(k=k, task=task, run=run, status="scored" if scored else "unscored",
               chunks=len(every), gold_lines=len(G), read_lines=len(R), covered_lines=cov,
               hit_files=len(hit))
    # widening what-if: every chunk in a hit file
    W, U, without = set(), set(), set()
    for c in chunks:
        p = c["path"]
        if p not in hitset:
            continue
        n = files.length(p)
        s, e = max(1, c["start"] - widen), c["end"] + widen
        if n is not None:
            e = min(e, n)
        W.update((p, x) for x in range(s, e + 1))
        units = files.unit_spans(p)
        if not units:
            without.add(p)
            continue
        s, e = c["start"], c["end"]
        for u in (innermost(units, c["start"]), innermost(units, c["end"])):
            if u:
                s, e = min(s, u[0]), max(e, u[1])
        if n is not None:
            e = min(e, n)
        U.update((p, x) for x in range(s, e + 1))
    row["extra_lines_by_lines"] = len(W - R)
    row["extra_lines_units"] = len(U - R)
    row["files_without_units"] = len(without)
    fit = []
    for c in chunks:  # in the order of the reads file; start/end as given
        p = c["path"]
        cl = {(p, x) for x in range(c["start"], c["end"] + 1)}
        T = lines_of(sp for sp in core if sp[0] == p and sp[1] <= c["end"] and c["start"] <= sp[2])
        inter = len(cl & G)
        union = len(cl | T)
        f = dict(rank=c["rank"], path=p, start=c["gs"], end=c["ge"], lines=len(cl),
                 gold_lines=inter, touched_gold_lines=len(T), precision=inter / len(cl),
                 iou=len(cl & T) / union if union else 0.0)
        if c["rank"] is None:
            del f["rank"]
        fit.append(f)
    row["chunk_fit"] = fit
    row["chunk_precision"] = sum(f["precision"] for f in fit) / len(fit) if fit else None
    row["chunk_iou"] = sum(f["iou"] for f in fit) / len(fit) if fit else None
    if scored:
        c = cov / len(G)
        row["file_hit"] = len(hit) / len(gold_files)
        row["line_coverage"] = c
        row["passes_threshold"] = c >= t
        row["coverage_widened_by_lines"] = len((R | W) & G) / len(G)
        row["coverage_widened_to_units"] = len((R | U) & G) / len(G)
    else:
        for key in ("file_hit", "line_coverage", "passes_threshold", "coverage_widened_by_lines",
                    "coverage_widened_to_units"):
            row[key] = None
    return row


def mean(v):
    return sum(v) / len(v) if v else None


def point(k, rows, t):
    """One k's point (json `at_k`, jsonl `all` row): means over scored rows."""
    sc = [r for r in rows if r["status"] == "scored"]
    p = dict(k=k, rows=len(rows), scored=len(sc))
    for key in ("file_hit", "line_coverage", "coverage_widened_by_lines", "coverage_widened_to_units",
                "extra_lines_by_lines", "extra_lines_units", "chunk_precision", "chunk_iou"):
        p["mean_" + key] = mean([r[key] for r in sc if r[key] is not None])
    p["passing"] = sum(1 for r in sc if r["passes_threshold"])
    p["passing_widened_by_lines"] = sum(1 for r in sc if r["coverage_widened_by_lines"] >= t)
    p["passing_widened_to_units"] = sum(1 for r in sc if r["coverage_widened_to_units"] >= t)
    p["share_passing"] = p["passing"] / len(sc) if sc else None
    return p


def labelled_runs(labels):
    """(task, run) of every label naming both (formats.md: a label for a whole task names no run)."""
    return {(sid(x.get("task")), x["run"]) for x in labels
            if isinstance(x.get("run"), str) and isinstance(x.get("task"), str)}


def expected(rc, gold_rows, reads_rows, ks, widen=10, t=0.5, workspace=None, workspaces=None, named=()):
    """(rows, points) as --format json writes them, rows in k, task, run order. named: the
    (task, run) pairs `--outcomes` labels."""
    by_g, by_r = {}, {}
    for g in gold_rows:
        by_g.setdefault(sid(g.get("task")), []).append(g)
    for r in reads_rows:
        by_r.setdefault(sid(r.get("task")), []).append(r)
    per_task = {}
    for task in sorted(set(by_g) | set(by_r)):  # a labelled task with neither adds no row
        root = workspace if workspace else (
            os.path.join(workspaces, task) if workspaces and os.path.isdir(os.path.join(workspaces, task)) else None)
        mine = sorted(r for tk, r in named if tk == task)
        per_task[task] = task_rows(task, by_g.get(task, []), by_r.get(task, []), Files(rc, root), ks, widen, t,
                                   mine)
    rows, points = [], []
    for k in sorted(set(ks)):
        rk = [r for task in sorted(per_task) for r in per_task[task] if r["k"] == k]
        rows.extend(rk)
        points.append(point(k, rk, t))
    return rows, points
