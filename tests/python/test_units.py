"""`readcov.units` against `readcov units` (the wheel's own command): the same rows, the same
warnings, and each file with no units a located error, as on stderr."""

import json

import pytest

import readcov
from conftest import REAL, cli, jsonl

SOURCES = REAL / "sources"


def test_units_equal_the_cli(tmp_path):
    files = [SOURCES / "psf__requests-1724" / "requests" / "sessions.py",
             SOURCES / "pytest-dev__pytest-5631" / "src" / "_pytest" / "compat.py"]
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n    pass\n\ndef g():\n    return 1\n")
    files.append(broken)
    p = cli("units", *files)
    got = readcov.units(files)
    assert len(got) > 40 and list(got) == jsonl(p.stdout)
    assert got.notes and all(n in p.stderr for n in got.notes)
    assert {r["path"] for r in got} == {str(f) for f in files}
    # One path alone, and `lang` for a file whose extension says nothing.
    assert list(readcov.units(files[0])) == [r for r in got if r["path"] == str(files[0])]
    plain = tmp_path / "script"
    plain.write_text("def h():\n    pass\n")
    forced = readcov.units(plain, lang="python")
    assert [(r["name"], r["start"], r["end"]) for r in forced] == [("h", 1, 2)]
    assert list(forced) == jsonl(cli("units", "--lang", "python", plain).stdout)


def test_units_errors_are_the_clis(tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("# no grammar\n")
    ok = SOURCES / "psf__requests-1724" / "requests" / "sessions.py"
    p = cli("units", notes, tmp_path / "missing.py", ok, check=False)
    assert p.returncode == 0  # one file had units
    got = readcov.units([notes, tmp_path / "missing.py", ok], errors="collect")
    assert list(got) == jsonl(p.stdout)
    assert [e.file for e in got.errors] == [str(notes), str(tmp_path / "missing.py")]
    assert all(e.line == 0 and f"{e.file}: {e.message}" in p.stderr for e in got.errors)
    with pytest.raises(readcov.InputError) as e:
        readcov.units(notes)
    assert e.value.file == str(notes) and "no grammar" in e.value.message
    with pytest.raises(readcov.InputError) as e:
        readcov.units(ok, lang="cobol")
    assert "unknown language `cobol`" in e.value.message
    assert json.dumps(list(got))  # rows are plain JSON values
