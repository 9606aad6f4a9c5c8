#!/usr/bin/env bash
# The Python package: builds the wheel (python/build-wheel: the CLI inside, maturin + PyO3),
# installs it from the wheel FILE into a fresh venv, and runs pytest there (tests/python/): the API
# equals the CLI's JSONL on the real data, errors raise readcov.InputError, and the Ray path of
# docs/scale.md (a local Ray with num_cpus=2) merges shards bit for bit. Every tool comes from PyPI
# at a pinned version; one that cannot be installed fails the suite, naming it.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO="$PWD"
die() { echo "47-python: FAIL: $*" >&2; exit 1; }
command -v python3 >/dev/null || die "python3 not found: apt-get install -y python3 python3-venv"

# Pinned: the build tool and the test dependencies (ray must install on this Python: no skip).
MATURIN=maturin==1.16.0
TEST_DEPS=(pytest==9.2.0 pandas==3.1.1 pyarrow==26.0.1 ray==2.60.0)
# The type checks (issue 39): mypy --strict and pyright on a script using every documented call,
# and pyright --verifytypes on the installed package (100% complete). pyright's PyPI package
# fetches its pinned npm release on first run; that failing fails the suite.
TYPE_DEPS=(mypy==1.18.2 pyright==1.1.407)
export PYRIGHT_PYTHON_FORCE_VERSION=1.1.407

# auditwheel: python/check-wheel asks it which platform tag the built wheel's symbols allow.
AUDITWHEEL=auditwheel==6.8.2
TOOLS="$REPO/.venv-python-build"
if ! "$TOOLS/bin/maturin" --version 2>/dev/null | grep -q "maturin 1.16.0" ||
   ! "$TOOLS/bin/auditwheel" --version 2>/dev/null | grep -q "auditwheel 6.8.2"; then
  python3 -m venv "$TOOLS" || die "python3 -m venv failed: apt-get install -y python3-venv"
  "$TOOLS/bin/pip" install -q "$MATURIN" "$AUDITWHEEL" || die "could not install $MATURIN $AUDITWHEEL from PyPI"
fi
mkdir -p "$REPO/target"
# The suite tests the wheel built in the dev profile: it reuses the test build's dependencies (the
# release build was 4 of CI's 15 minutes) and runs the same code. READCOV_PY_RELEASE=1 tests the
# release wheel, as python/build-wheel builds it by default for shipping.
profile=(--debug)
[ "${READCOV_PY_RELEASE:-}" = 1 ] && profile=()
# READCOV_PY_MANYLINUX=1: the wheel built by zig for glibc 2.17 (python/build-wheel --manylinux2014)
# instead of the host's; check-wheel then holds it to manylinux_2_17, and python/try-glibc-2.17 runs
# it on glibc 2.17 itself (its CLI on the real data; pip install and tests/python in a CPython built
# against that glibc). Not the default: it is a build of its own (target/zig/, and CPython in
# target/glibc-2.17/ once), minutes CI does not have.
# Both binaries are built by maturin's own zig glue (the CLI as `--bindings bin`), so the module's build
# reuses the CLI's dependencies; cargo-zigbuild is no longer needed (docs/python.md, session 17).
if [ "${READCOV_PY_MANYLINUX:-}" = 1 ]; then
  "$TOOLS/bin/pip" install -q ziglang==0.17.1 ||
    die "could not install ziglang==0.17.1 from PyPI (READCOV_PY_MANYLINUX=1)"
  profile+=(--manylinux2014)
fi
# A fresh venv each run: the wheel file, not the source tree, is what the tests import. Its test
# and type-check dependencies are installed while the wheel builds (pip waits on the disk and
# the network, the wheel's link on one core: about 20 s of the suite's wall time, issue 36); the
# wheel itself goes in once both are done.
VENV="$(mktemp -d "${TMPDIR:-/tmp}/readcov-py.XXXXXX")"
deps_pid=""
trap '[ -z "$deps_pid" ] || kill "$deps_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$VENV"' EXIT
install_deps() { # the last line it prints on failure is the reason
  python3 -m venv "$VENV" || { echo "python3 -m venv failed"; return 1; }
  "$VENV/bin/pip" install -q "${TEST_DEPS[@]}" ||
    { echo "could not install ${TEST_DEPS[*]} from PyPI on $(python3 --version) (ray is required: the Ray test must run)"; return 1; }
  "$VENV/bin/pip" install -q "${TYPE_DEPS[@]}" || { echo "could not install ${TYPE_DEPS[*]} from PyPI"; return 1; }
}
deps_log="$REPO/target/python-test-deps.log"
install_deps >"$deps_log" 2>&1 &
deps_pid=$!
started=$(date +%s)
PATH="$TOOLS/bin:$PATH" python/build-wheel "${profile[@]}" >"$REPO/target/python-wheel-build.log" 2>&1 ||
  { tail -40 "$REPO/target/python-wheel-build.log" >&2; die "python/build-wheel failed"; }
built=$(date +%s)
wheel=$(ls "$REPO"/target/wheels/readcov-*.whl)
echo "-- built $(basename "$wheel") in $((built - started)) s ($(du -h "$wheel" | cut -f1))"
# The wheel runs where its tag says: no ELF file in it needs a newer glibc than its manylinux tag
# (objdump -T), and auditwheel derives no newer tag.
glibc=()
if [ "${READCOV_PY_MANYLINUX:-}" = 1 ]; then glibc=(--glibc 2.17); else
  echo "-- NOTE: the manylinux2014 (glibc 2.17) wheel is NOT built, checked or run on glibc 2.17 in this run: READCOV_PY_MANYLINUX=1 does"
fi
AUDITWHEEL="$TOOLS/bin/auditwheel" python3 python/check-wheel "$wheel" "${glibc[@]}" ||
  die "python/check-wheel: $(basename "$wheel") needs a newer glibc than its tag says"
if [ "${READCOV_PY_MANYLINUX:-}" = 1 ]; then
  tried=$(date +%s)
  PATH="$TOOLS/bin:$PATH" python/try-glibc-2.17 "$wheel" || die "python/try-glibc-2.17: $(basename "$wheel") on glibc 2.17"
  echo "-- python/try-glibc-2.17: $(($(date +%s) - tried)) s"
  built=$((built + $(date +%s) - tried)) # the figures below leave it out
fi

deps_rc=0
wait "$deps_pid" || deps_rc=$?
deps_pid=""
[ "$deps_rc" = 0 ] || { cat "$deps_log" >&2; die "$(tail -1 "$deps_log")"; }
echo "-- test dependencies installed beside the build (waited $(($(date +%s) - built)) s for them after it)"
"$VENV/bin/pip" install -q "$wheel" || die "pip install $wheel failed"
"$VENV/bin/readcov" --version | grep -q '^readcov ' || die "the wheel's readcov command does not run"
echo "-- types: mypy --strict, pyright, pyright --verifytypes readcov"
(cd "$REPO/tests/python/typing" && "$VENV/bin/mypy" --strict --no-incremental every_call.py) ||
  die "mypy --strict found errors in tests/python/typing/every_call.py against the installed stubs"
(cd "$VENV" && "$VENV/bin/mypy" --strict --no-incremental -p readcov) ||
  die "mypy --strict found errors in the installed readcov package itself"
(cd "$REPO/tests/python/typing" && PATH="$VENV/bin:$PATH" VIRTUAL_ENV="$VENV" "$VENV/bin/pyright" --pythonpath "$VENV/bin/python" every_call.py) ||
  die "pyright found errors in tests/python/typing/every_call.py (or could not fetch pyright $PYRIGHT_PYTHON_FORCE_VERSION)"
verify=$(cd "$VENV" && PATH="$VENV/bin:$PATH" VIRTUAL_ENV="$VENV" "$VENV/bin/pyright" --verifytypes readcov --ignoreexternal 2>&1) ||
  { echo "$verify" >&2; die "pyright --verifytypes readcov: the public API is not fully typed"; }
# A here-string, not `echo | grep -q`: grep -q exits at its match, and with pipefail the echo's
# SIGPIPE on the rest of a long report failed the check now and then (seen 2026-12-05).
grep -q "Type completeness score: 100%" <<<"$verify" ||
  { echo "$verify" >&2; die "pyright --verifytypes readcov: completeness below 100%"; }
echo "-- pytest (tests/python) against $VENV"
cd "$REPO/tests/python"
"$VENV/bin/python" -m pytest -p no:cacheprovider -q --durations=5 .
# Every public function against the wheel's CLI, each value typed (int, float, bool, None; key
# order), and `.to_pandas()`'s columns and dtypes as docs/python.md has them (session 35).
echo "-- scripts/python_cli_oracle.py: the API against the CLI's JSON, typed"
"$VENV/bin/python" "$REPO/scripts/python_cli_oracle.py"
echo "-- python: wheel build $((built - started)) s, install + tests $(($(date +%s) - built)) s"
