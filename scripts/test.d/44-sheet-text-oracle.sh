#!/usr/bin/env bash
# Cross-checks the text sheet (`readcov sheet`) and the HTML report's Evaluation sheet table
# (`readcov report --html --runs`) against `readcov sheet --format json` for the same input (that
# JSON is itself audited by 44-sheet-oracle.sh): scripts/sheet_text_oracle.py writes the expected
# text and table cells from the JSON, in the layout and rounding docs/evaluation.md gives (ratios
# to 2 decimals, percentages whole, "-"/"–" for none), and every line or cell that differs fails:
# a figure that is not the JSON's, one missing, one under another label, a name not escaped. On the
# worked example (also as the report page, and with --units), the "On real trajectories" recipe over
# tests/data/real, names holding control characters, the two hand-made sheets and 200 seeded
# random sheets of scripts/sheet_oracle_gen.py (each with gold and reads also as an HTML report).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "sheet text oracle"
real_sheet_inputs
recipe="--runs $out/runs.jsonl --gold $out/gold.jsonl --reads $out/reads.jsonl"
python3 scripts/sheet_text_oracle.py "$bin" --trials "${SHEET_TEXT_ORACLE_TRIALS:-200}" --seed 1 \
  --extra "$recipe --require target;$recipe --require target,exploration --k 1,2 --threshold 0.3;$recipe --k 1,2"
echo "sheet text oracle ok"
