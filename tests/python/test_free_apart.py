"""`readcov.score` frees the loaded rows on a thread of its own after it returns
(server/python/src/freer.rs; docs/performance.md, sessions 17 and 18): from 50,000 rows on.
The rows, totals and errors must not change for it, whether calls follow each other, run on two
threads at once, or run in a process forked right after a call. A fork waits for the free in
flight (the extension's allocator, mimalloc, has no fork handlers: server/python/src/alloc.rs)."""

import json
import os
import threading
import time
import warnings

import pytest
import readcov
from conftest import cli, jsonl

COPIES = 100  # 593 reads rows with edits x 100: past the 50,000 rows from which frees go apart


@pytest.fixture(scope="module")
def many(real_files, tmp_path_factory):
    """The real data's reads and gold copied under new task ids (as bench/py_api.py's real
    corpus, smaller): rows with edits, the general path, read-before-edit."""
    out = tmp_path_factory.mktemp("many")
    for name in ("gold.jsonl", "reads.jsonl"):
        rows = jsonl((real_files / name).read_text())
        with open(out / name, "w") as f:
            for i in range(COPIES):
                for r in rows:
                    f.write(json.dumps({**r, "task": f"{r['task']}#{i}"}) + "\n")
    reads = (out / "reads.jsonl").read_text().count("\n")
    assert reads >= 50_000, reads
    return out / "gold.jsonl", out / "reads.jsonl"


def _want(gold, reads):
    return jsonl(cli("score", "--gold", gold, "--reads", reads, "--format", "jsonl").stdout)


def test_calls_in_a_row_and_on_two_threads_equal_the_cli(many):
    gold, reads = many
    want = _want(gold, reads)
    assert len(want) == 15 * COPIES
    for _ in range(3):  # each call waits for the last one's free before it loads
        assert list(readcov.score(gold, reads)) == want
    got = {}

    def one(i):
        got[i] = list(readcov.score(gold, reads, breakdown=False))

    threads = [threading.Thread(target=one, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    summary = list(readcov.score(gold, reads, breakdown=False))
    assert got[0] == got[1] == summary
    assert [r["task"] for r in summary] == [r["task"] for r in want]
    readcov._native.settle()  # nothing left in flight: returns


def test_a_forked_process_scores_without_waiting_on_the_parents_free(many):
    """The free thread is the parent's: a child forked while it ran must not join it (it does
    not exist there; joining it waited forever) but score on. Forked right after a call returns,
    when its rows are being freed (a free of 51,800 rows takes a few ms: the fork most often
    lands in it; when it does not, the child still finds the parent's thread in the slot)."""
    gold, reads = many
    want = len(readcov.score(gold, reads, breakdown=False))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # 3.12+: fork with threads running
        pid = os.fork()
    if pid == 0:
        try:
            n = len(readcov.score(gold, reads, breakdown=False))
            readcov._native.settle()
            os._exit(0 if n == want else 3)
        except BaseException:  # noqa: BLE001 - any failure is the exit code
            os._exit(4)
    deadline = time.monotonic() + 120
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child still ran after 120 s: it waits on the parent's free")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_fork_waits_for_the_free_in_flight(many):
    """Right after a call returns, its free is in flight (the call puts it in the slot before it
    returns): `settle()` finds it. A fork made then waits for it first (a `pthread_atfork`
    handler), so neither the child nor the parent finds one after the fork: a child never starts
    with half a free, or with an allocator lock held by the parent's free thread, which it does
    not have (mimalloc's locks are not reset at a fork; glibc's are)."""
    gold, reads = many
    readcov.score(gold, reads, breakdown=False)
    assert readcov._native.settle() is True  # without a fork: the free was in flight
    readcov.score(gold, reads, breakdown=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # 3.12+: fork with threads running
        pid = os.fork()
    if pid == 0:
        os._exit(5 if readcov._native.settle() else 0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the child found the parent's free in flight"
    assert readcov._native.settle() is False  # waited for by the fork
