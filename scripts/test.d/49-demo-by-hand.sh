#!/usr/bin/env bash
# `readcov demo`'s figures recomputed by hand from its embedded example (scripts/demo_by_hand.py,
# no readcov code): gold and read lines, file hit, line coverage, precision, the verdict and the
# widened windows; each of the five runs' line coverage, verdict and reason figures (gold lines
# read, change units, token similarity); at thresholds 0, 0.25, 0.5, 0.6875, 0.69, 0.7 and 1 (0.69
# beside the widened window's 11/16 = 0.6875, which prints 0.687 there: docs/metrics.md "How shares
# are printed", via scripts/oracle_shares.py); and `readcov score` on the files `demo --write`
# writes. ~1 s after the shared debug build.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "demo by hand"
python3 scripts/demo_by_hand.py "$bin"
