#!/usr/bin/env bash
# Cross-checks `readcov contextbench` (compat and clean) against an independent, naive Python
# evaluator (scripts/contextbench_oracle.py) on random instances with real checkouts on disk, and on
# the 15 shipped real runs (scripts/contextbench_oracle_real.py: gold from their gold patches, blocks
# from Python's ast, each run's own patch).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v python3 >/dev/null; then
  echo "error: python3 is required for the contextbench oracle suite (apt-get install python3)" >&2
  exit 1
fi
cargo build -q -p readcov
python3 scripts/contextbench_oracle.py target/debug/readcov 40
python3 scripts/contextbench_oracle_real.py target/debug/readcov tests/data/real
