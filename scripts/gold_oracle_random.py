"""Seeded-random inputs for the gold oracle (scripts/gold_oracle_cases.py writes them): difflib
diffs (0-3 context lines) of random edits to generated Python files, some applied to a workspace
shifted by a few lines (offsets) or changed (does not apply), with CRLF and missing final
newlines; and random consensus reads and labels."""
import difflib
import json
import os

def rand_py(rng):
    out = ["import os", ""]
    for k in range(rng.randint(2, 6)):
        if rng.random() < 0.3:
            out += [f"# comment {k}"] * rng.randint(0, 2)
        if rng.random() < 0.4:
            out += [f"class C{k}:", f"    a{k} = {k}"]
            for j in range(rng.randint(1, 3)):
                out += [f"    def m{j}(self):"] + [f"        v{i} = {i}" for i in range(rng.randint(1, 6))] + [""]
        else:
            out += [f"def f{k}(x):"] + [f"    y{i} = x + {i}" for i in range(rng.randint(1, 8))] + [""]
        out += [f"g{k} = {k}"] * rng.randint(0, 3) + [""]
    return out


def mutate(rng, lines):
    new = list(lines)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(new) + 1)
        op = rng.choice("idr")
        if op == "i" or not new or i == len(new):
            new[i:i] = [f"ins{rng.randint(0, 99)} = 1"] * rng.randint(1, 3)
        elif op == "d":
            del new[i:i + rng.randint(1, 3)]
        else:
            new[i] = new[i] + "  # changed"
    return new


def random_cases(rng, n):
    out = []
    for k in range(n):
        base = rand_py(rng)
        new = mutate(rng, base)
        ctx = rng.randint(0, 3)
        body = list(difflib.unified_diff(base, new, "a/r.py", "b/r.py", n=ctx, lineterm=""))
        if not body:
            continue
        patch = "diff --git a/r.py b/r.py\n" + "\n".join(body) + "\n"
        eol = "\r\n" if rng.random() < 0.15 else "\n"
        ws = list(base)
        shift = rng.choice([0, 0, 0, 1, 2, -1, 3]) if ctx > 0 else 0
        if shift > 0:
            ws = [f"# pad {i}" for i in range(shift)] + ws
        elif shift < 0 and ws and ws[0] == "import os":
            ws = ws[1:]
        if rng.random() < 0.08:
            ws = [x + " " if x else x for x in ws]  # does not apply
        text = eol.join(ws) + (eol if rng.random() < 0.9 else "")
        if eol == "\r\n":
            patch = patch.replace("\n", "\r\n")
        out.append((f"rand{k}", {"r.py": text}, patch))
    return out


def consensus_cases(rng, d):
    """Seeded reads of 6 tasks × 5 runs (agent, human and manual reads, edits, `./` and `\\` paths,
    absolute paths, a run with edits only, an unlabelled run, a task-level label) and their
    labels, as one file (labels.jsonl) and one file per run (labels-RUN.jsonl, no `run` key)."""
    reads, labels = [], []
    per_run = {}
    for t in range(6):
        task = f"c{t}"
        for k in range(5):
            run = f"r{k}"
            if t == 5 and k == 4:
                continue  # c5 r4: no reads at all
            for _ in range(rng.randint(0, 6)):
                path = rng.choice(["a.py", "b/c.py", "./a.py", "b\\c.py", "/abs/x.py", "d.py"])
                start = rng.randint(1, 80)
                row = {"task": task, "run": run, "path": path, "start": start, "end": start + rng.randint(0, 40)}
                x = rng.random()
                if x < 0.1:
                    row["kind"] = "edit"
                elif x < 0.18:
                    row["source"] = rng.choice(["human", "manual"])
                elif x < 0.25:
                    row["source"] = "agent"
                    row["kind"] = "read"
                reads.append(row)
            if (t, k) == (1, 3):
                continue  # unlabelled run
            res = rng.random() < 0.6
            labels.append({"task": task, "run": run, "resolved": res})
            per_run.setdefault(run, []).append({"task": task, "resolved": res})
    labels.append({"instance_id": "c4", "resolved": True})  # a whole task's label: every run of c4
    open(os.path.join(d, "reads.jsonl"), "w").write("".join(json.dumps(r) + "\n" for r in reads))
    open(os.path.join(d, "labels.jsonl"), "w").write("".join(json.dumps(r) + "\n" for r in labels))
    for run, rows in per_run.items():
        open(os.path.join(d, f"labels-{run}.jsonl"), "w").write("".join(json.dumps(r) + "\n" for r in rows))
