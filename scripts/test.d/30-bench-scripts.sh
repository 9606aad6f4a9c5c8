#!/usr/bin/env bash
# Unit tests of the benchmark suite's Python helpers (bench/test_*.py); the suite itself takes
# minutes and is run by hand (bench/run, README).
set -euo pipefail
cd "$(dirname "$0")/../../bench"
if ! command -v python3 >/dev/null; then
  echo "error: python3 is required for the bench helper tests (apt-get install python3)" >&2
  exit 1
fi
python3 -m unittest -v test_pagecache
