#!/usr/bin/env python3
"""The widening what-if on every run of the real data, with the agents' real reads.

Needs a readcov binary with `gold`, `import` and `score` (the import branch merged):
    scripts/units_whatif.py [--readcov target/debug/readcov] [--data tests/data/real]

Gold comes from the SWE-bench gold patches (`readcov gold --from-swebench`), reads from the
trajectories (`readcov import --workspaces sources/`), and each instance is scored with
`--workspace sources/<instance>` so units come from the real files. Prints one row per run:
coverage as read, widened to gold units and by ±10 lines, and the extra lines each costs.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(map(str, cmd))} failed ({p.returncode}):\n{p.stderr}")
    return p.stdout


def main():
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser()
    ap.add_argument("--readcov", default=str(root / "target/debug/readcov"))
    ap.add_argument("--import-readcov", help="binary for `gold` and `import` (default: --readcov)")
    ap.add_argument("--data", default=str(root / "tests/data/real"))
    ap.add_argument("--widen", default="10")
    a = ap.parse_args()
    data, rc = Path(a.data), a.readcov
    rci = a.import_readcov or rc
    if not (data / "gold.jsonl").is_file():
        sys.exit(f"real data not found at {data}")
    tmp = Path(tempfile.mkdtemp(prefix="units-whatif-"))
    run([rci, "gold", "--from-swebench", data / "gold.jsonl", "-o", tmp / "gold.jsonl"])
    trajs = sorted((data / "openhands").glob("*.json")) + sorted((data / "mini-swe-agent").glob("*.json"))
    run([rci, "import", *trajs, "--workspaces", data / "sources", "-o", tmp / "reads.jsonl"])
    gold = [json.loads(l) for l in open(tmp / "gold.jsonl")]
    reads = [json.loads(l) for l in open(tmp / "reads.jsonl")]
    keys = ["line_coverage", "coverage_widened_to_units", "coverage_widened_by_lines"]
    print(f"{'task':<26} {'run':<15} {'units':>6} {'as_read':>7} {'to_units':>8} {'+lines':>7} "
          f"{'±' + a.widen:>6} {'+lines':>7} {'read':>6}")
    rows = []
    for task in sorted({g["task"] for g in gold}):
        g, r = tmp / f"g-{task}.jsonl", tmp / f"r-{task}.jsonl"
        g.write_text("".join(json.dumps(x) + "\n" for x in gold if x["task"] == task))
        r.write_text("".join(json.dumps(x) + "\n" for x in reads if x["task"] == task))
        out = run([rc, "score", "--gold", g, "--reads", r, "--workspace", data / "sources" / task,
                   "--format", "jsonl", "--widen", a.widen])
        for line in out.splitlines():
            x = json.loads(line)
            rows.append(x)
            f = lambda v: "-" if v is None else f"{v:.2f}"
            print(f"{x['task']:<26} {x['run']:<15} {str(x['gold_units_hit']) + '/' + str(x['gold_units']):>6} "
                  f"{f(x[keys[0]]):>7} {f(x[keys[1]]):>8} {x['extra_lines_units']:>7} "
                  f"{f(x[keys[2]]):>6} {x['extra_lines_by_lines']:>7} {x['read_lines']:>6}")
    n = len(rows)
    means = [sum(x[k] or 0 for x in rows) / n for k in keys]
    print(f"\n{n} runs · mean coverage as read {means[0]:.3f} · widened to units {means[1]:.3f} "
          f"(+{sum(x['extra_lines_units'] for x in rows)} lines) · widened ±{a.widen} {means[2]:.3f} "
          f"(+{sum(x['extra_lines_by_lines'] for x in rows)} lines) · {sum(x['read_lines'] for x in rows)} lines read")


if __name__ == "__main__":
    main()
