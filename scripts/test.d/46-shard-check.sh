#!/usr/bin/env bash
# Truth audit of sharding (docs/scale.md), scripts/shard_check.py: for score, diagnose, sheet and
# explore on the shipped inputs (tests/data/real with its gold and sources, tests/data/real-multi with
# consensus gold and outcomes, the sheet worked example, tests/fixtures/explore), N = 1, 2, 3, 7 and
# one more than the tasks: every shard with --emit-partial, `readcov merge`, and the merged aggregate
# equal to the unsharded run's field by field (floats exactly); every task in exactly one shard; the
# shards' rows together the unsharded rows; `import --shard` concatenated the unsharded import; merge
# refusing mixed kinds, other settings, a shard twice, other counts and `all` beside shards, and
# warning on a missing shard; the merge's table is lines of the unsharded table. Fails naming every
# disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "shard check"
python3 scripts/shard_check.py "$bin" "$out"
