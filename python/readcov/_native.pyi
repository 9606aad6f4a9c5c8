"""Type stubs of the Rust extension (server/python). Use the wrappers in `readcov`, which turn
this JSON text into rows and errors into `readcov.InputError`."""

from typing import List, Optional, Tuple

# (file, line, field, message): line 0 / field None for an error about a whole file.
Located = Tuple[str, int, Optional[str], str]

__version__: str

def score(
    gold: bytes,
    gold_name: str,
    reads: bytes,
    reads_name: str,
    threshold: float,
    workspace: Optional[str] = None,
    shard: Optional[str] = None,
    breakdown: bool = True,
    widen: int = 10,
) -> Tuple[str, str, str, List[Located]]:
    """Rows (JSONL), totals (JSON), partial aggregate (JSON), located errors."""

def import_log(
    paths: List[str],
    format: str = "auto",
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    task: Optional[str] = None,
    run: Optional[str] = None,
) -> Tuple[str, str, List[Located]]:
    """Reads rows (JSONL), import summary (JSON), located errors."""

def gold_from_patch(
    diff: Optional[str] = None,
    rows: Optional[bytes] = None,
    name: str = "<patch>",
    task: Optional[str] = None,
    anchor: int = 1,
    exclude_tests: bool = False,
    expand: str = "edit",
    tests: bool = False,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    max_unit: int = 200,
    window: int = 10,
) -> Tuple[str, str, List[Located]]:
    """Gold rows (JSONL), notes (JSON list), located errors."""

def merge(partials: List[str]) -> Tuple[str, Optional[str]]:
    """Merged aggregate (JSON, as `readcov merge --format json`) and a warning, if any."""

def shard_of(task: str, n: int) -> int:
    """The shard (0..n) of a task id: the FNV-1a hash `--shard I/N` uses."""
