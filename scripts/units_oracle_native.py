#!/usr/bin/env python3
"""Cross-checks readcov's syntax units in Rust, Go, C and C++ against each language's own parser,
never tree-sitter: `syn` (scripts/units_oracle_rust/, a cargo project of its own), the Go
toolchain's go/parser (scripts/units_oracle_go.go) and libclang (scripts/units_oracle_c_clang.py).
Each helper recomputes the units from docs/units.md "What a unit is" and "<Lang>, exactly" and
prints one JSON line per file: {path, error, error_line, units, left_out}; this driver compares
them with `readcov units` field by field (kind, name, start, end, depth) and their order, with
scripts/units_oracle.py's comparison.

usage: units_oracle_native.py READCOV LANG HELPER... -- check DIR [--seed N] [--count K]
       units_oracle_native.py READCOV LANG HELPER... -- files PATH...

LANG is rust, go, c or cpp; HELPER... the command that runs the helper (paths are appended).
`check` writes the hand-made cases of scripts/units_oracle_<lang>_cases.py and K seeded random
files into DIR and compares them and every file of that language under tests/; `files` compares
every file of that language under each PATH (a corpus measurement: a file the parser refuses is
left out and named).

Left out, counted and printed on every run:
- files the language's parser refuses (in `files`; for C and C++ also the files where an
  unexpanded macro stands where a type belongs, "macro-hidden", units_oracle_c_clang.py); in
  `check` the BROKEN cases, for which the docs
  promise only that readcov exits 0, warns with the documented wording, and lists unchanged every
  unit the parser finds in the valid lines before the error that a later top-level unit closes;
- the LIMITS cases: forms the docs name as tree-sitter limits (the parser must accept them);
- each unit the helper itself marks left out (C++: a function defaulted or deleted at namespace
  level, which tree-sitter-cpp cannot parse).
"""
import importlib
import os
import sys
import tempfile

import units_oracle as base

EXTS = {"rust": (".rs",), "go": (".go",), "c": (".c",),
        "cpp": (".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp")}
STATS = {"files_refused_left_out": 0, "broken_files": 0, "broken_units_checked": 0,
         "broken_units_left_out": 0, "limits_left_out": 0, "helper_units_left_out": 0,
         "warns_allowed": 0}
WARN_TAIL = " parse error(s); units from the rest of the file"


def ordered(units):
    return sorted(units, key=lambda u: (u["start"], u["depth"]))


def compare_files(rc, lang, helper, files, strict, warns=()):
    """Field by field on every file; in `strict` mode a file the parser refuses is a problem.
    `warns`: files on which readcov must warn of a parse error (a documented grammar limit)."""
    got, err, code = base.readcov_units(rc, files)
    if code != 0:
        base.problem(f"readcov units exited {code}: {err.strip()[-500:]}")
    want = base.helper_units(helper, files)
    for f in files:
        w = want[f]
        if w["error"]:
            if strict:
                base.problem(f"{f}: the parser refuses it (line {w['error_line']}: {w['error']}): "
                             "move it to BROKEN")
            else:
                STATS["files_refused_left_out"] += 1
                print(f"left out (the parser refuses it, line {w['error_line']}: {w['error']}): {f}")
            continue
        STATS["helper_units_left_out"] += w.get("left_out", 0)
        warned = f"warning: {f}: " in err  # the path and its colon: no other file's
        if f in warns:
            STATS["warns_allowed"] += 1
            if not warned:
                base.problem(f"{f}: no parse-error warning: the grammar parses this form now; move it "
                             "from WARNS to CASES and update docs/units.md")
        elif warned:
            base.problem(f"{f}: readcov warns about a file the parser accepts: "
                         + next(l for l in err.splitlines() if l.startswith(f"warning: {f}: ")))
        base.compare(f, ordered(w["units"]), got.get(f, []))


def closed_prefix(helper, d, name, data, err_line):
    """Units the parser finds in the longest prefix of whole lines before `err_line` that it
    accepts, and that end before the last top-level unit of that prefix starts (closed by it)."""
    lines = data.split(b"\n")[: max(err_line - 1, 0)]
    paths = []
    for k in range(len(lines), 0, -1):
        p = os.path.join(d, f"prefix{k}_{name}")
        with open(p, "wb") as f:
            f.write(b"\n".join(lines[:k]) + b"\n")
        paths.append(p)
    if not paths:
        return [], 0
    recs = base.helper_units(helper, paths)
    for p in paths:
        if not recs[p]["error"]:
            units = recs[p]["units"]
            last_top = max((u["start"] for u in units if u["depth"] == 0), default=0)
            closed = [u for u in units if u["end"] < last_top]
            return closed, len(units) - len(closed)
    return [], 0


def check(rc, lang, helper, d, seed, count):
    mod = importlib.import_module(f"units_oracle_{'c' if lang == 'cpp' else lang}_cases")
    cases, broken, limits = mod.cases(lang), mod.broken(lang), mod.limits(lang)
    os.makedirs(d, exist_ok=True)
    written = {}
    for i in range(count):
        cases[f"random_{seed}_{i}{EXTS[lang][0]}"] = mod.random_file(lang, seed * 100003 + i)
    for name, data in {**cases, **broken, **limits}.items():
        written[name] = os.path.join(d, name)
        with open(written[name], "wb") as f:
            f.write(data)
    shipped = sorted(os.path.join(r, f) for r, _, fs in os.walk("tests") for f in fs
                     if f.endswith(EXTS[lang]))
    compare_files(rc, lang, helper, shipped + [written[n] for n in cases], strict=True,
                  warns={written[n] for n in mod.warns(lang)})
    lim = base.helper_units(helper, [written[n] for n in limits])
    for n in limits:
        if lim[written[n]]["error"]:
            base.problem(f"{n}: the parser refuses this documented-limit case: {lim[written[n]]['error']}")
        STATS["limits_left_out"] += 1
    paths = [written[n] for n in broken]
    got, err, code = base.readcov_units(rc, paths)
    if code != 0:
        base.problem(f"readcov units on the broken cases exited {code} (docs: units of the rest)")
    rec = base.helper_units(helper, paths)
    pd = tempfile.mkdtemp(dir=d)
    for n in broken:
        p = written[n]
        STATS["broken_files"] += 1
        if not rec[p]["error"]:
            base.problem(f"{n}: the parser accepts this 'broken' case")
            continue
        closed, left = closed_prefix(helper, pd, n, broken[n], rec[p]["error_line"])
        STATS["broken_units_left_out"] += left
        for u in closed:
            STATS["broken_units_checked"] += 1
            if base.key(u) not in [base.key(g) for g in got[p]]:
                base.problem(f"{n}: the unit {u} before the parser's error (line {rec[p]['error_line']}) "
                             f"is not listed unchanged: readcov {got[p]}")
        for ln in err.splitlines():
            if ln.startswith(f"warning: {p}: ") and not ln.endswith(WARN_TAIL):
                base.problem(f"{n}: warning not as documented: {ln}")


def main(argv):
    rc, lang = argv[0], argv[1]
    sep = argv.index("--")
    helper, (mode, *rest) = argv[2:sep], argv[sep + 1:]
    if lang not in EXTS:
        sys.exit(__doc__)
    if mode == "check":
        check(rc, lang, helper, rest[0], int(base.opt(rest, "--seed", 1)), int(base.opt(rest, "--count", 100)))
    elif mode == "files":
        files = []
        for p in rest:
            for r, _, fs in os.walk(p):
                # a corpus of C also takes `.h` headers (readcov reads a C++-looking one as C++:
                # give the C helper `auto`)
                files += [os.path.join(r, f) for f in fs if f.endswith(EXTS[lang] + ((".h",) if lang == "c" else ()))]
            if os.path.isfile(p):
                files.append(p)
        compare_files(rc, lang, helper, sorted(files), strict=False)
    else:
        sys.exit(__doc__)
    from oracle_io import finish
    finish({"files": base.STATS["files"], "units": base.STATS["units"],
            "files compared with a parse-error warning allowed (WARNS)": STATS["warns_allowed"],
            "broken files": STATS["broken_files"],
            "units before a broken file's error": STATS["broken_units_checked"]},
           {k: v for k, v in STATS.items()
            if v and k not in ("broken_files", "broken_units_checked", "warns_allowed")},
           base.PROBLEMS)
    print(f"units native oracle {lang} {mode} ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
