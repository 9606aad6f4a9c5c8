"""readcov's IR measures against ir_measures (pytrec_eval-terrier backend) on the same run and
qrels: readcov writes the qrels (`readcov gold --format qrels --level L`) and the ranked documents
of each level (`readcov score --at-k K --trec-run L`); ir_measures scores them; every per-query
value and every mean must equal readcov's `score --at-k --format jsonl` rows (`measures`) and its
`all` rows to 1e-9. Queries the run has no document for at a level are 0 in readcov (trec_eval's
-c): the mean is compared with that convention, and such queries must be 0 in readcov.

usage: agree.py ROWS.jsonl OUT_DIR K,K,... LEVEL...  (OUT_DIR holds qrels.L and run.L)
"""
import json
import sys

import ir_measures
from ir_measures import AP, RR, P, R, Success, nDCG

rows_path, out, ks = sys.argv[1], sys.argv[2], [int(k) for k in sys.argv[3].split(",")]
levels = sys.argv[4:]
rows = [json.loads(line) for line in open(rows_path)]
provider = ir_measures.pytrec_eval
checked = 0
failures = []


def measure_objects(k):
    return {f"R@{k}": R @ k, f"P@{k}": P @ k, f"nDCG@{k}": nDCG @ k,
            f"Success@{k}": Success @ k, "RR": RR, "AP": AP}


for level in levels:
    qrels = list(ir_measures.read_trec_qrels(f"{out}/qrels.{level}"))
    run = list(ir_measures.read_trec_run(f"{out}/run.{level}"))
    judged = {q.query_id for q in qrels}
    for k in ks:
        ms = measure_objects(k)
        theirs = {}
        for m in provider.iter_calc(list(ms.values()), qrels, run):
            theirs[(m.query_id, str(m.measure))] = m.value
        ours = {r["task"]: r for r in rows if r["k"] == k and r["task"] != "all"}
        all_row = next(r for r in rows if r["k"] == k and r["task"] == "all")
        for name in ms:
            total = 0.0
            for q in sorted(judged):
                mine = (ours.get(q, {}).get("measures", {}).get(level) or {}).get(name)
                if mine is None:
                    failures.append(f"{level} k={k} {q} {name}: readcov has no value")
                    continue
                other = theirs.get((q, name), 0.0)  # absent from the run: 0, as trec_eval -c
                total += other
                checked += 1
                if abs(mine - other) > 1e-9:
                    failures.append(f"{level} k={k} {q} {name}: readcov {mine!r} ir_measures {other!r}")
            mean = total / len(judged)
            mine = all_row["measures"][level][name]
            checked += 1
            if abs(mine - mean) > 1e-9:
                failures.append(f"{level} k={k} all {name}: readcov {mine!r} ir_measures {mean!r}")

for f in failures:
    print("MISMATCH", f)
print(f"{checked} values compared, {len(failures)} mismatches")
sys.exit(1 if failures or checked == 0 else 0)
