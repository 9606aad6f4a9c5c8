# Sourced by the oracle suites of scripts/test.d (each checks readcov against an independent
# Python recomputation): `oracle_setup NAME` fails loudly without python3, builds the debug
# binary the suites share, and sets `bin` (that binary) and `out` (a scratch folder removed on exit).
oracle_setup() {
  if ! command -v python3 >/dev/null; then
    echo "error: python3 is required for the $1 suite (apt-get install python3)" >&2
    exit 1
  fi
  cargo build -q -p readcov
  bin="$PWD/target/debug/readcov"
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
}
