#!/usr/bin/env python3
"""ContextBench's memory on many instances over a few large checkouts: a generated input.

  bench/contextbench_memory.py [--out DIR] [--checkouts 4] [--files 240] [--kb 512] [--instances 1136]
                               [--wide 8] [--wide-files 120]

`contextbench --workspaces` keeps blocks per distinct checkout file for the whole run (the run's
block cache) and every file an instance read for that instance; this input makes both large.
`checkouts` repositories `ws/repo<k>/` of `files` Python files each (`pkg/m<f>.py`, about `kb` kB
of functions and classes of ~20 lines, every file's content its own), and `instances` gold rows cycling
through them (`repo<k>__i<n>`, its checkout named by `original_inst_id`: the rows share their
checkouts, as ContextBench's instances share their repositories). Each instance's gold is two
functions in each of 3 files, its prediction 6 steps reading 4 files (one gold region among
them), so the instances' files cover every file of every checkout; the last `wide` instances read
`wide-files` files each in one step (an agent listing a whole package). Deterministic: the same
bytes on every machine. Run:

  /usr/bin/time -v readcov contextbench --gold DIR/gold.jsonl --preds DIR/preds.jsonl \\
      --workspaces DIR/ws --format jsonl > out.jsonl
"""
import argparse
import json
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data")


def module(k, f, kb):
    """A Python module of about `kb` kB whose names are its own (repo k, file f); returns its
    text and the (start, end) lines of its functions."""
    lines, funcs = [f'"""Module {f} of repository {k}."""', "import os", ""], []
    n, size = 0, 0
    while size < kb * 1024:
        before = len(lines)
        # Definitions of a usual length (~20 lines): blocks are a tenth of the bytes or so.
        body = [
            f'    """Value {n} of module {f}, repository {k}."""',
            f"    total = a + {n}",
            "    for i in range(b or 3):",
            "        if i % 2:",
            f"            total += os.getpid() % ({n} + i + 1)",
            "        else:",
            f"            total -= i * {k + 1}",
            "    values = [total, a, b]",
            "    result = sum(v for v in values if v is not None)",
            "    if result > 1000:",
            "        result = result // 2",
            "    elif result < 0:",
            "        result = -result",
            "    names = {str(v): v for v in values if v}",
            "    for key in sorted(names):",
            "        result += len(key)",
            "    return result",
        ]
        if n % 5 == 4:
            lines += [f"class C{k}_{f}_{n}:", f"    attr_{n} = {n}", ""]
            start = len(lines) + 1
            lines += [f"    def method_{n}(self, a, b=None):"] + ["    " + l for l in body] + [""]
        else:
            start = len(lines) + 1
            lines += [f"def f{k}_{f}_{n}(a, b=None):"] + body + [""]
        funcs.append((start, len(lines) - 1))
        size += sum(len(l) + 1 for l in lines[before:])
        n += 1
    return "\n".join(lines) + "\n", funcs


def make(out, checkouts, files, kb, instances, wide, wide_files):
    done = os.path.join(out, "DONE")
    if os.path.exists(done):
        return out
    rnd = random.Random(42)
    funcs = {}
    for k in range(checkouts):
        d = os.path.join(out, "ws", f"repo{k}", "pkg")
        os.makedirs(d, exist_ok=True)
        for f in range(files):
            text, fs = module(k, f, kb)
            funcs[(k, f)] = fs
            with open(os.path.join(d, f"m{f}.py"), "w") as fh:
                fh.write(text)
    with open(os.path.join(out, "gold.jsonl"), "w") as gf, open(os.path.join(out, "preds.jsonl"), "w") as pf:
        for i in range(instances):
            k = i % checkouts
            inst = f"repo{k}__i{i}"
            # Files in turn so every file of the checkout is someone's.
            base = (i // checkouts) * 4
            mine = [(base + j) % files for j in range(4)]
            region = []
            for f in mine[:3]:
                for s, e in rnd.sample(funcs[(k, f)], 2):
                    region.append({"file": f"pkg/m{f}.py", "start_line": s, "end_line": e})
            steps, final = [], {}
            wide_row = i >= instances - wide
            chosen = rnd.sample(range(files), min(wide_files, files)) if wide_row else mine
            for step in range(1 if wide_row else 6):
                spans = {}
                for f in (chosen if wide_row else [chosen[step % 4], chosen[(step + 1) % 4]]):
                    s, e = rnd.choice(funcs[(k, f)])
                    if not wide_row and step == 0 and f == mine[0]:
                        s, e = region[0]["start_line"], region[0]["end_line"]
                    spans.setdefault(f"pkg/m{f}.py", []).append({"start": s, "end": e + 3})
                steps.append({"files": sorted(spans), "spans": spans})
                for p, v in spans.items():
                    final.setdefault(p, []).extend(v)
            gf.write(json.dumps({"instance_id": inst, "original_inst_id": f"repo{k}",
                                 "gold_context": json.dumps(region), "patch": "", "language": "python"}) + "\n")
            pf.write(json.dumps({"instance_id": inst, "model_patch": "", "traj_data": {
                "pred_steps": steps, "pred_files": sorted(final), "pred_spans": final}}) + "\n")
    open(done, "w").close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(WORK, "cb-memory"))
    ap.add_argument("--checkouts", type=int, default=4)
    ap.add_argument("--files", type=int, default=240)
    ap.add_argument("--kb", type=int, default=512)
    ap.add_argument("--instances", type=int, default=1136)
    ap.add_argument("--wide", type=int, default=8)
    ap.add_argument("--wide-files", type=int, default=120)
    a = ap.parse_args()
    print(make(a.out, a.checkouts, a.files, a.kb, a.instances, a.wide, a.wide_files))


if __name__ == "__main__":
    main()
