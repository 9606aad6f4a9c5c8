"""Test ids and consensus for the gold oracle (scripts/gold_oracle.py), from docs/gold.md: the test
tier's id table, and consensus core/optional lines (and SWE-Explore rows) from resolved runs' agent
reads (intersection or K of N)."""
import collections
import json
import re

from gold_oracle_lib import norm, runs_of

JAVA_ROOTS = ("src/test/java/", "src/it/java/", "test/")


def java_candidates(cls, member, module=None):
    """(file, qualified name) candidates of a Java test class `com.x.Foo$Inner` (member or None)."""
    pkg_cls = cls.split("$")
    outer = pkg_cls[0]
    file = outer.replace(".", "/") + ".java"
    name = ".".join([outer.split(".")[-1]] + pkg_cls[1:] + ([member] if member else []))
    roots = [f"{module}/src/test/java/", "src/test/java/"] if module else list(JAVA_ROOTS)
    return [(r + file, name) for r in roots]


def django_candidates(dotted, method):
    """Every split of `a.b.Cls[.x]` into a module and a qualified name, longest module first."""
    parts = dotted.split(".")
    out = []
    for k in range(len(parts) - 1, 0, -1):
        mod, rest = parts[:k], parts[k:]
        name = ".".join(rest + ([method] if method and rest[-1] != method else []))
        m = "/".join(mod)
        out += [(f"{m}.py", name), (f"tests/{m}.py", name), (f"{m}/__init__.py", name)]
    return out


def test_id_candidates(tid, touched):
    """docs/gold.md's id table: [(file, qualified name)] in order, or None (no known shape)."""
    t = tid.strip()
    if "::" in t:
        file, *names = t.split("::")
        names = [re.sub(r"\[.*\]$", "", x) for x in names]
        return [(file, ".".join(names))]
    if m := re.fullmatch(r"(\w[\w-]*):([\w.$]+)", t):
        return java_candidates(m.group(2), None, m.group(1))
    if m := re.fullmatch(r"([\w.$]+)#(\w+)(?:\(\))?", t):
        return java_candidates(m.group(1), m.group(2))
    if m := re.fullmatch(r"(\w+)(?:\[[^\]]*\])?\(([\w.$]+)\)", t):
        return java_candidates(m.group(2), m.group(1))
    if m := re.fullmatch(r"([\w.$]+) > (\w+)", t):
        return java_candidates(m.group(1), m.group(2))
    if m := re.fullmatch(r"(\w+) \(([\w.]+)\)", t):
        return django_candidates(m.group(2), m.group(1))
    if re.fullmatch(r"\w+(\.\w+)+", t):
        parts = t.split(".")
        return django_candidates(t, None) + java_candidates(".".join(parts[:-1]), parts[-1])
    if re.fullmatch(r"\w+", t):
        return [(p, t) for p in touched]
    return None


# ---- consensus ---------------------------------------------------------------------------------
def agent_reads(rows):
    """{task: {run: {path: set(lines)}}} of agent reads, and {task: {run: set(paths edited)}}."""
    reads = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(set)))
    edits = collections.defaultdict(lambda: collections.defaultdict(set))
    for r in rows:
        task, run = str(r.get("task", "default")), str(r.get("run", "default"))
        path = norm(r["path"])
        if path.startswith("/"):  # outside the workspace: left out, reads and edits alike
            continue
        if r.get("kind", "read") == "edit":
            edits[task][run].add(path)
            continue
        if r.get("source", "agent") != "agent":
            continue
        reads[task][run][path].update(range(r["start"], r["end"] + 1))
    return reads, edits


def load_labels(specs):
    """{(task, run or None): resolved} from `--outcomes [RUN=]FILE` (later files add; first stands)."""
    out = {}
    for spec in specs:
        run_for, _, file = spec.rpartition("=") if "=" in spec and not spec.startswith(("/", ".")) else ("", "", spec)
        for line in open(file):
            if not line.strip():
                continue
            r = json.loads(line)
            if "resolved" not in r:
                continue
            task = str(r.get("task", r.get("instance_id")))
            run = run_for or (str(r["run"]) if r.get("run") is not None else None)
            out.setdefault((task, run), r["resolved"] is True)
    return out


def resolved_runs(task, runs, labels):
    return sorted(r for r in runs if labels.get((task, r), labels.get((task, None))) is True)


def core_of(read_sets, agree):
    """{path: core lines} of the given runs' {path: lines} (agree: 'all' or K)."""
    count = collections.Counter()
    for files in read_sets:
        for path, ls in files.items():
            for ln in ls:
                count[(path, ln)] += 1
    k = len(read_sets) if agree == "all" else int(agree)
    out = collections.defaultdict(set)
    for (path, ln), c in count.items():
        if c >= k:
            out[path].add(ln)
    return out


def task_cores(reads, labels, agree, min_runs):
    """{task: (resolved runs with reads, {path: core lines})} of the tasks with enough runs."""
    out = {}
    for task, runs in reads.items():
        res = [r for r in resolved_runs(task, runs, labels) if runs[r]]
        if len(res) < min_runs or (agree != "all" and len(res) < int(agree)):
            continue
        out[task] = (res, core_of([runs[r] for r in res], agree))
    return out


def regions(files):
    return [{"path": p, "start": s, "end": e} for p in sorted(files) for s, e in runs_of(files[p])]


def explore_rows(reads, edits, labels, agree, min_runs):
    """{task: row} of `gold --from-runs --format swe-explore` (docs/gold.md `consensus`)."""
    out = {}
    for task, (res, core) in task_cores(reads, labels, agree, min_runs).items():
        core = {p: ls for p, ls in core.items() if ls}
        files = sorted(core)
        modified = sorted(set.intersection(*(edits[task][r] for r in res))) if res else []
        main = sorted(set(files) & set(modified))
        opt = {r: {p: ls - core.get(p, set()) for p, ls in reads[task][r].items()} for r in res}
        opt = {r: {p: ls for p, ls in fs.items() if ls} for r, fs in opt.items()}
        out[task] = {"instance_id": task, "ground_truth": {
            "read_core_files": files, "read_core_regions": regions(core), "modified_core_files": modified,
            "main_files": main, "read_optional_files_map": {r: sorted(fs) for r, fs in opt.items()},
            "read_optional_regions_map": {r: regions(fs) for r, fs in opt.items()}},
            "meta": {"resolved_runs": sorted(res), "num_resolved_runs": len(res), "num_core_files": len(files),
                     "num_core_lines": sum(len(x) for x in core.values()), "num_main_files": len(main)}}
    return out


def consensus_rows(reads, labels, agree, min_runs, optional):
    """The rows `gold --from-runs` writes, as a set of (task, path, start, end, tier, run)."""
    rows = set()
    for task, (res, core) in task_cores(reads, labels, agree, min_runs).items():
        runs = reads[task]
        for path, ls in core.items():
            rows |= {(task, path, s, e, "core", None) for s, e in runs_of(ls)}
        if optional:
            for r in res:
                for path, ls in runs[r].items():
                    rows |= {(task, path, s, e, "optional", r) for s, e in runs_of(ls - core.get(path, set()))}
    return rows
