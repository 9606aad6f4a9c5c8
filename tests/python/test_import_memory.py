"""`import_log` holds no text of all its rows (issue 39, session 38): each log's rows become dicts
as the import hands them on, with one Python string per key and per name (task, run, path, ...)
for the whole call, so the call's Python allocations peak at what its result holds. Before
session 38 the extension returned the JSONL of every row as one `str`, split into lines and
`json.loads`ed line by line: on the 15 real trajectories the call's traced peak was 1.63x what
its rows held after it (1.98 MB against 1.21 MB; each row's keys its own strings), and
`import_log(jobs=0)` peaked 12 MB above `readcov import` in a subprocess on the 191 real
trajectories (docs/performance.md). The rows are still the CLI's, value for value and type for
type."""

import gc
import json
import tracemalloc

import readcov
from conftest import REAL, jsonl, trajectories


def strict(rows):
    """Rows as text that tells 1 from 1.0 and True from 1."""
    return [json.dumps(r) for r in rows]


def test_the_calls_peak_is_its_rows(real_files):
    for jobs in (1, 0):
        gc.collect()
        tracemalloc.start()
        try:
            rows = readcov.import_log(trajectories(), workspaces=REAL / "sources", jobs=jobs)
            held, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert strict(rows) == strict(jsonl((real_files / "reads.jsonl").read_text()))
        # Per-log dicts only: no text of the 595 rows beside them (it was 1.63x).
        assert peak <= 1.1 * held, (jobs, peak, held)


def test_keys_and_names_are_shared_and_the_rows_apart():
    rows = readcov.import_log(trajectories(), workspaces=REAL / "sources")
    a, b = rows[0], rows[1]
    assert all(x is y for x, y in zip(a, b)), "each row's keys are the call's strings"
    assert a["task"] is b["task"] and a["run"] is b["run"]
    # Shared strings, never shared rows: changing one row leaves the others.
    a["base"]["lines"] = -1
    a["task"] = "changed"
    assert b["task"] != "changed" and b["base"]["lines"] != -1


def test_patches_are_the_clis(changes):
    got = readcov.import_log(trajectories(), workspaces=REAL / "sources", patches="auto")
    assert strict(got.patches) == strict(jsonl((changes / "patches.jsonl").read_text()))
    assert strict(got) == strict(jsonl((changes / "reads.jsonl").read_text()))
