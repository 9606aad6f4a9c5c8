#!/usr/bin/env bash
# Cross-checks `readcov explore` against an independent, naive Python reimplementation of the
# SWE-Explore metrics (scripts/explore_oracle.py) on the fixtures and random benchmarks.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v python3 >/dev/null; then
  echo "error: python3 is required for the explore oracle suite (apt-get install python3)" >&2
  exit 1
fi
cargo build -q -p readcov
python3 scripts/explore_oracle.py target/debug/readcov tests/fixtures/explore
