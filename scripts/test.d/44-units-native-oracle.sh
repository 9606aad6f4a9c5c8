#!/usr/bin/env bash
# Cross-checks `readcov units` on Rust, Go, C and C++ against each language's own parser, never
# tree-sitter (scripts/units_oracle_native.py; docs/units.md "Rust, exactly" and the sections after
# it): every unit's kind, name, start, end and depth, and their order, on every file of the language
# under tests/, the hand-made cases (scripts/units_oracle_<lang>_cases.py: each construct and edge the
# docs name, CRLF, BOM, non-ASCII names, WARNS files with a documented parse-error warning, BROKEN
# files with syntax errors) and seeded random files. Fails naming every disagreement.
# - Rust: the `syn` crate (scripts/units_oracle_rust/, its own workspace and Cargo.lock), built once
#   into target/units-oracle-rust (~1.5 min the first time; crates.io at install time only).
# - Go: go/parser and go/ast (scripts/units_oracle_go.go, standard library only), built into $out
#   with a throwaway GOCACHE, GOPATH mode (no module, nothing downloaded); Debian `golang-go`
#   through the shared installer (tests/editors/lib.sh) when `go` is missing.
# - C and C++: libclang (PyPI `libclang`, pinned, in the suite's own venv .venv-units-clang; the wheel
#   carries libclang.so), scripts/units_oracle_c_clang.py: preprocessor directives blanked, no
#   include path, cursor kinds and extents.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "units native oracle"
native() { python3 scripts/units_oracle_native.py "$bin" "$@"; }

cargo build -q --release --locked --manifest-path scripts/units_oracle_rust/Cargo.toml \
  --target-dir target/units-oracle-rust
native rust target/units-oracle-rust/release/units-oracle-rust -- check "$out/rust" --seed 1 --count 150

if ! command -v go >/dev/null; then
  source tests/editors/lib.sh
  apt_install golang-go
  command -v go >/dev/null || die "go missing after installing golang-go"
fi
GOCACHE="$out/gocache" GOPATH="$out/gopath" GO111MODULE=off GOTOOLCHAIN=local \
  go build -o "$out/units-oracle-go" scripts/units_oracle_go.go
native go "$out/units-oracle-go" -- check "$out/go" --seed 1 --count 150

LIBCLANG=libclang==18.1.1
VENV="$PWD/.venv-units-clang"
if ! "$VENV/bin/python" -c 'import importlib.metadata as m; assert m.version("libclang") == "18.1.1"' 2>/dev/null; then
  python3 -m venv "$VENV" || { echo "error: python3 -m venv failed: apt-get install -y python3-venv" >&2; exit 1; }
  "$VENV/bin/pip" install -q "$LIBCLANG" ||
    { echo "error: could not install $LIBCLANG from PyPI" >&2; exit 1; }
fi
native c "$VENV/bin/python" scripts/units_oracle_c_clang.py c -- check "$out/c" --seed 1 --count 150
native cpp "$VENV/bin/python" scripts/units_oracle_c_clang.py cpp -- check "$out/cpp" --seed 1 --count 150
echo "units native oracle ok"
