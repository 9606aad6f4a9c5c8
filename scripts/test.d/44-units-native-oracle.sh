#!/usr/bin/env bash
# Cross-checks `readcov units` on Rust, Go, C and C++ against each language's own parser, never
# tree-sitter (scripts/units_oracle_native.py; docs/units.md "Rust, exactly" and the sections after
# it): every unit's kind, name, start, end and depth, and their order, on every file of the language
# under tests/, the hand-made cases (scripts/units_oracle_<lang>_cases.py: each construct and edge the
# docs name, CRLF, BOM, non-ASCII names, WARNS files with a documented parse-error warning, BROKEN
# files with syntax errors) and seeded random files. Fails naming every disagreement.
# - Rust: the `syn` crate (scripts/units_oracle_rust/, its own workspace and Cargo.lock), built once
#   into target/units-oracle-rust (~1.5 min the first time; crates.io at install time only).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "units native oracle"
native() { python3 scripts/units_oracle_native.py "$bin" "$@"; }

cargo build -q --release --locked --manifest-path scripts/units_oracle_rust/Cargo.toml \
  --target-dir target/units-oracle-rust
native rust target/units-oracle-rust/release/units-oracle-rust -- check "$out/rust" --seed 1 --count 150
echo "units native oracle ok"
