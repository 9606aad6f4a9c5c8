"""The score oracle's model: `readcov score`'s rows and totals recomputed from docs/metrics.md
("Foundation metrics"), docs/formats.md (reads, gold, "Paths", "Tasks, runs and rows") and
docs/units.md ("Unit coverage"), never from readcov's code. Lines are sets of ints per path."""
import collections
import json
import os
import subprocess

from oracle_io import load_jsonl

COUNTED = ("agent", "human", "retriever")
UNITS = {}  # file -> (units, parse errors) or None: `readcov units` once per file for all checks


def norm_path(p):
    """formats.md "Paths": `\\` is `/`, `.` and empty components go, `a/x/../b` is `a/b`."""
    p = p.replace("\\", "/")
    absolute = p.startswith("/")
    out = []
    for c in p.split("/"):
        if c in ("", "."):
            continue
        if c == "..":
            if not out:
                return None  # climbs above the root: an error row
            out.pop()
            continue
        out.append(c)
    return ("/" if absolute else "") + "/".join(out)


def ident(v):
    return "default" if v is None else str(v)


def file_lines(path):
    """A file's line count (formats.md "Base fingerprint": a last line without a break counts)."""
    with open(path, "rb") as f:
        data = f.read()
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


class Workspaces:
    """Where a task's files are: one `--workspace`, `--workspaces DIR/<task>/`, or none."""

    def __init__(self, workspace=None, workspaces=None):
        self.workspace, self.workspaces = workspace, workspaces
        self.lens, self.unit_cache = {}, UNITS

    def root(self, task):
        if self.workspace:
            return self.workspace
        if self.workspaces and "/" not in task and task not in (".", "..", ""):
            d = os.path.join(self.workspaces, task)
            return d if os.path.isdir(d) else None
        return None

    def active(self):
        return bool(self.workspace or self.workspaces)

    def file(self, task, path):
        r = self.root(task)
        if r is None or path.startswith("/"):
            return None
        f = os.path.join(r, path)
        return f if os.path.isfile(f) else None

    def length(self, task, path):
        f = self.file(task, path)
        if f is None:
            return None
        if f not in self.lens:
            self.lens[f] = file_lines(f)
        return self.lens[f]

    def prefetch(self, rc, pairs):
        """`readcov units` once on every (task, path) file not yet listed (one process)."""
        files = sorted({f for f in (self.file(t, p) for t, p in pairs) if f and f not in self.unit_cache})
        if not files:
            return
        p = subprocess.run([rc, "units", *files], capture_output=True, text=True)
        got = {f: [] for f in files}
        for x in p.stdout.splitlines():
            if x.strip():
                u = json.loads(x)
                got[u["path"]].append(u)
        errs = dict.fromkeys(files, 0)
        for line in p.stderr.splitlines():
            rest = line.split(": ", 1)[1] if line.startswith(("error: ", "warning: ")) else line
            f = next((f for f in files if rest.startswith(f + ":")), None)
            if f is None:
                continue
            if "parse error" in line:
                errs[f] += int(line.split("parse error")[0].split()[-1])
            else:  # unreadable or no grammar: no units
                got[f] = None
        for f in files:
            self.unit_cache[f] = None if got[f] is None else (got[f], errs[f])

    def units(self, rc, task, path):
        """`readcov units` on the file (a separate command with its own tests): (units, parse
        errors), or None when the file is missing or its language unsupported."""
        f = self.file(task, path)
        if f is None:
            return None
        if f not in self.unit_cache:
            p = subprocess.run([rc, "units", f], capture_output=True, text=True)
            if p.returncode != 0:
                self.unit_cache[f] = None
            else:
                us = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
                errs = 0
                for line in p.stderr.splitlines():
                    if "parse error" in line:
                        errs += int(line.split("parse error")[0].split()[-1])
                self.unit_cache[f] = (us, errs)
        return self.unit_cache[f]


def clip(task, path, start, end, ws):
    n = ws.length(task, path) if ws.active() else None
    if n is not None:
        end = min(end, n)
    return set(range(start, end + 1))


def intervals(lines):
    out = []
    for x in sorted(lines):
        if out and out[-1][1] == x - 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return [{"start": a, "end": b} for a, b in out]


def load_labels(paths):
    """Outcome labels with a run: (task, run) pairs (formats.md "Labelled runs with no reads")."""
    named = set()
    for spec in paths:
        run, _, f = spec.rpartition("=") if "=" in spec and not os.path.exists(spec) else ("", "", spec)
        for r in load_jsonl(f):
            rn = r.get("run", run or None)
            if rn is not None and "task" in r:
                named.add((ident(r["task"]), ident(rn)))
    return named


class Model:
    """Gold, reads and options turned into the rows and totals formats.md describes."""

    def __init__(self, gold_rows, read_rows, ws, sources=COUNTED, threshold=0.5, labels=(), widen=10, rc=None):
        self.ws, self.threshold, self.widen, self.rc = ws, threshold, widen, rc
        self.gold_tasks = collections.OrderedDict()  # task -> list of (path, start, end, clipped lines)
        self.any_gold = set()
        for g in gold_rows:
            t, p = ident(g.get("task")), norm_path(g["path"])
            self.any_gold.add(t)
            if g.get("tier", "core") != "core":
                continue
            self.gold_tasks.setdefault(t, []).append((p, g["start"], g["end"], clip(t, p, g["start"], g["end"], ws)))
        self.runs = collections.defaultdict(set)
        self.reads = collections.defaultdict(lambda: collections.defaultdict(set))
        for r in read_rows:
            t, rn, p = ident(r.get("task")), ident(r.get("run")), norm_path(r["path"])
            self.runs[t].add(rn)
            if r.get("kind", "read") != "read" or r.get("source", "agent") not in sources:
                continue
            self.reads[(t, rn)][p] |= clip(t, p, r["start"], r["end"], ws)
        for t, rn in labels:
            if t in self.any_gold:
                self.runs[t].add(rn)

    def gold_of(self, task):
        g = collections.defaultdict(set)
        for p, _, _, ls in self.gold_tasks.get(task, []):
            g[p] |= ls
        return {p: ls for p, ls in g.items() if ls}

    def rows(self):
        out = []
        for t in sorted(set(self.any_gold) | set(self.runs)):
            runs = sorted(self.runs.get(t, ()))
            if not runs:
                out.append(self.row(t, "-", no_run=True))
            else:
                out.extend(self.row(t, rn) for rn in runs)
        return out

    def row(self, task, run, no_run=False):
        G = self.gold_of(task)
        R = {p: ls for p, ls in self.reads.get((task, run), {}).items() if ls}
        g = sum(map(len, G.values()))
        cov = sum(len(G[p] & R.get(p, set())) for p in G)
        read = sum(map(len, R.values()))
        hit = sum(1 for p in G if R.get(p))
        status = "unscored" if g == 0 else ("no_run" if no_run else "scored")
        row = {"task": task, "run": run, "status": status, "gold_lines": g, "read_lines": read,
               "covered_lines": cov, "gold_files": len(G), "files_hit": hit,
               "file_hit": None, "line_coverage": None, "precision": None, "f1": None, "passes_threshold": None}
        if status == "scored":
            c, pr = cov / g, (cov / read if read else 0.0)
            row.update(file_hit=hit / len(G), line_coverage=c, precision=pr,
                       f1=(2 * pr * c / (pr + c) if pr + c else 0.0), passes_threshold=c >= self.threshold)
        row["files"] = [{"path": p, "gold_lines": len(G[p]), "covered_lines": len(G[p] & R.get(p, set())),
                         "coverage": len(G[p] & R.get(p, set())) / len(G[p]), "hit": bool(R.get(p))}
                        for p in sorted(G)] if g else []
        spans = []
        for p, s, e, ls in self.gold_tasks.get(task, []):
            seen = ls & R.get(p, set())
            spans.append({"path": p, "start": s, "end": e, "gold_lines": len(ls), "covered_lines": len(seen),
                          "coverage": len(seen) / len(ls) if ls else None, "unread": intervals(ls - seen)})
        row["spans"] = spans
        if self.ws.active():
            row.update(self.unit_figures(task, G, R, status))
        return row

    def unit_figures(self, task, G, R, status):
        """docs/units.md "Unit coverage": gold units are the innermost units of gold lines."""
        gold_units, outside, detail, errs = {}, 0, [], 0
        widened_units = {p: set(ls) for p, ls in R.items()}
        fallback = set()
        for p in sorted(G):
            got = self.ws.units(self.rc, task, p)
            if got is None:  # no units known: every gold line is outside a unit
                fallback.add(p)
                outside += len(G[p])
                continue
            us, e = got
            errs += e
            for line in sorted(G[p]):
                inner = [u for u in us if u["start"] <= line <= u["end"]]
                if not inner:
                    outside += 1
                    continue
                u = max(inner, key=lambda u: (u["depth"], u["start"]))
                k = (p, u["start"], u["end"], u["depth"], u["kind"], u["name"])
                gold_units.setdefault(k, 0)
                gold_units[k] += 1
        hit = 0
        for (p, s, e, d, kind, name) in sorted(gold_units):
            ul = set(range(s, e + 1))
            rl = len(ul & R.get(p, set()))
            hit += rl > 0
            if rl:
                widened_units.setdefault(p, set()).update(ul)
            detail.append({"path": p, "kind": kind, "name": name, "start": s, "end": e, "depth": d,
                           "gold_lines": len(ul & G[p]), "read_lines": rl, "read_fraction": rl / (e - s + 1), "hit": rl > 0})
        by_lines = {}
        for p, ls in R.items():
            n = self.ws.length(task, p)
            w = set()
            for iv in intervals(ls):
                hi = iv["end"] + self.widen
                w |= set(range(max(1, iv["start"] - self.widen), (min(hi, n) if n is not None else hi) + 1))
            by_lines[p] = w
        read = sum(map(len, R.values()))
        g = sum(map(len, G.values()))

        def cov(W):
            return sum(len(G[p] & W.get(p, set())) for p in G) / g

        scored = status == "scored"
        return {"gold_units": len(gold_units), "gold_units_hit": hit,
                "unit_hit": hit / len(gold_units) if gold_units and scored else None,
                "coverage_widened_to_units": cov(widened_units) if scored else None,
                "coverage_widened_by_lines": cov(by_lines) if scored else None,
                "extra_lines_units": sum(map(len, widened_units.values())) - read,
                "extra_lines_by_lines": sum(map(len, by_lines.values())) - read,
                "widen": self.widen, "gold_lines_outside_units": outside, "parse_errors": errs,
                "unit_detail": detail}


def fixed_mean(xs):
    """metrics.md: each ratio rounded to a multiple of 2^-60 (half away from zero), summed as an
    integer, the sum divided by 2^60 and then by the count (an order-independent sum)."""
    if not xs:
        return None
    total = 0
    for x in xs:
        v = min(max(x, 0.0), 1.0) * 2.0 ** 60
        n = int(v)
        total += n + (1 if v - n >= 0.5 else 0)
    return (float(total) / 2.0 ** 60) / len(xs)


def totals(rows):
    """formats.md "The means rule": means and the share at the threshold over scored rows only."""
    scored = [r for r in rows if r["status"] == "scored"]
    ran = [r for r in rows if r["status"] != "no_run"]

    def mean(k):
        return fixed_mean([r[k] for r in scored])

    return {"rows": len(rows), "scored": len(scored), "unscored": sum(r["status"] == "unscored" for r in rows),
            "no_run": sum(r["status"] == "no_run" for r in rows), "passing": sum(bool(r["passes_threshold"]) for r in scored),
            "mean_file_hit": mean("file_hit"), "mean_line_coverage": mean("line_coverage"),
            "mean_precision": mean("precision"), "mean_f1": mean("f1"),
            "gold_lines": sum(r["gold_lines"] for r in ran), "read_lines": sum(r["read_lines"] for r in ran),
            "covered_lines": sum(r["covered_lines"] for r in ran)}
