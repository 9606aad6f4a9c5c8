"""The units oracle's Java check (scripts/units_oracle.py `java`): `readcov units` against javac's
own parser (scripts/units_oracle_java.java, the JDK's Compiler Tree API, run as a single-file
program), from docs/units.md "Java, exactly", on every .java file under tests/ and the hand-made
cases of units_oracle_java_cases.py. Files javac refuses: exit 0, the warning's wording, and the
units that end before javac's first error line listed unchanged. Left out, counted: files whose
identifiers are spelled with `\\uXXXX` escapes, a record declared in an `@interface`, type
annotations on a varargs parameter's array dimensions (docs: readcov cannot parse them), and in a
broken file the units from the first error line on. JAVA_WARNS files (forms tree-sitter-java
lacks whose units still come out right) are compared with their parse-error warning allowed. Also
`count` seeded random files (units_oracle_java_random.py)."""
import json
import os
import subprocess

from units_oracle_java_cases import JAVA_BROKEN, JAVA_CASES, JAVA_LIMITS, JAVA_WARNS
from units_oracle_java_random import java_file

HELPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "units_oracle_java.java")


def javac_units(paths):
    """{path: {errors, first_error, units}} by javac; a failing helper is an error."""
    p = subprocess.run(["java", HELPER, *paths], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"error: the javac helper failed ({p.returncode}): {p.stderr.strip()}")
    return {r["path"]: r for r in map(json.loads, p.stdout.splitlines())}


def check_java(rc, d, stats, problem, readcov_units, compare, key, seed=1, count=150):
    os.makedirs(d, exist_ok=True)
    written = {}
    for name, data in {**JAVA_CASES, **JAVA_BROKEN, **JAVA_LIMITS, **JAVA_WARNS,
                       **{f"Random{seed}_{i}.java": java_file(seed * 100003 + i) for i in range(count)}}.items():
        path = os.path.join(d, name)
        with open(path, "wb") as f:
            f.write(data)
        written[name] = path
    shipped = sorted(os.path.join(r, f) for r, _, fs in os.walk("tests") for f in fs
                     if f.endswith(".java"))
    paths = shipped + list(written.values())
    want = javac_units(paths)
    got, err, code = readcov_units(rc, paths)
    if code != 0:
        problem(f"readcov units on the Java files exited {code}: {err.strip()}")
    for path in paths:
        name = os.path.basename(path)
        w = want[path]
        if name in JAVA_LIMITS and path in written.values():
            if w["errors"]:
                problem(f"{name}: javac refuses this documented-limit case")
            stats["java_limits_left_out"] += 1
            continue
        if name in JAVA_BROKEN and path in written.values():
            stats["java_broken_files"] += 1
            if not w["errors"]:
                problem(f"{name}: javac parses this 'broken' case")
            for u in w["units"]:
                if u["end"] >= w["first_error"]:
                    stats["java_broken_units_left_out"] += 1
                    continue
                stats["java_broken_units_checked"] += 1
                if key(u) not in [key(g) for g in got[path]]:
                    problem(f"{name}: the unit {u} before javac's first error (line "
                            f"{w['first_error']}) is not listed unchanged: readcov {got[path]}")
            for ln in err.splitlines():
                if ln.startswith(f"warning: {path}: ") and not ln.endswith(
                        " parse error(s); units from the rest of the file"):
                    problem(f"{name}: warning not as documented: {ln}")
            continue
        if w["errors"]:
            problem(f"{path}: javac refuses it (line {w['first_error']}): move it to JAVA_BROKEN")
            continue
        warned = f"warning: {path}: " in err  # the path and its colon: no other file's
        if name in JAVA_WARNS and path in written.values():
            stats["java_warns_allowed"] += 1
            if not warned:
                problem(f"{name}: no parse-error warning: tree-sitter-java parses this form now; "
                        "move it to JAVA_CASES and update docs/units.md")
        elif warned:
            problem(f"{path}: readcov warns about a file javac parses: {err.strip()}")
        compare(path, w["units"], got.get(path, []))
