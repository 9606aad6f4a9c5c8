#!/usr/bin/env bash
# Cross-checks `readcov locbench` against scripts/locbench_oracle.py, a recomputation from
# docs/retrievers.md ("Code localization: Loc-Bench / LocAgent"): per level every row's gold and
# predicted counts and Acc@k, Recall@k, NDCG@k, P@k, the instance counts and means of
# --format json, and --format jsonl against it, on
# - tests/fixtures/locbench: LocAgent's own Claude 3.5 outputs on three SWE-bench Lite tasks
#   against `edit_functions` gold and against readcov's gold from the SWE-bench rows (named
#   through `readcov units` of tests/data/real/sources), the hand-made LocAgent and Agentless
#   predictions against `file_changes` gold and readcov gold;
# - hand-made cases (scripts/locbench_oracle_cases.py): every prediction shape (`docs` with
#   `/__init__` and `.__init__`, LocAgent lists with repeats and past max_k, Agentless lines in
#   methods, nested functions, class bodies and module code), every gold shape, other ks.
# Left out (counted and printed): the stderr notes, the table and csv renderings.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "locbench oracle"
oracle() { python3 scripts/locbench_oracle.py "$bin" check "$@"; }
fx=tests/fixtures/locbench src=tests/data/real/sources
"$bin" gold --from-swebench "$fx/swebench-lite3.jsonl" -o "$out/lite3.jsonl" 2>/dev/null
"$bin" gold --from-swebench "$fx/swebench3.jsonl" -o "$out/s3.jsonl" 2>/dev/null
oracle --gold "$fx/edit-functions-lite3.jsonl" --preds "$fx/locagent-claude35-lite3.jsonl" --workspaces "$src"
oracle --gold "$fx/swebench-lite3.jsonl" --gold-rows "$out/lite3.jsonl" --preds "$fx/locagent-claude35-lite3.jsonl" \
  --workspaces "$src"
oracle --gold "$fx/edit-functions-lite3.jsonl" --preds "$fx/locagent-claude35-lite3.jsonl" --k-file 1,3,5 \
  --k-function 1,5,10,20
for preds in locagent agentless; do
  oracle --gold "$fx/gold-file-changes.jsonl" --preds "$fx/$preds.jsonl" --workspaces "$src"
  oracle --gold "$fx/swebench3.jsonl" --gold-rows "$out/s3.jsonl" --preds "$fx/$preds.jsonl" --workspaces "$src"
done
python3 scripts/locbench_oracle.py "$bin" cases
echo "locbench oracle ok"
