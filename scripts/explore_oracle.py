#!/usr/bin/env python3
"""Independent oracle for `readcov explore`: the SWE-Explore metrics written straight from the
reference evaluator's rules (docs/metrics.md) with naive Python sets of (path, line), compared
against the Rust binary's JSONL on the fixtures and on randomly generated benchmarks (fixed seeds).
Regions resolve to a pair (s, e) as the reference does: a length only when end = -1 or start < 0,
no clamping otherwise, and region overlap is the interval test on the pairs, s > e included. With
lengths counted in checkouts (--workspace), compatibility values use only the lengths of the files
the row's regions name (the reference's runner), clean ones every length; and the runner counts
those files with `str.splitlines()` (a form feed, a lone \r, U+2028 ... end lines too; invalid
UTF-8 dropped), so the checkouts hold such lines and compatibility values use those counts.

Usage: explore_oracle.py READCOV_BINARY FIXTURE_DIR
Exits non-zero, printing the first disagreements, when any value differs by more than 1e-9.
"""
import json
import math
import os
import pathlib
import random
import subprocess
import sys
import tempfile

BUDGETS = (100, 300, 500)
NAMES = ["precision", "recall", "f1", "hit_file_rate", "noise_file_rate", "hit_region_rate",
         "noise_region_rate", "weighted_core_coverage", "context_efficiency", "optional_coverage",
         "ndcg_at_100", "ndcg_at_300", "ndcg_at_500", "recall_at_100", "recall_at_300",
         "recall_at_500", "first_useful_hit"]


def pair(start, end, n):
    """The resolved (s, e) of a region (s > e possible), or None when unresolvable."""
    if end == -1 or start < 0:
        if n is None or n < 1:
            return None
        e = n if end == -1 else end
        s = n + start + 1 if start < 0 else start
        return (min(max(s, 1), n), min(max(e, 1), n))
    if end < 1:
        return None
    return (max(1, start), end)


def lines_of(region, lengths):
    se = pair(region["start"], region["end"], lengths.get(region["path"]))
    return [] if se is None else [(region["path"], i) for i in range(se[0], se[1] + 1)]


def overlap(a, b, lengths):
    """Same path and the resolved pairs intersect as intervals."""
    if a["path"] != b["path"]:
        return False
    pa = pair(a["start"], a["end"], lengths.get(a["path"]))
    pb = pair(b["start"], b["end"], lengths.get(b["path"]))
    return pa is not None and pb is not None and pa[0] <= pb[1] and pb[0] <= pa[1]


def size(region, lengths):
    """The reference's line count e - s + 1 (negative when s > e), 0 when unresolvable."""
    se = pair(region["start"], region["end"], lengths.get(region["path"]))
    return 0 if se is None else se[1] - se[0] + 1


def div(num, den):
    return None if den == 0 else num / den


def score(gt, regions, lengths, top_k):
    preds = regions[:top_k] if top_k else regions
    core_regs = [lines_of(r, lengths) for r in gt.get("read_core_regions", [])]
    opt_regs = [lines_of(r, lengths) for rs in gt.get("read_optional_regions_map", {}).values() for r in rs]
    pred_regs = [lines_of(r, lengths) for r in preds]
    C = set().union(*core_regs) if core_regs else set()
    O = set().union(*opt_regs) if opt_regs else set()
    P = set().union(*pred_regs) if pred_regs else set()
    main = set(gt.get("main_files", []))
    core_files = set(gt.get("read_core_files", []))
    opt_files = set(f for fs in gt.get("read_optional_files_map", {}).values() for f in fs)
    visited = set(r["path"] for r in preds)
    m = {}
    m["precision"] = div(len(P & C), len(P))
    m["recall"] = div(len(P & C), len(C))
    p, r = m["precision"], m["recall"]
    m["f1"] = None if p is None or r is None else (0.0 if p + r == 0 else 2 * p * r / (p + r))
    m["hit_file_rate"] = div(len(visited & core_files), len(core_files))
    m["noise_file_rate"] = div(len(visited - core_files - opt_files), len(visited))
    cores = gt.get("read_core_regions", [])
    opts = [r for rs in gt.get("read_optional_regions_map", {}).values() for r in rs]
    m["hit_region_rate"] = div(sum(1 for c in cores if any(overlap(c, q, lengths) for q in preds)), len(cores))
    relevant = C | O
    m["noise_region_rate"] = div(sum(1 for q in preds if not any(overlap(q, g, lengths) for g in cores + opts)),
                                 len(preds))
    num = den = 0.0
    for reg, lines in zip(gt.get("read_core_regions", []), core_regs):
        if not lines:
            continue
        w = 3.0 if reg["path"] in main else 2.0
        num += w * len(set(lines) & P) / len(set(lines))
        den += w
    m["weighted_core_coverage"] = None if den == 0 else num / den
    m["context_efficiency"] = div(len(P & relevant), len(P))
    m["optional_coverage"] = div(len(P & O), len(O))
    gains = [sum((1.5 if path in main else 1.0) for (path, i) in q if (path, i) in C) for q in pred_regs]
    sizes = [size(q, lengths) for q in preds]

    def dcg(order, budget):
        total, s = 0, 0.0
        for rank, j in enumerate(order):
            total += sizes[j]
            if rank > 0 and total > budget:
                break
            s += gains[j] / math.log2(rank + 2)
        return s

    ideal = sorted(range(len(pred_regs)), key=lambda j: -gains[j] / max(sizes[j], 1))
    for b in BUDGETS:
        if not C or not pred_regs:
            m[f"ndcg_at_{b}"] = None
        else:
            i = dcg(ideal, b)
            m[f"ndcg_at_{b}"] = 0.0 if i == 0 else min(dcg(range(len(pred_regs)), b) / i, 1.0)
        seen, walked = set(), 0
        for q in pred_regs:
            for line in q:
                if walked >= b:
                    break
                seen.add(line)
                walked += 1
        m[f"recall_at_{b}"] = div(len(seen & C), len(C))
    if not C or not pred_regs:
        m["first_useful_hit"] = None
    else:
        hit = next((j for j, q in enumerate(pred_regs) if set(q) & C), None)
        m["first_useful_hit"] = 0.0 if hit is None else 1 - hit / len(pred_regs)
    return m


def oracle(bench_rows, pred_rows, lengths, top_k):
    """{(explorer, instance): clean metrics}, first row wins, missing = empty."""
    known = {b["instance_id"] for b in bench_rows}
    preds = {}
    for p in pred_rows:
        if p["instance_id"] in known:
            preds.setdefault((p["explorer"], p["instance_id"]), p["regions"])
    out = {}
    for e in sorted({p["explorer"] for p in pred_rows}):
        for b in bench_rows:
            regions = preds.get((e, b["instance_id"]), [])
            out[(e, b["instance_id"])] = score(b["ground_truth"], regions, lengths.get(b["instance_id"], {}), top_k)
    return out


def run_readcov(binary, bench, preds, lengths_file, top_k, workspace=None):
    args = [binary, "explore", "--bench", bench, "--preds", preds, "--format", "jsonl",
            "--top-k", str(top_k) if top_k else "all"]
    if lengths_file:
        args += ["--file-lengths", lengths_file]
    if workspace:
        args += ["--workspace", workspace]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"readcov failed ({out.returncode}): {out.stderr}")
    rows = [json.loads(l) for l in out.stdout.splitlines()]
    return {(r["explorer"], r["instance_id"]): r for r in rows if r["record"] == "instance"}


def runner_lengths(bench_rows, root):
    """The lengths SWE-Explore's runner knows given checkouts (eval_runner.py
    _build_file_line_counts): only those of files a core or optional region names, each counted
    as it counts them, `len(path.read_text(errors="ignore").splitlines())`."""
    out = {}
    for b in bench_rows:
        gt = b["ground_truth"]
        named = {r["path"] for r in gt.get("read_core_regions", [])}
        named |= {r["path"] for rs in gt.get("read_optional_regions_map", {}).values() for r in rs}
        files = {p: pathlib.Path(root, b["instance_id"], p) for p in named}
        out[b["instance_id"]] = {p: len(f.read_text(errors="ignore").splitlines())
                                 for p, f in files.items() if f.is_file()}
    return out


# Lines that end at one `\n` but that splitlines() splits more (or, for `\r\n` and invalid bytes,
# not): a form feed (an Emacs page break), a lone `\r`, the other separators, a `\r` with an
# invalid byte before its `\n` (dropped, so one boundary).
ODD_LINES = [b"\x0c\n", b"x\ry\n", b"a\x0cb\n", b"x\r\n", b"\xe2\x80\xa8z\n", b"\x0b\x1c\x1d\x1e\n",
             b"\xc2\x85q\n", b"w\r\xff\n", b"\x85\n", b"\xef\xbb\xbfbom\n"]


def write_workspace(root, lengths, rng):
    """DIR/<instance>/<path> holding n lines each at `\n` (readcov's count), some of them
    lines splitlines() counts otherwise; the layout --workspace reads."""
    for iid, files in lengths.items():
        for path, n in files.items():
            full = os.path.join(root, iid, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(b"".join(rng.choice(ODD_LINES) if rng.random() < 0.1 else b"x\n"
                                 for _ in range(n)))


def compare(label, want, got, compat_want=None):
    """Clean values against `want`; compatibility ones against `compat_want` (default: `want`
    with unscored read as 0.0)."""
    bad = []
    if set(want) != set(got):
        bad.append(f"{label}: rows differ: {sorted(set(want) ^ set(got))[:5]}")
    for key, m in want.items():
        row = got.get(key)
        if row is None:
            continue
        for name in NAMES:
            w, c, flat = m[name], row["clean"][name], row[name]
            wc = (compat_want[key][name] if compat_want else w) or 0.0
            same = (w is None and c is None) or (w is not None and c is not None and abs(w - c) < 1e-9)
            if not same or abs(wc - flat) > 1e-9:
                bad.append(f"{label} {key} {name}: oracle {w}, readcov clean {c} / compat {flat}")
    return bad


def random_case(rng, n_inst, n_expl):
    paths = ["a.py", "b/c.py", "d.py", "e.py"]

    def region():
        s = rng.choice([rng.randint(-40, 400), rng.randint(1, 300), -1 * rng.randint(1, 50)])
        e = rng.choice([s + rng.randint(-5, 250), -1, rng.randint(-30, 400)])
        return {"path": rng.choice(paths), "start": s, "end": e}

    bench, lengths, preds = [], {}, []
    for i in range(n_inst):
        iid = f"inst-{i}"
        core = [region() for _ in range(rng.randint(0, 6))]
        opt = {m: [region() for _ in range(rng.randint(0, 3))] for m in ("m1", "m2")[: rng.randint(0, 2)]}
        gt = {
            "read_core_files": sorted({r["path"] for r in core} | ({rng.choice(paths)} if rng.random() < 0.2 else set())),
            "read_core_regions": core,
            "read_optional_files_map": {m: sorted({r["path"] for r in rs}) for m, rs in opt.items()},
            "read_optional_regions_map": opt,
            "modified_core_files": [],
            "main_files": rng.sample(paths, rng.randint(0, 2)),
        }
        bench.append({"instance_id": iid, "ground_truth": gt})
        lengths[iid] = {p: rng.randint(0, 500) for p in paths if rng.random() < 0.7}
        for e in range(n_expl):
            if rng.random() < 0.1:
                continue  # missing prediction
            preds.append({"instance_id": iid, "explorer": f"e{e}", "regions": [region() for _ in range(rng.randint(0, 8))]})
    return bench, preds, lengths


def main():
    binary, fixtures = sys.argv[1], sys.argv[2]
    problems = []
    load = lambda p: [json.loads(l) for l in open(p) if l.strip()]
    # Fixtures: the oracle reads the JSON-object regions only, so compare on rows it can read.
    bench = load(os.path.join(fixtures, "bench.jsonl"))
    lengths = json.load(open(os.path.join(fixtures, "lengths.json")))
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(6):
            rng = random.Random(seed)
            b, p, l = random_case(rng, 40, 3)
            paths = [os.path.join(tmp, f) for f in ("bench.jsonl", "preds.jsonl", "lengths.json")]
            with open(paths[0], "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in b)
            with open(paths[1], "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in p)
            with open(paths[2], "w") as f:
                json.dump(l, f)
            for top_k in (5, None, 2):
                problems += compare(f"seed {seed} top-k {top_k}", oracle(b, p, l, top_k),
                                    run_readcov(binary, paths[0], paths[1], paths[2], top_k))
            if seed == 0:  # without any lengths
                problems += compare("seed 0 no lengths", oracle(b, p, {}, 5),
                                    run_readcov(binary, paths[0], paths[1], None, 5))
            if seed < 2:  # lengths counted in checkouts: compat knows the gold regions' files only
                ws = os.path.join(tmp, f"ws{seed}")
                write_workspace(ws, l, rng)
                problems += compare(f"seed {seed} workspace", oracle(b, p, l, 5),
                                    run_readcov(binary, paths[0], paths[1], None, 5, ws),
                                    oracle(b, p, runner_lengths(b, ws), 5))
        fixture_preds = [r for r in load(os.path.join(fixtures, "preds.jsonl"))
                         if all(isinstance(x, dict) and "start" in x for x in r.get("regions", [None]))]
        path = os.path.join(tmp, "fixture-preds.jsonl")
        with open(path, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in fixture_preds)
        problems += compare("fixtures", oracle(bench, fixture_preds, lengths, 5),
                            run_readcov(binary, os.path.join(fixtures, "bench.jsonl"), path,
                                        os.path.join(fixtures, "lengths.json"), 5))
    if problems:
        print("\n".join(problems[:20]))
        sys.exit(f"{len(problems)} disagreement(s) between the oracle and readcov explore")
    print("explore oracle: readcov agrees with the naive reimplementation on fixtures and 6 random benchmarks "
          "(2 of them with --workspace checkouts)")


if __name__ == "__main__":
    main()
