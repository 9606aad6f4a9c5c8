"""Shared fixtures of the Python package's tests. They run against the INSTALLED wheel (the
`readcov` module and command of the venv scripts/test.d/47-python.sh made), never the source
tree: the repository is only where the data comes from."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
REAL = REPO / "tests" / "data" / "real"


def trajectories():
    return sorted((REAL / "openhands").glob("*.json")) + sorted((REAL / "mini-swe-agent").glob("*.json"))


def cli(*args, check=True, timeout=None):
    """The wheel's own `readcov` command (beside the venv's python), stdout as text; `timeout`
    seconds at most (subprocess.TimeoutExpired: it hangs)."""
    exe = shutil.which("readcov", path=str(Path(sys.executable).parent))
    assert exe, "the wheel put no `readcov` command in the venv's bin/"
    p = subprocess.run([exe, *map(str, args)], capture_output=True, text=True, timeout=timeout)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def jsonl(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="session")
def real_files(tmp_path_factory):
    """The real-data flow through the CLI: reads.jsonl and gold.jsonl files."""
    out = tmp_path_factory.mktemp("real")
    cli("import", "--workspaces", REAL / "sources", *trajectories(), "-o", out / "reads.jsonl")
    cli("gold", "--from-swebench", REAL / "gold.jsonl", "-o", out / "gold.jsonl")
    return out


@pytest.fixture(scope="session")
def changes(tmp_path_factory):
    """The real runs' reads and their changes as SWE-bench predictions (`--emit-patches`)."""
    out = tmp_path_factory.mktemp("changes")
    cli("import", "--workspaces", REAL / "sources", *trajectories(), "-o", out / "reads.jsonl",
        "--emit-patches", out / "patches.jsonl")
    return out
