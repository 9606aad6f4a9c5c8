"""The score oracle's check of the text table (`readcov score`, the default format): every figure
as printed from the oracle's rows — ratios with two decimals (`-` for null), counts, the verdict
against the threshold shown as a percentage with the decimals it needs (up to two), the unit columns with a workspace, the totals line
and, with `--detail`, each scored row's file and span lines. Shares print by metrics.md "How
shares are printed" (`oracle_shares`): line_cov, file and span coverage and the unit lines' share
read kept on their side of the threshold (the unit lines since session 36)."""

from oracle_shares import ratio, share


def f2(x, thr=None):
    return ratio(x, thr)


def pct(x, thr=None):
    return share(x, thr)


def threshold_text(thr):
    """metrics.md "Table": a whole percent as such, else up to two decimals, trailing zeros dropped."""
    p = thr * 100
    if abs(p - round(p)) < 1e-9:
        return f"{round(p)}%"
    return f"{p:.2f}".rstrip("0").rstrip(".") + "%"


def verdict(r, tp):
    return {"scored": f"OK (≥ {tp})" if r["passes_threshold"] else f"below {tp}",
            "unscored": "unscored (no gold)", "no_run": "no run (not scored)"}[r["status"]]


def ranges(unread):
    return ",".join(f"{u['start']}" if u["start"] == u["end"] else f"{u['start']}-{u['end']}" for u in unread) or "none"


def cells(sep, line):
    """Slices LINE by the dash runs of the separator line."""
    out, i = [], 0
    spans = []
    while i < len(sep):
        if sep[i] == "-":
            j = i
            while j < len(sep) and sep[j] == "-":
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    for k, (a, b) in enumerate(spans):
        end = spans[k + 1][0] if k + 1 < len(spans) else len(line)
        out.append(line[a:end].strip() if k + 1 < len(spans) else line[a:].strip())
    return out


def check_table(label, text, rows, tot, thr, units, widen, detail, problem):
    lines = text.split("\n")
    tp = threshold_text(thr)
    hdr = [i for i, line in enumerate(lines) if line.startswith("task ")]
    if not hdr:
        problem(f"{label}: table: no header")
        return 0
    h = hdr[0]
    head = lines[h].split()
    want_head = ["task", "run", "file_hit", "line_cov", "precision", "f1", "gold", "read", "covered", "verdict"]
    if units:
        want_head += ["units_hit", "cov_units", "+lines_units", f"cov_±{widen}", f"+lines_±{widen}"]
    if head[:len(want_head)] != want_head:
        problem(f"{label}: table header {head}, oracle {want_head} …")
        return 0
    sep = lines[h + 1]
    body = lines[h + 2:h + 2 + len(rows)]
    n = 0
    for r, line in zip(rows, body):
        c = cells(sep, line)
        want = [r["task"], r["run"], f2(r["file_hit"]), f2(r["line_coverage"], thr), f2(r["precision"]), f2(r["f1"]),
                str(r["gold_lines"]), str(r["read_lines"]), str(r["covered_lines"]), verdict(r, tp)]
        if units:
            nr = r["status"] == "no_run"
            want += ["-" if nr else f"{r['gold_units_hit']}/{r['gold_units']}", f2(r["coverage_widened_to_units"]),
                     "-" if nr else str(r["extra_lines_units"]), f2(r["coverage_widened_by_lines"]),
                     "-" if nr else str(r["extra_lines_by_lines"])]
        n += 1
        if c[:len(want)] != want:
            problem(f"{label}: table row {c[:len(want)]}, oracle {want}")
    rest = lines[h + 2 + len(rows):]
    tl = [x for x in rest if x.startswith("totals: ")]
    mean = tot["mean_file_hit"], tot["mean_line_coverage"]
    want_t = (f"totals: {tot['rows']} row(s) · {tot['scored']} scored · {tot['unscored']} unscored · "
              f"{tot['passing']}/{tot['scored']} at or above {tp} · mean file_hit {f2(mean[0])} · "
              f"mean line_coverage {f2(mean[1])} · covered {tot['covered_lines']}/{tot['gold_lines']} gold lines")
    if tot["no_run"]:
        want_t += f" · {tot['no_run']} task(s) with no run, not scored"
    n += 1
    if tl != [want_t]:
        problem(f"{label}: table totals {tl}, oracle {want_t!r}")
    if detail:
        want_f, want_s, got_f, got_s, heads = [], [], [], [], []
        for r in rows:
            if r["status"] != "scored":
                continue
            heads.append(f"{r['task']} / {r['run']}")
            for f in r["files"]:
                state = "hit" if f["hit"] else "not opened"
                want_f.append(f"  {f['path']}: {f['covered_lines']}/{f['gold_lines']} gold lines read "
                              f"({pct(f['coverage'], thr)}), {state}")
            for s in r["spans"]:
                want_s.append(f"    {s['path']}:{s['start']}-{s['end']}: {s['covered_lines']}/{s['gold_lines']} read "
                              f"({pct(s['coverage'], thr)}), unread {ranges(s['unread'])}")
            for u in r.get("unit_detail", []):
                want_s.append(f"    unit {u['kind']} {u['name']} {u['path']}:{u['start']}-{u['end']}: "
                              f"{u['read_lines']}/{u['end'] - u['start'] + 1} lines read ({pct(u['read_fraction'], thr)}), "
                              f"{u['gold_lines']} gold line(s), {'read' if u['hit'] else 'never opened'}")
        for x in rest:
            if x.startswith("    note: "):
                continue  # unit_notes' words: left out (their presence is checked in the JSON)
            if x.startswith("    "):
                got_s.append(x)
            elif x.startswith("  "):
                got_f.append(x)
        got_heads = [x for x in rest if " / " in x and not x.startswith(" ") and not x.startswith("totals")]
        n += len(got_f) + len(got_s) + len(got_heads)
        if got_heads != heads:
            problem(f"{label}: detail blocks {got_heads[:5]}, oracle {heads[:5]}")
        for what, g, w in (("file", got_f, want_f), ("span", got_s, want_s)):
            if g != w:
                bad = next((i for i, (a, b) in enumerate(zip(g, w)) if a != b), min(len(g), len(w)))
                problem(f"{label}: detail {what} lines: {len(g)} vs oracle {len(w)}; first difference "
                        f"{g[bad:bad + 1]} vs {w[bad:bad + 1]}")
    return n
