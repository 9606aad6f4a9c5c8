"""The documented examples scripts/docs_examples.py runs: each is `doc` (the page), `cmd` (as the page
shows it, one or more of its lines), `rc` (the exit status the page states; 0 unless given), and what
the page shows the command prints: `shows` (strings copied from the page), `blocks` (fenced blocks
of the page, named by their first line) and `stdout_is` (a file the page names, stdout byte for byte). Cheap and deterministic ones only: the shipped data and
fixtures, no network, no editor."""

# What scripts/real-data-flow writes into target/real-data-flow (docs/explain.md's example reads it);
# and for the pages' placeholder names (docs/scale.md): gold.jsonl and reads.jsonl (the same, the
# shipped runs), runs.jsonl (a run record per trajectory, target = resolved: docs/evaluation.md's
# "On real trajectories") and the explore fixtures as bench.jsonl, preds.jsonl, lengths.json.
SETUP = """
mkdir -p target/real-data-flow
readcov import --workspaces tests/data/real/sources tests/data/real/openhands/*.json \
  tests/data/real/mini-swe-agent/*.json -o target/real-data-flow/reads.jsonl
readcov gold --from-swebench tests/data/real/gold.jsonl -o target/real-data-flow/gold.jsonl
cp target/real-data-flow/reads.jsonl target/real-data-flow/gold.jsonl .
cp tests/fixtures/explore/bench.jsonl tests/fixtures/explore/preds.jsonl tests/fixtures/explore/lengths.json .
python3 -c '
import json
with open("runs.jsonl", "w") as f:
    for r in map(json.loads, open("tests/data/real/gold.jsonl")):
        f.write(json.dumps({"run": r["agent"], "task": r["instance_id"], "condition": r["agent"],
                            "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                            "target": r["resolved"]}) + "\\n")
'
"""

REAL_DIAGNOSE = """readcov import --workspaces tests/data/real/sources tests/data/real/openhands/*.json \\
       tests/data/real/mini-swe-agent/*.json -o reads.jsonl --emit-patches patches.jsonl
readcov diagnose --gold tests/data/real/gold.jsonl --reads reads.jsonl --patches patches.jsonl \\
       --workspaces tests/data/real/sources --outcomes tests/data/real/gold.jsonl"""

EXAMPLES = [
    # README.md
    {"doc": "README.md",
     "cwd": "tests/data/real",
     "cmd": "readcov score --gold gold.jsonl --reads openhands/psf__requests-1724.json --workspaces sources",
     "shows": ["no run (not scored)",
               "1/1 at or above 50% · … · 14 task(s) with no run, not scored"]},
    # docs/diagnose.md
    {"doc": "docs/diagnose.md",
     "cmd": "readcov demo --write demo/\n"
            "readcov diagnose --gold demo/fix.jsonl --reads demo/runs.jsonl --patches demo/patches.jsonl "
            "--workspace demo/base",
     "shows": ["read", "no_change", "edit", "change", "none"]},
    {"doc": "docs/diagnose.md", "cmd": REAL_DIAGNOSE,
     "shows": ["pytest-dev__pytest-10356 openhands change 1/1 1.00 1.00 0.04 1.00 0.67 0.52 false changed "
               "all 2 gold change units; `get_unpacked_marks` (src/_pytest/mark/structures.py:358-363) differs "
               "from the gold's (token similarity 0.52); 1 more differ",
               "opened 1 of 2 gold files; never opened pylint/constants.py",
               "changed 0 of 2 gold change units; not `request`",
               "2 of 3 changed units are not gold change units (precision 33%"]},
    # docs/importers.md
    {"doc": "docs/importers.md",
     "cmd": "readcov import --layout task/run tests/data/real-multi/swe-agent-java -o reads.jsonl",
     "shows": ["25 run"]},
    # docs/explain.md
    {"doc": "docs/explain.md",
     "cmd": "readcov explain --gold target/real-data-flow/gold.jsonl --reads target/real-data-flow/reads.jsonl \\\n"
            "                --workspaces tests/data/real/sources --task pylint-dev__pylint-4604 \\\n"
            "                --outcomes tests/data/real/gold.jsonl",
     "blocks": ["pylint-dev__pylint-4604 · run openhands · unresolved"]},
    # docs/evaluation.md
    {"doc": "docs/evaluation.md",
     "cmd": "readcov sheet --runs tests/fixtures/sheet/runs.jsonl --gold tests/fixtures/sheet/gold.jsonl "
            "--reads tests/fixtures/sheet/reads.jsonl --ledger tests/fixtures/sheet/ledger.jsonl "
            "--tasks tests/fixtures/sheet/tasks.jsonl --k 1,2 --regeneration-limit 2",
     "blocks": ["readcov sheet · threshold 50% · (x) = axis reported, not required · * = proposed by readcov"]},
    {"doc": "docs/evaluation.md",
     "cmd": "cd tests/fixtures/sheet/repo && readcov units csvlib/reader.py csvlib/errors.py",
     "stdout_is": "tests/fixtures/sheet/units.jsonl"},
    {"doc": "docs/evaluation.md",
     "cmd": "readcov score --gold tests/fixtures/sheet/gold.jsonl --reads tests/fixtures/sheet/reads.jsonl "
            "--workspace tests/fixtures/sheet/repo",
     "blocks": ["task run file_hit line_cov precision f1 gold read covered verdict units_hit cov_units "
                "+lines_units cov_±10 +lines_±10 rb_edit rb_worst"]},
    # docs/explore.md
    {"doc": "docs/explore.md",
     "cmd": "cd tests/fixtures/explore\n"
            "readcov explore --bench bench.jsonl --preds preds.jsonl --file-lengths lengths.json",
     "shows": ["recall ≥ 50%"]},
    {"doc": "docs/explore.md",
     "cmd": "cd tests/fixtures/explore\n"
            "readcov explore --bench bench.jsonl --preds preds.jsonl --workspace ../../data/real/sources "
            "--format jsonl",
     "shows": ['{"record":"instance"', '{"record":"summary"']},
    # docs/retrievers.md
    {"doc": "docs/retrievers.md",
     "cmd": "readcov gold --from-beir tests/fixtures/beir -o beir-gold.jsonl\n"
            "readcov import --corpus tests/fixtures/beir --workspaces tests/data/real/sources \\\n"
            "    tests/fixtures/beir/run.trec -o beir-reads.jsonl\n"
            "readcov score --gold beir-gold.jsonl --reads beir-reads.jsonl --workspaces tests/data/real/sources "
            "--at-k 1,5,10",
     "shows": ["gold: 30 span(s) over 15 task(s)",
               "imported 15 run(s) from 1 file(s), 142 action(s): 142 read row(s) over 5545 line(s) …"]},
    {"doc": "docs/retrievers.md",
     "cmd": "readcov import --format chunks --workspaces tests/data/real/sources \\\n"
            "    tests/fixtures/retriever/chunks.jsonl -o chunks-reads.jsonl\n"
            "readcov score --gold tests/data/real/gold.jsonl --reads chunks-reads.jsonl \\\n"
            "    --workspaces tests/data/real/sources --at-k 1,3,5,10",
     "shows": ["imported 15 run(s) from 1 file(s), 142 action(s): 142 read row(s) over 5545 line(s) …"],
     "blocks": ["k rows file_hit@k coverage@k ≥50% cov_±10 ≥50% ±10 +lines_±10 cov_units ≥50% units "
                "+lines_units prec/chunk IoU/chunk",
                "k level R@k P@k nDCG@k Success@k RR AP"]},
    {"doc": "docs/retrievers.md",
     "cmd": "readcov locbench --gold tests/fixtures/locbench/edit-functions-lite3.jsonl \\\n"
            "    --preds tests/fixtures/locbench/locagent-claude35-lite3.jsonl --workspaces tests/data/real/sources",
     "blocks": ["level k instances Acc@k Recall@k NDCG@k P@k"]},
    {"doc": "docs/retrievers.md",
     "cmd": "readcov locbench --gold tests/fixtures/locbench/swebench-lite3.jsonl \\\n"
            "    --preds tests/fixtures/locbench/locagent-claude35-lite3.jsonl --workspaces tests/data/real/sources",
     "blocks": ["level k instances Acc@k Recall@k NDCG@k P@k"]},
    # docs/scale.md (46-shard-check checks the merged figures; here: the commands run as written)
    {"doc": "docs/scale.md",
     "cmd": "readcov score --gold gold.jsonl --reads reads.jsonl --shard 0/4 --emit-partial part-0.json "
            "--format jsonl > rows-0.jsonl\n"
            "readcov score --gold gold.jsonl --reads reads.jsonl --shard 1/4 --emit-partial part-1.json "
            "--format jsonl > rows-1.jsonl\n"
            "readcov merge part-*.json               # the totals of one unsharded run, bit for bit\n"
            "readcov merge --format json part-*.json"},
    {"doc": "docs/scale.md",
     "cmd": "readcov explore --bench bench.jsonl --preds preds.jsonl --file-lengths lengths.json --shard 2/8 "
            "--emit-partial e-2.json\n"
            "readcov sheet --runs runs.jsonl --gold gold.jsonl --reads reads.jsonl --k 1,2,4 --shard 2/8 "
            "--emit-partial s-2.json\n"
            "readcov merge e-*.json     # the per-explorer summary table of one unsharded `explore` run\n"
            "readcov merge s-*.json     # the sheet's denominators and pass^k / pass@k per condition"},
    # docs/evaluation.md, "On real trajectories" (runs.jsonl made in SETUP as the page says)
    {"doc": "docs/evaluation.md",
     "cmd": "readcov import tests/data/real/openhands/*.json tests/data/real/mini-swe-agent/*.traj.json \\\n"
            "        --workspaces tests/data/real/sources -o reads.jsonl\n"
            "readcov gold --from-swebench tests/data/real/gold.jsonl -o gold.jsonl\n"
            "readcov sheet --runs runs.jsonl --gold gold.jsonl --reads reads.jsonl --require target",
     "shows": ["readcov sheet · threshold 50%"]},
    # README.md, docs/editors.md: the first commands a user types
    {"doc": "README.md", "cmd": "readcov demo",
     "shows": ["read", "no_change", "edit", "change", "none"]},
    {"doc": "docs/editors.md", "cmd": "readcov lsp --help"},
    # docs/retrievers.md: the recipe's import (its make_chunks.py line writes into the repository:
    # left out) and the TREC round trip (48-ir-measures scores it with ir_measures)
    {"doc": "docs/retrievers.md",
     "cmd": "readcov import --workspaces tests/data/real/sources \\\n"
            "    tests/data/real/openhands/*.json tests/data/real/mini-swe-agent/*.json -o reads.jsonl"},
    {"doc": "docs/retrievers.md",
     "cmd": "readcov import --format chunks --workspaces tests/data/real/sources \\\n"
            "    tests/fixtures/retriever/chunks.jsonl -o chunks-reads.jsonl\n"
            "readcov gold --from-swebench tests/data/real/gold.jsonl --workspaces tests/data/real/sources \\\n"
            "    --format qrels --level unit -o qrels.unit\n"
            "readcov score --gold tests/data/real/gold.jsonl --reads chunks-reads.jsonl \\\n"
            "    --workspaces tests/data/real/sources --at-k 10 --trec-run unit > run.unit"},
]
