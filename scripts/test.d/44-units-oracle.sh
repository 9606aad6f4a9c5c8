#!/usr/bin/env bash
# Cross-checks `readcov units` on Python against scripts/units_oracle.py, a recomputation from
# docs/units.md ("What a unit is", "Python, exactly") with CPython's own parser (stdlib `ast`):
# every unit's kind, name, start, end and depth, and their order, on
# - every .py file under tests/data (the real sources; one CPython refuses, such as a log fixture's
#   text, is left out and named) and the top-level modules of the running
#   CPython's standard library;
# - hand-made cases (scripts/units_oracle_cases.py): decorators over several lines, comments
#   between decorators, comments and blank lines after a body at every indentation, nested
#   functions and classes, methods, async defs, defs under `if TYPE_CHECKING:`/try/with/for/match
#   and inside a class body's `if`, one-line defs, docstring-only classes, continuations (bracket
#   continuations dedented below their block too), non-ASCII
#   names, repeated names, empty files, BOM, CRLF, Latin-1, tabs, form feeds, no final newline,
#   and ≥ 4,500-line files (the chunked parse: as is, without blank lines, CRLF, BOM, tabs);
#   files with syntax errors, one of them ≥ 4,500 lines (exit 0, the units before the error listed
#   unchanged, the warning);
# - 200 seeded random modules (scripts/units_oracle_random.py);
# - Java against javac's own parser (scripts/units_oracle_java.py: the JDK's Compiler Tree API, run
#   as a single-file program; JDK 17 is on the project's machines): every .java file under tests/,
#   hand-made cases (scripts/units_oracle_java_cases.py) and 100 seeded random files;
# and downstream on tests/data/real's SWE-bench gold and on a task made of the cases: each gold
# line's innermost unit against `score --workspaces`' unit_detail / gold_units /
# gold_lines_outside_units, `gold --format qrels --level unit` and `explain`'s span units.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "units oracle"
# A JDK (javac's parser, run as a single-file `java` program) through the shared Debian installer
# (tests/editors/lib.sh: as root, through a passwordless sudo, or stop naming the apt-get command),
# so a clean machine without one installs it here, never in someone's shell.
if ! command -v javac >/dev/null; then
  source tests/editors/lib.sh
  apt_install default-jdk-headless
  command -v javac >/dev/null || die "javac missing after installing default-jdk-headless"
fi
real=tests/data/real
oracle() { python3 scripts/units_oracle.py "$bin" "$@"; }
oracle files tests/data
# the top-level modules of the running CPython's standard library (168 files on 3.11: real code
# beyond the shipped data, on every machine that has python3)
oracle files "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"/*.py
oracle cases "$out/cases"
oracle random "$out/random" --seed 1 --count 200
oracle java "$out/java" --seed 1 --count 100
"$bin" import "$real"/openhands/*.json "$real"/mini-swe-agent/*.traj.json --workspaces "$real/sources" \
  -o "$out/reads.jsonl" 2>/dev/null
oracle downstream "$real/gold.jsonl" "$out/reads.jsonl" "$real/sources" "$out/gold.jsonl"
oracle downstream-cases "$out/downstream"
echo "units oracle ok"
