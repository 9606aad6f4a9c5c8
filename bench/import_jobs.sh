#!/usr/bin/env bash
# `readcov import --jobs 1` vs `--jobs 2` (issue #28): files/s and MB/s on the shipped real
# trajectories (tests/data/real, with --workspaces sources) and on a larger corpus, the same
# files copied COPIES times (default 20) under target/bench-data/import-jobs/. Needs hyperfine
# and a release binary (cargo build --release -p readcov).
#   bench/import_jobs.sh [COPIES] [RUNS]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/target/release/readcov
COPIES=${1:-20}
RUNS=${2:-5}
REAL=$ROOT/tests/data/real
DIRS=(openhands mini-swe-agent claude-code swe-agent-java)
[ -x "$BIN" ] || { echo "build first: cargo build --release -p readcov" >&2; exit 2; }

BIG=$ROOT/target/bench-data/import-jobs
rm -rf "$BIG" && mkdir -p "$BIG"
for k in $(seq 1 "$COPIES"); do
  for d in "${DIRS[@]}"; do
    for f in "$REAL/$d"/*; do
      [ -f "$f" ] && cp "$f" "$BIG/c$k-$d-$(basename "$f")"
    done
  done
done

measure() { # name files...
  local name=$1; shift
  local n=$# bytes
  bytes=$(cat "$@" | wc -c)
  local json; json=$(mktemp)
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$json" \
    -L jobs 1,2 "$BIN import --jobs {jobs} --workspaces $REAL/sources -o /dev/null $*" \
    >/dev/null 2>&1
  python3 - "$json" "$name" "$n" "$bytes" <<'PY'
import json, sys
path, name, n, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for r in json.load(open(path))["results"]:
    jobs = r["parameters"]["jobs"]
    med = r["median"]
    cpu = r["user"] + r["system"]
    print(f"{name}: {n} files, {size/1e6:.1f} MB, --jobs {jobs}: median {med*1000:.0f} ms wall "
          f"({min(r['times'])*1000:.0f}-{max(r['times'])*1000:.0f}), {cpu*1000:.0f} ms CPU; "
          f"{n/med:.0f} files/s, {size/1e6/med:.1f} MB/s")
PY
  rm -f "$json"
}

real_files=()
for d in "${DIRS[@]}"; do for f in "$REAL/$d"/*; do [ -f "$f" ] && real_files+=("$f"); done; done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "shipped real trajectories" "${real_files[@]}"
measure "real x$COPIES" "$BIG"/*
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
