"""`readcov locbench` recomputed from docs/retrievers.md ("Code localization: Loc-Bench / LocAgent")
alone: the names of each prediction shape and gold shape, readcov gold named through `readcov units`
output by LocAgent's oracle rule, and Acc@k, Recall@k, NDCG@k and P@k per level with max_k the
largest k of the level. Nothing here reads readcov's Rust code or LocAgent's."""
import json
import math
import os
import subprocess

LEVELS = ("file", "module", "function")
DEFAULT_KS = {"file": [1, 2, 3, 5], "module": [5, 10], "function": [5, 10]}


def once(v, s):
    if s not in v:
        v.append(s)


class Units:
    """`readcov units FILE` per (workspace, path): [(kind, name, start, end, depth)] or None."""

    def __init__(self, rc):
        self.rc, self.cache = rc, {}

    def of(self, root, path):
        if root is None:
            return None
        full = os.path.join(root, path)
        if full not in self.cache:
            if not os.path.isfile(full):
                self.cache[full] = None
            else:
                p = subprocess.run([self.rc, "units", full], capture_output=True, text=True)
                self.cache[full] = ([(u["kind"], u["name"], u["start"], u["end"], u["depth"])
                                     for u in map(json.loads, p.stdout.splitlines())]
                                    if p.returncode == 0 else None)
        return self.cache[full]


def entity_at(units, line):
    """LocAgent's oracle rule (retrievers.md): a line in a method of a top-level class names
    (`Class.method`, `Class`); in a top-level function (`func`, `func`); a class body outside its
    methods or outside any definition names nothing; a nested definition counts as its outermost
    function or method."""
    for kind, name, s, e, d in units:
        if d != 0 or not (s <= line <= e):
            continue
        if kind == "class":
            for k2, n2, s2, e2, d2 in units:
                if d2 == 1 and k2 in ("method", "function") and s2 <= line <= e2 and s <= s2 and e2 <= e:
                    return f"{name}.{n2}", name
            return None
        if kind in ("function", "method"):
            return name, name
    return None


def prediction(v, units, root):
    """(files, modules, functions) of one predictions record, as the docs' table says."""
    files, modules, functions = [], [], []
    if "docs" in v:
        for d in ([v["docs"]] if isinstance(v["docs"], str) else v["docs"]):
            if ".py/" in d:
                fle, func = d.split(".py/", 1)
                once(files, fle + ".py")
                f = func[: -len(".__init__")] if func.endswith(".__init__") else func
                functions.append(f"{fle}.py:{f.strip('/').replace('/', '.')}")
                once(modules, f"{fle}.py:{func.strip('/').split('/')[0]}")
            else:
                once(files, d)
        return files, modules, functions
    if "found_edit_locs" in v or "found_related_locs" in v:
        files = list(v.get("found_files") or [])
        locs = v.get("found_edit_locs")
        if not nonempty(locs):
            locs = v.get("found_related_locs")
        if isinstance(locs, list):
            locs = locs[0] if locs else {}
        locs = locs or {}
        order = [f for f in files if f in locs] + sorted(f for f in locs if f not in files)
        lines = []
        for f in order:
            blocks = locs[f] if isinstance(locs[f], list) else [locs[f]]
            for b in blocks:
                for ln in b.splitlines():
                    kind, _, what = ln.strip().partition(":")
                    kind, what = kind.strip(), what.strip()
                    if kind == "function":
                        functions.append(f"{f}:{what}")
                        once(modules, f"{f}:{what.split('.')[0]}")
                    elif kind == "class":
                        once(modules, f"{f}:{what}")
                    elif kind == "line" and what.isdigit():
                        lines.append((f, int(what)))
        for f, n in lines:
            u = units.of(root, f) if root else None
            got = entity_at(u, n) if u else None
            if got:
                once(functions, f"{f}:{got[0]}")
                once(modules, f"{f}:{got[1]}")
        return files, modules, functions
    return (list(v.get("found_files") or []), list(v.get("found_modules") or []),
            list(v.get("found_entities") or []))


def nonempty(x):
    if x is None:
        return False
    if isinstance(x, (list, dict)):
        vals = x if isinstance(x, list) else list(x.values())
        return any(nonempty(y) for y in vals)
    if isinstance(x, str):
        return bool(x.strip())
    return True


def locbench_gold(v):
    files, modules, functions = [], [], []
    if "file_changes" in v:
        for c in v["file_changes"]:
            files.append(c["file"])
            ch = c.get("changes") or {}
            modules += ch.get("edited_modules") or []
            functions += ch.get("edited_entities") or []
        return files, modules, functions
    for f in v["edit_functions"]:
        file = f.split(":")[0]
        once(files, file)
        once(modules, f"{file}:{f.split(':')[-1].split('.')[0]}")
    return files, modules, list(v["edit_functions"])


def readcov_gold_names(gold_rows, units, root_of):
    """readcov gold (JSONL rows) named by LocAgent's oracle rule through the units; every gold
    file at file level (core tier; as scoring reads gold)."""
    by_task = {}
    for g in gold_rows:
        if (g.get("tier") or "core") != "core":
            continue
        by_task.setdefault(str(g.get("task", "default")), []).append(g)
    out = {}
    for task, rows in by_task.items():
        files, modules, functions = [], [], []
        root = root_of(task)
        for path in sorted({g["path"] for g in rows}):
            once(files, path)
            u = units.of(root, path)
            if not u:
                continue
            lines = sorted({x for g in rows if g["path"] == path for x in range(g["start"], g["end"] + 1)})
            for x in lines:
                got = entity_at(u, x)
                if got:
                    once(functions, f"{path}:{got[0]}")
                    once(modules, f"{path}:{got[1]}")
        out[task] = (files, modules, functions)
    return out


def metrics(gold, pred, ks):
    max_k = max(ks)
    p = pred[:max_k]
    hit = [1.0 if i < len(p) and p[i] in gold else 0.0 for i in range(max_k)]
    ideal = [1.0 if i < len(gold) else 0.0 for i in range(max_k)]
    rel = sum(ideal)
    dcg = lambda v, k: sum(x / math.log2(i + 2) for i, x in enumerate(v[:k]))
    out = {}
    for k in ks:
        h = sum(hit[:k])
        out[f"Acc@{k}"] = 1.0 if h == sum(ideal[:k]) else 0.0
        out[f"Recall@{k}"] = h / rel if rel else 0.0
        d = dcg(ideal, k)
        out[f"NDCG@{k}"] = dcg(hit, k) / d if d else 0.0
        out[f"P@{k}"] = h / k
    return out


def evaluate(gold, preds, ks_by_level):
    """gold, preds: task → (files, modules, functions). Returns levels as --format json."""
    levels = []
    for i, level in enumerate(LEVELS):
        ks = ks_by_level[level]
        rows = []
        for task in sorted(gold):
            g = gold[task][i]
            if not g:
                continue
            p = preds.get(task, ([], [], []))[i]
            rows.append(dict(task=task, gold=len(g), predicted=len(p), metrics=metrics(g, p, ks)))
        means = {}
        for r in rows:
            for k, v in r["metrics"].items():
                means[k] = means.get(k, 0.0) + v
        means = {k: v / len(rows) for k, v in means.items()}
        levels.append(dict(level=level, ks=ks, instances=len(rows), means=means, rows=rows))
    return levels
