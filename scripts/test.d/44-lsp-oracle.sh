#!/usr/bin/env bash
# Cross-checks what the language server reports against `readcov gold` and `readcov score` on the
# same gold and reads (scripts/lsp_oracle.py): the real binary `readcov lsp` driven over stdio pipes
# from Python, in a copy of each tests/data/real task's sources, with the SWE-bench rows as gold
# (as given, and `goldDefinition = "units"`) and the reads `readcov import` wrote (every third task
# also the trajectory, imported by the server; every fifth task at threshold 0.3 without Information
# diagnostics). Per gold file: `readcov/lineStates` (gold lines,
# covered lines, coverage, file hit, and its painted ranges line by line), every span diagnostic's
# lines, figures and severity, the never-opened warning, the line-1 inlay hint, all recomputed from
# the gold rows and reads rows; per task: `readcov/summary` and `readcov/tasks` against `readcov
# score --format json`; and tests/data/real-multi's consensus gold (--agree all and 2) with several
# runs per task, each summary row against `readcov score`. Where the server imports the trajectory,
# the overview's created and test files against `readcov diagnose`, and two lines typed on top of each
# gold file: every view (ranges, diagnostics, change layer and its text, overview rows) moves down
# with the text; tests/data/real/offset-patches' painted gold against `readcov gold --workspaces`.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "lsp oracle"
python3 scripts/lsp_oracle.py "$bin"
echo "lsp oracle ok"
