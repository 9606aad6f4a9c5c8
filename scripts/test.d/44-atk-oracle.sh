#!/usr/bin/env bash
# Cross-checks `readcov score --at-k` against scripts/atk_oracle.py, a recomputation from
# docs/retrievers.md ("Output: readcov score --at-k", "The widening what-if", "Chunk fit"),
# docs/formats.md and docs/metrics.md: every field of every --format json row and `at_k` point
# (coverage@k, file hit@k, counts, the widening what-if over `readcov units` output, chunk fit),
# jsonl (rows and `all` rows) and csv against the json, and the table's figures, on
# - the worked example: tests/fixtures/retriever's chunks and TREC run imported with the real
#   sources (and given raw to --reads), with and without --workspaces, other --widen/--threshold;
# - hand-made and seeded-random cases (scripts/atk_oracle_cases.py): ties in rank, missing ranks,
#   k beyond the chunks, chunks outside gold files, overlapping chunks, chunks across unit
#   boundaries, chunks past the end, a task with no chunks, a run cut to nothing at k; each with
#   outcome labels too (`--outcomes`: labelled runs that retrieved nothing are rows at every k);
# - tests/data/real-multi (agent reads, no rank; consensus gold) with its labels, whose two runs
#   that import to no reads are rows (docs/retrievers.md "Named runs that retrieved nothing").
# Left out (counted and printed): `measures`, which 48-ir-measures.sh checks against ir_measures.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "at-k oracle"
oracle() { python3 scripts/atk_oracle.py "$bin" "$@"; }
real=tests/data/real fx=tests/fixtures/retriever
"$bin" gold --from-swebench "$real/gold.jsonl" -o "$out/gold.jsonl" 2>/dev/null
"$bin" import --format chunks --workspaces "$real/sources" "$fx/chunks.jsonl" -o "$out/chunks.jsonl" 2>/dev/null
"$bin" import --format trec --workspaces "$real/sources" "$fx/run.trec" -o "$out/trec.jsonl" 2>/dev/null
oracle check --gold "$out/gold.jsonl" --reads "$out/chunks.jsonl" --raw "$fx/chunks.jsonl" \
  --workspaces "$real/sources" --at-k 1,3,5,10
oracle check --gold "$out/gold.jsonl" --reads "$out/trec.jsonl" --raw "$fx/run.trec" \
  --workspaces "$real/sources" --at-k 1,2,4,10,100 --widen 3 --threshold 0.3
oracle check --gold "$out/gold.jsonl" --reads "$out/chunks.jsonl" --at-k 1,5,20
multi=tests/data/real-multi
"$bin" import --layout task/run "$multi/swe-agent-java" -o "$out/multi-reads.jsonl" 2>/dev/null
"$bin" gold --from-runs "$out/multi-reads.jsonl" --outcomes "$multi/outcomes.jsonl" -o "$out/multi-gold.jsonl" 2>/dev/null
oracle check --gold "$out/multi-gold.jsonl" --reads "$out/multi-reads.jsonl" --at-k 1,10 --outcomes "$multi/outcomes.jsonl"
oracle check --gold "$out/multi-gold.jsonl" --reads "$out/multi-reads.jsonl" --at-k 1,10
oracle cases
echo "at-k oracle ok"
