"""python/check-wheel refuses what it must: a wheel whose ELF file needs a newer glibc than its
tag says (the manylinux2014 promise), and one not stripped; it passes a wheel that is what its tag
says. The wheels are made here around this machine's /bin/true (dynamically linked against
glibc ≥ 2.34, stripped), so the check's answer is known beforehand."""

import re
import shutil
import subprocess
import sys
import zipfile

from conftest import REPO

TRUE = "/bin/true"


def wheel(tmp_path, platform, elf):
    """A wheel holding `elf` as its module, tagged for `platform`."""
    path = tmp_path / f"t-0.1-cp310-abi3-{platform}.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("t-0.1.dist-info/WHEEL", f"Wheel-Version: 1.0\nTag: cp310-abi3-{platform}\n")
        z.write(elf, "t/_native.abi3.so")
    return path


def check(path, *extra):
    # auditwheel is left out (not on this PATH, no AUDITWHEEL): only check-wheel's own checks answer.
    env = {"PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, REPO / "python" / "check-wheel", path, *extra], capture_output=True,
                          text=True, env=env)


def newest_glibc():
    out = subprocess.run(["objdump", "-T", TRUE], capture_output=True, text=True, check=True).stdout
    return max(tuple(map(int, v.split("."))) for v in re.findall(r"GLIBC_(\d+\.\d+)", out))


def test_a_glibc_newer_than_the_tag_fails(tmp_path):
    need = newest_glibc()
    assert need > (2, 17)
    p = check(wheel(tmp_path, "manylinux2014_x86_64", TRUE), "--glibc", "2.17")
    assert p.returncode == 1 and f"needs GLIBC_{need[0]}.{need[1]}" in p.stderr and "tagged glibc 2.17" in p.stderr


def test_a_wheel_true_to_its_tag_passes_and_says_its_sizes(tmp_path):
    need = newest_glibc()
    p = check(wheel(tmp_path, f"manylinux_{need[0]}_{need[1]}_x86_64", TRUE))
    # auditwheel is not run here, and that is said.
    assert p.returncode == 0, p.stderr
    assert f"needs GLIBC_{need[0]}.{need[1]} at most" in p.stdout and "_native.abi3.so" in p.stdout
    assert "MB" in p.stdout and "stripped" in p.stdout and "auditwheel not found" in p.stderr
    # Held to another glibc than its tag's: refused.
    p = check(wheel(tmp_path, f"manylinux_{need[0]}_{need[1]}_x86_64", TRUE), "--glibc", "2.17")
    assert p.returncode == 1 and "expected 2.17" in p.stderr


def test_an_unstripped_file_fails(tmp_path):
    need = newest_glibc()
    debug = tmp_path / "debug.bin"
    debug.write_bytes(b"\0" * 64)
    elf = tmp_path / "true-with-debug"
    shutil.copy(TRUE, elf)
    subprocess.run(["objcopy", "--add-section", f".debug_info={debug}", str(elf)], check=True)
    p = check(wheel(tmp_path, f"manylinux_{need[0]}_{need[1]}_x86_64", elf))
    assert p.returncode == 1 and "not stripped (.debug_info)" in p.stderr
    # rustc's `.debug_gdb_scripts` (a loaded section `strip` keeps by design) is not debug info.
    kept = tmp_path / "true-with-gdb-scripts"
    shutil.copy(TRUE, kept)
    subprocess.run(["objcopy", "--add-section", f".debug_gdb_scripts={debug}", str(kept)], check=True)
    p = check(wheel(tmp_path, f"manylinux_{need[0]}_{need[1]}_x86_64", kept))
    assert p.returncode == 0, p.stderr
