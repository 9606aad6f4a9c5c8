#!/usr/bin/env python3
"""Independent oracle for `readcov contextbench`: ContextBench's metrics written from the rules in
docs/contextbench.md with naive Python sets — (file, line) and (file, byte) pairs, blocks known from
how the random Python files were generated (no tree-sitter) — in both modes (compat: the reference
evaluator's quirks; clean: fixed, None for an empty denominator), compared with the binary's JSONL
on random instances (fixed seeds).

Usage: contextbench_oracle.py READCOV_BINARY [ROUNDS]
Exits non-zero, printing the first disagreements, when any value differs by more than 1e-12.
"""
import bisect
import json
import os
import random
import subprocess
import sys
import tempfile

LEVELS = ["file", "symbol", "span", "line"]


# ---------------------------------------------------------------- random checkouts

def gen_python(rng, tag):
    """A Python file and its blocks [(kind, name, start, end_exclusive)], built piece by piece."""
    text, blocks, k = "", [], 0
    for _ in range(rng.randint(0, 5)):
        r = rng.random()
        k += 1
        if r < 0.35:
            name = f"f{tag}{k}"
            piece = f"def {name}(x):\n    return {k}\n"
            blocks.append(("function_definition", name, len(text), len(text) + len(piece) - 1))
        elif r < 0.5:
            name = f"a{tag}{k}"
            piece = f"async def {name}():\n    await x\n"
            blocks.append(("function_definition", name, len(text), len(text) + len(piece) - 1))
        elif r < 0.75:
            cname = f"C{tag}{k}"
            start = len(text)
            piece = f"class {cname}:\n"
            for j in range(rng.randint(1, 3)):
                m = rng.choice([f"m{j}", "run"])  # `run` repeats across classes: one name, several blocks
                line = f"    def {m}(self):\n        return {j}\n"
                blocks.append(("function_definition", m, start + len(piece), start + len(piece) + len(line) - 1))
                piece += line
            blocks.append(("class_definition", cname, start, start + len(piece) - 1))
        elif r < 0.9:
            piece = "# note\n"
        else:
            piece = "\n"
        text += piece
    if text and rng.random() < 0.2:
        text = text[:-1]  # no final newline: blocks end where the newline was, unchanged
    return text, blocks


def gen_checkout(rng):
    files, blocks = {}, {}
    for i in range(rng.randint(1, 4)):
        path = rng.choice(["pkg/", "src/deep/", ""]) + f"m{i}.py"
        text, bl = gen_python(rng, i)
        files[path], blocks[path] = text, bl
    files["docs/readme.txt"] = "".join(f"line {i}\n" for i in range(rng.randint(0, 6)))
    files[".github/ci.yml"] = "on: push\njobs: {}\n"
    if rng.random() < 0.5:
        files["empty.txt"] = ""
    return files, blocks


# ---------------------------------------------------------------- random gold and predictions

def raw_path(rng, path, pred):
    prefixes = ["", "", "./", "/testbed/", "/workspace/repo/"]
    if pred:
        prefixes += ["/app/x/", " '", "repo/"]
    p = rng.choice(prefixes) + path
    return p + "'" if p.startswith(" '") else p


def nlines(text):
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def gen_patch(rng, files):
    """A unified diff deleting and adding lines, with the shapes the two readers disagree on."""
    out = ""
    for path in rng.sample(sorted(files), rng.randint(1, 2)):
        n = max(nlines(files[path]), 1)
        out += f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
        start = rng.randint(1, n)
        body, old_len, new_len = [], 0, 0
        for _ in range(rng.randint(1, 6)):
            r = rng.random()
            if r < 0.35:
                body.append(" ctx"); old_len += 1; new_len += 1
            elif r < 0.45:
                body.append(""); old_len += 1; new_len += 1   # a context line whose space was trimmed
            elif r < 0.75:
                body.append("-" + rng.choice(["gone", "--dashes"])); old_len += 1
            elif r < 0.9:
                body.append("+new"); new_len += 1
            else:
                body.append("\\ No newline at end of file")
        out += f"@@ -{start},{old_len} +{start},{new_len} @@\n" + "\n".join(body) + "\n"
    return out


def gen_instance(rng, iid, files, blocks):
    paths = sorted(files) + ["gone/missing.py"]

    def items(k):
        out = []
        for _ in range(k):
            p = rng.choice(paths)
            s = rng.randint(1, 8)
            out.append({"file": raw_path(rng, p, False), "start_line": s, "end_line": s + rng.randint(0, 6)})
        return out

    gold = {"instance_id": iid, "patch": gen_patch(rng, files) if rng.random() < 0.6 else ""}
    if rng.random() < 0.7:
        gold["gold_context"] = json.dumps(items(rng.randint(0, 4)))
    else:
        gold["original_inst_id"] = iid
        gold["init_ctx"] = items(rng.randint(0, 3))
        gold["add_ctx"] = items(rng.randint(0, 2))
        if not gold["init_ctx"] and not gold["add_ctx"]:
            gold["gold_ctx"] = items(rng.randint(0, 2))

    def step():
        fs = [raw_path(rng, rng.choice(paths), True) for _ in range(rng.randint(0, 3))]
        spans = {}
        for _ in range(rng.randint(0, 3)):
            p = raw_path(rng, rng.choice(paths), True)
            s = rng.randint(-1, 9)
            spans.setdefault(p, []).append({"start": s, "end": s + rng.randint(0, 5)})
        st = {"files": fs, "spans": spans}
        if rng.random() < 0.25:
            py = [p for p in blocks if blocks[p]]
            if py:
                p = rng.choice(py)
                names = [b[1] for b in blocks[p]]
                st["symbols"] = {raw_path(rng, p, True): [rng.choice(names), "mod." + rng.choice(names), " nope "][: rng.randint(1, 3)]}
        return st

    steps = [step() for _ in range(rng.randint(0, 4))]
    fin = step()
    pred = {"instance_id": iid,
            "model_patch": gen_patch(rng, files) if rng.random() < 0.5 else "",
            "traj_data": {"pred_steps": steps, "pred_files": fin["files"], "pred_spans": fin["spans"]}}
    if "symbols" in fin:
        pred["traj_data"]["pred_symbols"] = fin["symbols"]
    return gold, pred


# ---------------------------------------------------------------- the oracle

def gold_norm(p, compat):
    p = p.replace("\\", "/")
    for root in ("/testbed/",):
        if p.startswith(root):
            return p[len(root):]
    if p.startswith("/workspace/"):
        rest = p[len("/workspace/"):]
        return rest.split("/", 1)[1] if "/" in rest else rest
    if p.startswith("/"):
        return p.lstrip("/")
    if compat:
        while p[:1] in (".", "/") and p:
            p = p[1:]
        return p
    while p.startswith("./"):
        p = p[2:]
    return p


def resolve(raw, files):
    p = raw.strip().strip("'\"").replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    p = p.lstrip("/")
    parts = [x for x in p.split("/") if x]
    for i in range(len(parts)):
        cand = "/".join(parts[i:])
        if cand in files:
            return cand
    return None


_STARTS = {}


def line_starts(text):
    """(bytes, offsets where lines 1, 2, ... start), kept per text: real files are scored often."""
    if text not in _STARTS:
        data = text.encode()
        _STARTS[text] = (data, [0] + [o + 1 for o, b in enumerate(data) if b == 10])
    return _STARTS[text]


def byte_set(files, path, s, e, compat):
    """Bytes of lines s..e as a set of offsets: line l is the bytes from its start to the next
    line's (its newline included)."""
    if path not in files:
        return set()
    data, starts = line_starts(files[path])
    if not data:
        return {0} if compat else set()
    s = max(1, s)
    e = max(s, e)
    last_line = len(starts)  # the line after the final newline when data ends with one
    if s > last_line:
        return set()
    if data.endswith(b"\n") and s == last_line:
        return {len(data)} if compat else set()
    return set(range(starts[s - 1], starts[e] if e < len(starts) else len(data)))


def blocks_touching(blocks, path, bytes_, compat):
    """Blocks with a byte in `bytes_` (compat: up to the exclusive end, the reference's quirk)."""
    out, sorted_bytes = set(), sorted(bytes_)
    for kind, name, start, end in blocks.get(path, []):
        last = end if compat else end - 1
        i = bisect.bisect_left(sorted_bytes, start)
        if i < len(sorted_bytes) and sorted_bytes[i] <= last:
            out.add((path, kind, start, end))
    return out


def deleted(patch, compat):
    """Deleted (file, line) pairs, old numbering."""
    out = set()
    if compat:
        lines = patch.split("\n")
        cur = None
        for i, l in enumerate(lines):
            if l.startswith("+++"):
                rest = l[3:]
                if rest[:1].isspace() and rest.lstrip().startswith("b/") and len(rest.lstrip()) > 2:
                    cur = rest.lstrip()[2:]
                continue
            if not (l.startswith("@@") and cur):
                continue
            try:
                old = int(l.split()[1][1:].split(",")[0])
            except (IndexError, ValueError):
                continue
            for m in lines[i + 1:]:
                if m.startswith("@@") or m.startswith("diff ") or m.startswith("---"):
                    break
                if m.startswith("-"):
                    out.add((cur, old)); old += 1
                elif m.startswith(" "):
                    old += 1
        return out
    cur, old_path, lines, i = None, None, patch.splitlines(), 0
    while i < len(lines):
        l = lines[i]; i += 1
        if l.startswith("--- "):
            old_path = l[4:].split("\t")[0].strip(); old_path = old_path[2:] if old_path.startswith("a/") else old_path
            continue
        if l.startswith("+++ "):
            p = l[4:].split("\t")[0].strip()
            cur = old_path if p == "/dev/null" else (p[2:] if p.startswith("b/") else p)
            continue
        if not (l.startswith("@@ ") and cur):
            continue
        hdr = l.split()
        o = hdr[1][1:].split(","); n = hdr[2][1:].split(",")
        old, ol = int(o[0]), int(o[1]) if len(o) > 1 else 1
        nl = int(n[1]) if len(n) > 1 else 1
        while (ol > 0 or nl > 0) and i < len(lines):
            m = lines[i]
            if m.startswith("-") and ol > 0:
                out.add((cur, old)); old += 1; ol -= 1
            elif m.startswith("+") and nl > 0:
                nl -= 1
            elif m.startswith("\\"):
                pass
            elif m == "" or m.startswith(" "):
                old += 1; ol -= 1; nl -= 1
            else:
                break
            i += 1
    return out


def ratio(n, d, empty, compat):
    return n / d if d else (empty if compat else None)


def evaluate(gold, pred, files, blocks, compat):
    def filt(st):
        fs = sorted({r for r in (resolve(f, files) for f in st.get("files", [])) if r})
        spans = [(r, s["start"], s["end"]) for f, ss in st.get("spans", {}).items() for s in ss
                 for r in [resolve(f, files)] if r]
        syms = {}
        for f, names in st.get("symbols", {}).items():
            r = resolve(f, files)
            if names and r:
                syms.setdefault(r, []).extend(names)
        return fs, spans, syms

    td = pred["traj_data"]
    fin = filt({"files": td.get("pred_files", []), "spans": td.get("pred_spans", {}), "symbols": td.get("pred_symbols", {})})
    steps = [filt(s) for s in td.get("pred_steps", [])] or [fin]
    if not fin[0] and not fin[1]:
        return "no_context_extracted"

    if "gold_context" in gold and not gold.get("init_ctx") and not gold.get("add_ctx") and not gold.get("gold_ctx"):
        init, add = json.loads(gold["gold_context"]), []
    else:
        init, add = gold.get("init_ctx", []), gold.get("add_ctx", [])
        if not init and not add:
            init = gold.get("gold_ctx", [])
    norm = lambda f: gold_norm(f, compat)
    g_files = {norm(it["file"]) for it in init + add if compat or norm(it["file"])}
    g_lines = {(norm(it["file"]), l) for it in init if norm(it["file"])
               for l in range(it["start_line"], it["end_line"] + 1)}
    g_bytes = set()
    for it in init + add:
        p = norm(it["file"])
        if p:
            g_bytes |= {(p, b) for b in byte_set(files, p, it["start_line"], it["end_line"], compat)}

    def bytes_by_file(pairs):
        d = {}
        for p, b in pairs:
            d.setdefault(p, set()).add(b)
        return d

    g_blocks = set()
    for p, bs in bytes_by_file(g_bytes).items():
        g_blocks |= blocks_touching(blocks, p, bs, compat)

    def sets(st):
        fs, spans, syms = st
        lines = set()
        for p, s, e in spans:
            if compat and (s <= 0 or e <= 0):
                continue
            if not compat and e < 1:
                continue
            lines |= {(p, l) for l in range(max(s, 1) if not compat else s, e + 1)}
        bys = set()
        for p, s, e in spans:
            bys |= {(p, b) for b in byte_set(files, p, s, e, compat)}
        bl = set()
        if syms:
            for p, names in syms.items():
                for raw in names:
                    sym = raw.strip()
                    if not sym:
                        continue
                    cands = [sym] + ([sym.split(".")[-1]] if "." in sym else [])
                    for c in cands:
                        hit = {(p, k, s, e) for k, n, s, e in blocks.get(p, []) if n == c}
                        if hit:
                            bl |= hit
                            break
        else:
            for p, bs in bytes_by_file(bys).items():
                bl |= blocks_touching(blocks, p, bs, compat)
        return [set(fs), bl, bys, lines]

    G = [g_files, g_blocks, g_bytes, g_lines]
    F = sets(fin)
    res = {"num_steps": len(steps), "final": {}}
    for i, name in enumerate(LEVELS):
        inter = len(F[i] & G[i])
        res["final"][name] = {"coverage": ratio(inter, len(G[i]), 1.0, compat),
                              "precision": ratio(inter, len(F[i]), 1.0, compat),
                              "intersection": inter, "gold_size": len(G[i]), "pred_size": len(F[i])}
    U = [set(), set(), set(), set()]
    sums = [0, 0, 0, 0]
    covs = []
    for st in steps:
        S = sets(st)
        cov = {}
        for i, name in enumerate(LEVELS):
            U[i] |= S[i]
            sums[i] += len(S[i])
            cov[name] = ratio(len(U[i] & G[i]), len(G[i]), 1.0, compat)
        if compat and not g_lines:
            cov["line"] = 0.0
        covs.append(cov)
    res["trajectory"] = {"steps": [{"step": t + 1, "coverage": c} for t, c in enumerate(covs)],
                         "auc_coverage": {}, "redundancy": {}}
    for i, name in enumerate(LEVELS):
        vals = [c[name] for c in covs]
        res["trajectory"]["auc_coverage"][name] = None if None in vals else sum(vals) / len(vals)
        res["trajectory"]["redundancy"][name] = (1 - len(U[i]) / sums[i]) if sums[i] else (0.0 if compat else None)
    patch = pred.get("model_patch") or (gold.get("patch", "") if compat else "")
    if patch:
        d = deleted(patch, compat)
        hit = len(d & g_lines)
        if compat:
            r = hit / len(d) if d else 0.0
            res["editloc"] = {"recall": r, "precision": r}
        else:
            res["editloc"] = {"recall": ratio(hit, len(g_lines), 0, False), "precision": ratio(hit, len(d), 0, False)}
        res["editloc"].update({"intersection": hit, "gold_size": len(g_lines), "pred_size": len(d)})
    if not compat:
        seen = U[3] & g_lines
        res["usage_drop"] = (1 - len(seen & F[3]) / len(seen)) if seen else None
    return res


# ---------------------------------------------------------------- comparison

def compare(want, got, where, bad):
    if isinstance(want, dict):
        if not isinstance(got, dict) or set(want) != set(got):
            bad.append(f"{where}: keys {sorted(want) if isinstance(want, dict) else want} != {sorted(got) if isinstance(got, dict) else got}")
            return
        for k in want:
            compare(want[k], got[k], f"{where}.{k}", bad)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            bad.append(f"{where}: {want} != {got}")
            return
        for i, (a, b) in enumerate(zip(want, got)):
            compare(a, b, f"{where}[{i}]", bad)
    elif isinstance(want, float) or isinstance(got, float):
        if want is None or got is None or abs(want - got) > 1e-12:
            bad.append(f"{where}: oracle {want} != readcov {got}")
    elif want != got:
        bad.append(f"{where}: oracle {want!r} != readcov {got!r}")


def run_round(binary, seed, work):
    rng = random.Random(seed)
    ws = os.path.join(work, f"ws{seed}")
    golds, preds, truth = [], [], {}
    for n in range(rng.randint(3, 8)):
        iid = f"s{seed}i{n}"
        files, blocks = gen_checkout(rng)
        for p, text in files.items():
            full = os.path.join(ws, iid, p)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        g, p = gen_instance(rng, iid, files, blocks)
        golds.append(g); preds.append(p)
        truth[iid] = (files, blocks, g)
    preds.append({"instance_id": f"s{seed}nogold", "traj_data": {"pred_files": ["x.py"]}})
    gp, pp = os.path.join(work, f"g{seed}.jsonl"), os.path.join(work, f"p{seed}.jsonl")
    with open(gp, "w") as f:
        f.writelines(json.dumps(g) + "\n" for g in golds)
    with open(pp, "w") as f:
        f.writelines(json.dumps(p) + "\n" for p in preds)
    out = subprocess.run([binary, "contextbench", "--gold", gp, "--preds", pp, "--workspaces", ws, "--format", "jsonl"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return [f"seed {seed}: exit {out.returncode}: {out.stderr}"]
    rows = [json.loads(l) for l in out.stdout.splitlines()]
    bad = []
    for pred, row in zip(preds, rows):
        iid = pred["instance_id"]
        if iid not in truth:
            compare({"instance_id": iid, "error": "missing_gold"}, row, iid, bad)
            continue
        files, blocks, g = truth[iid]
        for compat in (True, False):
            want = evaluate(g, pred, files, blocks, compat)
            got = row if compat else row.get("clean", {})
            if isinstance(want, str):
                compare(want, got.get("error", row.get("error")), f"{iid}.error", bad)
                continue
            got = {k: v for k, v in got.items() if k not in ("instance_id", "clean")}
            compare(want, got, f"seed {seed} {iid} {'compat' if compat else 'clean'}", bad)
    return bad


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    with tempfile.TemporaryDirectory() as work:
        bad = []
        for seed in range(rounds):
            bad += run_round(binary, seed, work)
    if bad:
        print(f"contextbench oracle: {len(bad)} disagreement(s)", file=sys.stderr)
        for b in bad[:25]:
            print("  " + b, file=sys.stderr)
        sys.exit(1)
    print(f"contextbench oracle: {rounds} random rounds agree (compat and clean)")


if __name__ == "__main__":
    main()
