#!/usr/bin/env bash
# Checks the read rows of `readcov import` against what each model was shown (scripts/import_shown_oracle.py,
# session 33's hand check; docs/importers.md "Checked by hand on the shipped real logs"): every action's recorded
# observation matched against the base file (exact text, in order; numbered lines by their numbers) on the
# 12 OpenHands and 3 mini-swe-agent runs of tests/data/real and the 3 mini-swe-agent v1 runs of tests/data/formats
# (with --workspaces tests/data/real/sources); by line numbers on the 28 SWE-agent runs (tests/data/real,
# tests/data/real-multi) and the 3 Claude Code transcripts. Disagreements of a class the docs decide are counted;
# any other fails the suite unless classified by hand in the script's KNOWN (and a KNOWN one no longer seen fails
# it too). On 760fff1 it fails with 6 (two clipped views' blank last lines, one cut mini-swe-agent head, three
# reads after a whole-file rewrite); on 9b63c69 (session 34) with 21: greps without -n, now placed by text.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "import shown oracle"
python3 scripts/import_shown_oracle.py "$bin"
