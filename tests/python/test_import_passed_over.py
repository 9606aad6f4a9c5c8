"""`import_log`'s summary counts the AutoCodeRover files it passes over, as `readcov import` does.

An AutoCodeRover task folder saves its conversation again after every round (each file a prefix of
the last) beside files that are no thread (`extracted_patch_N.diff`, ...). The CLI imports the last
thread once and says how many files it passed over; before session 37 Python's summary dropped them
from every count (`files` = imported + refused).
"""

import re
import readcov

from conftest import REPO, cli

SAMPLES = REPO / "tests/data/formats/autocoderover"
SOURCES = REPO / "tests/data/real/sources"


def every_file():
    return sorted(str(p) for p in SAMPLES.rglob("*") if p.is_file())


def test_passed_over_files_are_counted_as_the_cli_counts_them():
    files = every_file()
    got = readcov.import_log(files, workspaces=SOURCES)
    assert got.errors == []
    done = cli("import", *files, "--workspaces", str(SOURCES))
    err = done.stderr
    threads = int(re.search(r"passed over: (\d+) AutoCodeRover thread file", err).group(1))
    parts = int(re.search(r"passed over: (\d+) AutoCodeRover task folder file", err).group(1))
    imported = int(re.search(r"imported \d+ run\(s\) from (\d+) file", err).group(1))
    assert (threads, parts) == (8, 3), err
    assert got.summary["passed_over"] == {"threads": threads, "folder_files": parts}
    assert got.summary["files"] == len(files) == imported + threads + parts
    assert got.summary["refused"] == 0
    assert got.summary["runs"] == 3
