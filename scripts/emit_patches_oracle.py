#!/usr/bin/env python3
"""Cross-checks `readcov import --emit-patches --emit-from replay` (a run's change rebuilt from its
replayed edits) against the final patch its log submits, on runs that carry both.

usage: emit_patches_oracle.py REPLAYED LOGGED WORKSPACES [--expect-agree N] [--known TASK:PATH ...]

REPLAYED, LOGGED: SWE-bench predictions JSONL written by `--emit-from replay` and `--emit-from log`.
Both patches are applied to each task's base files (WORKSPACES/<task>/, at their stated lines,
context checked: scripts/diagnose_oracle_lib.py) and the files after them compared, file by file.
A file both change must come out the same unless the replay names a loss for it (`partial`); a file
the log changes and the replay does not must be named by a loss (or a loss that may change any file);
a file only the replay changes is listed (a log's `git diff` leaves out files it did not track).
Exits 1 naming every file that differs without a loss to explain it, but those given as --known
(a difference read in the raw log and explained where the suite passes it).
"""
import json
import os
import sys

from diagnose_oracle_lib import apply, parse_diff, say_or_fail


def after(patch, root, where, notes):
    """{path: text after the patch} of the files it changes (None: created or deleted, or the
    base not at hand)."""
    out = {}
    for f in parse_diff(patch or ""):
        base = None
        if not f["created"]:
            full = os.path.join(root, f["path"])
            if os.path.isfile(full):
                base = open(full, "rb").read().decode("utf-8", "replace").split("\n")
                if base and base[-1] == "":
                    base.pop()
        if f["created"]:
            out[f["path"]] = "\n".join(t for _, body in [(0, h[2]) for h in f["hunks"]] for op, t in body if op == "+")
            continue
        if base is None:
            out[f["path"]] = None
            continue
        a = apply(base, f["hunks"], f"{where} {f['path']}", notes)
        if a is None:
            out[f["path"]] = None
            continue
        kept, inserted, _ = a
        lines = [t for t, _ in inserted.get(0, [])]
        for k in range(1, len(base) + 1):
            if kept[k - 1]:
                lines.append(base[k - 1])
            lines.extend(t for t, _ in inserted.get(k, []))
        out[f["path"]] = "\n".join(lines)
    return out


def main():
    args = sys.argv[1:]
    expect = None
    if "--expect-agree" in args:
        i = args.index("--expect-agree")
        expect = int(args[i + 1])
        del args[i:i + 2]
    known = set()
    while "--known" in args:
        i = args.index("--known")
        known.add(tuple(args[i + 1].split(":", 1)))
        del args[i:i + 2]
    replayed, logged, ws = args
    rows = lambda p: {(r["instance_id"], r["model_name_or_path"]): r for r in map(json.loads, open(p)) if r}
    rep, log = rows(replayed), rows(logged)
    problems, notes, agree, explained, only_replay = [], [], 0, 0, 0
    for key in sorted(set(rep) & set(log)):
        r, lg = rep[key], log[key]
        if lg.get("change_source") != "log":
            continue  # the log carries no patch of its own
        where = f"{key[0]} {key[1]}"
        root = os.path.join(ws, key[0])
        lost = {x.get("path") for x in r.get("partial") or []}
        anything = None in lost  # a loss that may change any file
        a, b = after(r["model_patch"], root, f"{where} replay", notes), after(lg["model_patch"], root, f"{where} log", notes)
        for path in sorted(set(a) | set(b)):
            if path in a and path in b and a[path] == b[path]:
                agree += 1
            elif path in lost or anything:
                explained += 1
                notes.append(f"{where} {path}: replay and log differ, the replay names a loss for it")
            elif path not in b:
                only_replay += 1
                notes.append(f"{where} {path}: changed by the replay only (not in the log's patch)")
            elif (key[0], path) in known:
                explained += 1
                notes.append(f"{where} {path}: replay and log differ, known (--known)")
                known.discard((key[0], path))
            else:
                problems.append(f"{where} {path}: the replayed change and the log's differ, and no loss names it"
                                + ("" if path in a else " (the replay did not change it)"))
    problems += [f"--known {t}:{p}: no such difference (stale)" for t, p in sorted(known)]
    say_or_fail(problems, notes, f"emit-patches oracle: {len(problems)} file(s) differ unexplained")
    if expect is not None and agree != expect:
        raise SystemExit(f"emit-patches oracle: {agree} file(s) agree, expected {expect}")
    print(f"emit-patches oracle: {agree} file(s) the same, {explained} differ with a loss named, {only_replay} replay-only")


if __name__ == "__main__":
    main()
