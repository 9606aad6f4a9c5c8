#!/usr/bin/env python3
"""Cross-checks `readcov explain --format json` (and the text's closing command) against a naive
recomputation from docs/explain.md ("What it shows", "JSON"), the reads and gold JSONL it was given
and, with --workspaces, the base files and `readcov units` output on them (a separate command with
its own oracle), for every run of every task with gold, and every task with gold no run read.

usage: explain_oracle.py READCOV GOLD READS [--workspaces DIR] [--threshold T]

Recomputed, per run: the counts and ratios of the verdict (`no_run` for a task no run read);
every gold file (gold and covered lines, opened, reads, first turn) in the documented order
(lowest coverage, never opened first, most gold lines, path); per span (one core gold row, clipped
to the file): covered and unread lines, why it is listed (`under` the threshold, `at_threshold`
with unread lines), the innermost unit holding the whole span else its first line, the nearest
reads (the one ending closest before the first unread line, the one starting closest after the
last; ties: the narrower, then the earlier row) and the lines between them no read covered; the
files read instead (reads, lines clipped to the file, first turn; most lines first); per edit row:
its gold lines, those not read before it (a read is before when its turn is earlier or, in the
same turn, its row comes first), before the threshold (its turn earlier than the first turn at it);
the timeline (covered lines after each turn with reads) and the first turn at the threshold. Then
each partly read span once more with `--threshold` set to its own coverage, where it must be
listed as `at_threshold`, and, for the first run of each task, the text's verdict word (`below`,
`at or above`, `no run`) and its `next` command run as printed: its JSON must be the same
explanation (a `--workspace DIR` suggestion is counted, not run); and each run of a task of several
`--against` the next one in name order (the other run's verdict, coverage, file hit, covered lines,
and every gold span the two read differently with the lines only one of them read). Left out,
counted on every run: `stages` (the diagnose oracle's), `lost_edits` (the shipped logs lose none).
Exits 1 naming every disagreement.
"""
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_shares import share  # noqa: E402  (metrics.md "How shares are printed")
from score_oracle_lib import Workspaces  # noqa: E402  (lengths and `readcov units`, shared)

COUNTED = {"agent", "human", "retriever"}


def lines(a, b):
    return set(range(a, b + 1))


def ranges(s):
    out = []
    for x in sorted(s):
        if out and out[-1][1] == x - 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return [{"start": a, "end": b} for a, b in out]


def run_rc(rc, args):
    p = subprocess.run([rc] + args, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"readcov {' '.join(args[:9])} … exited {p.returncode}: {p.stderr[:500]}")
    return p.stdout


def explain(rc, gold, reads, task, run, extra, fmt="json"):
    args = ["explain", "--gold", gold, "--reads", reads, "--task", task, "--run", run]
    out = run_rc(rc, args + ["--format", fmt] + extra)
    return json.loads(out) if fmt == "json" else out


def turn_of(r):
    return r.get("turn", r.get("step"))


class Check:
    def __init__(self, where, problems):
        self.where, self.problems = where, problems

    def eq(self, what, got, want):
        if got != want:
            self.problems.append(f"{self.where} {what}: readcov {got!r}, oracle {want!r}")


def unit_of(units, start, end):
    """Innermost (fewest lines) unit holding the whole span, else the innermost holding its start."""
    for holds in (lambda u: u["start"] <= start and end <= u["end"], lambda u: u["start"] <= start <= u["end"]):
        c = [u for u in units if holds(u)]
        if c:
            u = min(c, key=lambda u: u["end"] - u["start"])  # first of equals: units come sorted
            return {"kind": u["kind"], "name": u["name"], "start": u["start"], "end": u["end"]}
    return None


def near(rows, key):
    """The row minimising (distance, width); the earlier row on a tie."""
    best = None
    for i, r in enumerate(rows):
        k = key(r)
        if k is not None and (best is None or (k, r["end"] - r["start"], i) < best[0]):
            best = ((k, r["end"] - r["start"], i), r)
    if best is None:
        return None
    r = best[1]
    return (r["start"], r["end"], turn_of(r))


def read_lines(rows, clip):
    seen = collections.defaultdict(set)
    for r in rows:
        if r.get("kind") != "edit" and r.get("source", "agent") in COUNTED:
            seen[r["path"]] |= clip(r["path"], r["start"], r["end"])
    return seen


def check_against(d, other, gold_rows, mine, theirs, thr, ws, task, where, problems):
    """`--against OTHER`: the other run's verdict and figures, and each gold span the two read
    differently (lines only one of them read)."""
    c = Check(where + f" against {other}", problems)
    length = lambda p: ws.length(task, p) if ws.active() else None  # noqa: E731
    clip = lambda p, a, b: lines(a, min(b, length(p)) if length(p) is not None else b)  # noqa: E731
    a_seen, b_seen = read_lines(mine, clip), read_lines(theirs, clip)
    gold, spans = collections.defaultdict(set), set()
    for g in gold_rows:
        g_lines = clip(g["path"], g["start"], g["end"])
        if g_lines:
            gold[g["path"]] |= g_lines
            spans.add((g["path"], g["start"], max(g_lines)))
    G = sum(len(v) for v in gold.values())
    cov = sum(len(v & b_seen[p]) for p, v in gold.items())
    x = d["against"] or {}
    c.eq("figures", (x.get("run"), x.get("verdict"), x.get("line_coverage"), x.get("file_hit"), x.get("covered_lines")),
         (other, "pass" if cov / G >= thr else "below", cov / G, sum(1 for p in gold if b_seen[p]) / len(gold), cov))
    want = []
    for p, a, b in sorted(spans, key=lambda t: (t[0], t[1], t[2])):
        g = lines(a, b)
        this, that = g & a_seen[p], g & b_seen[p]
        if this != that:
            want.append((p, a, b, len(g), len(this), len(that), ranges(this - that), ranges(that - this)))
    got = [(y["path"], y["start"], y["end"], y["gold_lines"], y["covered"], y["other_covered"], y["only_this"],
            y["only_other"]) for y in x.get("spans", [])]
    c.eq("spans", sorted(got, key=lambda t: t[:3]), want)
    return len(want)


def check_run(rc, task, run, d, gold_rows, rows, thr, ws, where, problems):
    c = Check(where, problems)
    length = lambda p: ws.length(task, p) if ws.active() else None  # noqa: E731
    clip = lambda p, a, b: lines(a, min(b, length(p)) if length(p) is not None else b)  # noqa: E731
    reads = [r for r in rows if r.get("kind") != "edit" and r.get("source", "agent") in COUNTED]
    edits = [(i, r) for i, r in enumerate(rows) if r.get("kind") == "edit"]
    seen = collections.defaultdict(set)
    for r in reads:
        seen[r["path"]] |= clip(r["path"], r["start"], r["end"])
    gold, spans = collections.defaultdict(set), collections.defaultdict(set)
    for g in gold_rows:
        g_lines = clip(g["path"], g["start"], g["end"])
        if g_lines:
            gold[g["path"]] |= g_lines
            spans[g["path"]].add((g["start"], max(g_lines)))
    G = sum(len(v) for v in gold.values())
    cov = sum(len(v & seen[p]) for p, v in gold.items())
    hit = sum(1 for p in gold if seen[p])
    no_run = run == "-"
    c.eq("verdict", d["verdict"], "no_run" if no_run else ("pass" if cov / G >= thr else "below"))
    c.eq("line_coverage", d["line_coverage"], None if no_run else cov / G)
    c.eq("file_hit", d["file_hit"], None if no_run else hit / len(gold))
    for k, v in (("gold_lines", G), ("covered_lines", cov), ("files_hit", hit), ("gold_files", len(gold)),
                 ("reads", len(reads)), ("read_lines", sum(len(v) for v in seen.values()))):
        c.eq(k, d[k], v)
    order = sorted(gold, key=lambda p: (len(gold[p] & seen[p]) / len(gold[p]), bool(seen[p]), -len(gold[p]), p))
    c.eq("file order", [f["path"] for f in d["files"]], order)
    partial = []
    for f in d["files"]:
        p = f["path"]
        of_file = [r for r in reads if r["path"] == p]
        c.eq(f"{p} figures", (f["gold_lines"], f["covered"], f["opened"], f["reads"], f["first_read_turn"]),
             (len(gold[p]), len(gold[p] & seen[p]), bool(seen[p]), len(of_file),
              min((turn_of(r) for r in of_file if turn_of(r) is not None), default=None)))
        c.eq(f"{p} spans", [(s["start"], s["end"]) for s in f["spans"]], sorted(spans[p]))
        got_units = ws.units(rc, task, p) if ws.active() else None
        for s in f["spans"]:
            at = f"{p}:{s['start']}-{s['end']}"
            g = lines(s["start"], s["end"])
            covered, unread = len(g & seen[p]), g - seen[p]
            want = "under" if covered / len(g) < thr else ("at_threshold" if covered / len(g) == thr and unread else None)
            c.eq(f"{at} covered/unread/missed", (s["covered"], s["unread"], s["missed"]), (covered, ranges(unread), want))
            c.eq(f"{at} unit", s["unit"], unit_of(got_units[0], s["start"], s["end"]) if got_units else None)
            nb = na = None
            if want and unread:
                nb = near(of_file, lambda r: min(unread) - r["end"] if r["end"] < min(unread) else None)
                na = near(of_file, lambda r: r["start"] - max(unread) if r["start"] > max(unread) else None)
            quote = lambda x: x and (x["start"], x["end"], x["turn"])  # noqa: E731
            c.eq(f"{at} nearest", (quote(s["nearest_before"]), quote(s["nearest_after"])), (nb, na))
            never = lines(nb[1] + 1, na[0] - 1) - seen[p] if nb and na else set()
            c.eq(f"{at} never_read", s["never_read"], ranges(never))
            if 0 < covered < len(g):
                partial.append((covered, len(g)))
    elsewhere = sorted((p for p in seen if p not in gold), key=lambda p: (-len(seen[p]), p))
    c.eq("read_elsewhere", [(o["path"], o["reads"], o["lines"], o["first_read_turn"], o["read"]) for o in d["read_elsewhere"]],
         [(p, sum(1 for r in reads if r["path"] == p), len(seen[p]),
           min((turn_of(r) for r in reads if r["path"] == p and turn_of(r) is not None), default=None),
           ranges(seen[p])) for p in elsewhere])
    # Timeline: covered gold lines after each turn with reads.
    turns = sorted({turn_of(r) for r in reads if turn_of(r) is not None})
    tl = []
    for t in turns:
        upto = collections.defaultdict(set)
        for r in reads:
            if turn_of(r) is not None and turn_of(r) <= t:
                upto[r["path"]] |= clip(r["path"], r["start"], r["end"])
        tl.append((t, sum(len(v & upto[p]) for p, v in gold.items())))
    c.eq("timeline", [(x["turn"], x["covered_lines"]) for x in d["timeline"]], tl)
    c.eq("untimed_reads", d["untimed_reads"], sum(1 for r in reads if turn_of(r) is None))
    first = None if no_run else next((t for t, n in tl if n / G >= thr), None)
    c.eq("first_turn_at_threshold", d["first_turn_at_threshold"], first)
    want_edits = []
    for i, e in edits:
        g = clip(e["path"], e["start"], e["end"]) & gold.get(e["path"], set())
        before = set()
        for j, r in enumerate(rows):
            if r in reads and r["path"] == e["path"]:
                rt, et = turn_of(r), turn_of(e)
                if (rt is not None and et is not None and rt < et) or ((rt == et or rt is None or et is None) and j < i):
                    before |= clip(r["path"], r["start"], r["end"])
        et = turn_of(e)
        early = not no_run and (first is None or (et is not None and et < first))
        want_edits.append((et is None, et, e["path"], e["start"], e["end"], len(g), len(g - before), bool(g - before), early))
    c.eq("edits", [(x["turn"] is None, x["turn"], x["path"], x["start"], x["end"], x["gold_lines"],
                    x["unread_gold_lines"], x["before_reading"], x["before_threshold"]) for x in d["edits"]],
         sorted(want_edits, key=lambda x: x[:5]))
    return partial


def main():
    rc, gold, reads, *extra = sys.argv[1:]
    thr = float(extra[extra.index("--threshold") + 1]) if "--threshold" in extra else 0.5
    wsdir = extra[extra.index("--workspaces") + 1] if "--workspaces" in extra else None
    ws = Workspaces(workspaces=wsdir)
    rows = [json.loads(x) for x in open(reads, encoding="utf-8")]
    gold_rows = collections.defaultdict(list)
    for x in open(gold, encoding="utf-8"):
        g = json.loads(x)
        if g.get("tier", "core") == "core":
            gold_rows[g["task"]].append(g)
    by_run = collections.defaultdict(list)
    for r in rows:
        if r["task"] in gold_rows:
            by_run[(r["task"], r["run"])].append(r)
    for task in gold_rows:
        if not any(t == task for t, _ in by_run):
            by_run[(task, "-")] = []  # gold no run read: the task's `-` row
    problems, spans, at, nexts, unrun, againsts, against_spans = [], 0, 0, 0, 0, 0, 0
    rest = [a for i, a in enumerate(extra) if a != "--threshold" and (i == 0 or extra[i - 1] != "--threshold")]
    done = set()
    for (task, run), mine in sorted(by_run.items()):
        d = explain(rc, gold, reads, task, run, extra)
        spans += sum(len(f["spans"]) for f in d["files"])
        where = f"{task} {run}"
        partial = check_run(rc, task, run, d, gold_rows[task], mine, thr, ws, where, problems)
        if task not in done:
            # The text's closing command, run as printed, gives the same explanation.
            done.add(task)
            text = explain(rc, gold, reads, task, run, extra, fmt="text")
            verdict = text.splitlines()[1]
            pct = f"{round(thr * 100)}%"
            want = ("no run: " if run == "-" else f"below {pct}: " if d["verdict"] == "below" else f"at or above {pct}: ")
            if not verdict.startswith(want):
                problems.append(f"{where} text verdict {verdict!r}, oracle starts {want!r}")
            # The figure beside the verdict stays on its side of the threshold (metrics.md "How
            # shares are printed").
            cov = f"line coverage {share(d['line_coverage'], thr)} ("
            if d["verdict"] in ("below", "pass") and cov not in verdict:
                problems.append(f"{where} text verdict {verdict!r}, oracle has {cov!r}")
            cmd = text.split("\nnext (", 1)[1].split("):\n", 1)[1].replace(" \\\n", " ").split()
            if cmd[0] != "readcov":
                problems.append(f"{where} next: {' '.join(cmd)}")
            elif cmd[-1] == "DIR":
                unrun += 1  # `--workspace DIR`: a folder the reader names
            else:
                args = cmd[1:] if cmd[-2:] == ["--format", "json"] else cmd[1:] + ["--format", "json"]
                again = json.loads(run_rc(rc, args))
                for k in ("task", "run", "threshold", "verdict", "files", "edits", "timeline", "stages"):
                    if again.get(k) != d.get(k):
                        problems.append(f"{where} next command gives another `{k}`: {' '.join(cmd)}")
                nexts += 1
        # `--against` the task's next run in name order (the last: the first).
        runs = sorted(r for t, r in by_run if t == task and r != "-")
        if len(runs) > 1:
            other = runs[(runs.index(run) + 1) % len(runs)]
            da = explain(rc, gold, reads, task, run, extra + ["--against", other, "--no-stages"])
            against_spans += check_against(da, other, gold_rows[task], mine, by_run[(task, other)], thr, ws, task,
                                           where, problems)
            againsts += 1
        # A threshold exactly at a partly read span's coverage: that span is listed as at_threshold.
        for covered, total in sorted(set(partial)):
            t = covered / total
            d = explain(rc, gold, reads, task, run, rest + ["--threshold", repr(t)])
            check_run(rc, task, run, d, gold_rows[task], mine, t, ws, f"{where} at {covered}/{total}", problems)
            at += 1
    for p in problems:
        print("FAIL", p)
    print(f"explain oracle: {len(by_run)} run(s) ({sum(1 for _, r in by_run if r == '-')} with no run), "
          f"{spans} gold span(s), {at} at-threshold rerun(s), {nexts} next command(s) run ({unrun} naming a workspace DIR not run), "
          f"{againsts} run(s) against another ({against_spans} span(s) read differently), "
          f"{len(problems)} disagreement(s); left out: stages, lost_edits ({len(by_run)} run(s) each)")
    return 1 if problems or not by_run else 0


if __name__ == "__main__":
    sys.exit(main())
