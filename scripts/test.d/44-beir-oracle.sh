#!/usr/bin/env bash
# Cross-checks `readcov gold --from-beir` and `readcov gold --format qrels` against
# scripts/beir_oracle.py, a recomputation from docs/gold.md ("Judgments") and the retrievers.md
# sections it links: every gold row, every located error (file, line, field), the exit status and
# every qrels line at each level (file, span, line, and unit with a workspace), on
# - tests/fixtures/beir, the BEIR worked example (without and with the real sources);
# - qrels of other gold: tests/data/real edit and unit gold, tests/data/real-multi consensus with
#   its optional tier (core tier only in qrels);
# - hand-made and seeded-random datasets (scripts/beir_oracle_cases.py): pairs judged twice with
#   other scores, overlapping and adjacent documents, scores 0 and below, documents and queries
#   the corpus lacks, BOMs, CRLF, spaces for tabs, a missing header, unsorted and blank lines,
#   every corpus record form and bad record, whole-file documents (missing, empty, no last break,
#   CRLF), paths with spaces (qrels refused), tasks without a folder under --workspaces, and the
#   file forms (a qrels file in and outside its folder, --corpus as folder or file, another split).
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "beir oracle"
oracle() { python3 scripts/beir_oracle.py "$bin" "$@"; }
real=tests/data/real

oracle beir tests/fixtures/beir
oracle beir tests/fixtures/beir --workspaces "$real/sources"
oracle beir tests/fixtures/beir/qrels/test.tsv --corpus tests/fixtures/beir
oracle qrels -- --from-swebench "$real/gold.jsonl"
oracle qrels -- --from-swebench "$real/gold.jsonl" --workspaces "$real/sources" --expand units
"$bin" import --layout task/run tests/data/real-multi/swe-agent-java -o "$out/multi.jsonl" 2>/dev/null
oracle qrels -- --from-runs "$out/multi.jsonl" --outcomes tests/data/real-multi/outcomes.jsonl --agree 2 --optional
oracle random --seed 25 --trials "${BEIR_ORACLE_TRIALS:-60}"
echo "beir oracle ok"
