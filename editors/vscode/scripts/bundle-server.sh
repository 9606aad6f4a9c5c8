#!/usr/bin/env bash
# Puts a stripped `readcov` at bin/readcov, so the .vsix carries its own server (users then need
# nothing on PATH). The release binary keeps line tables (78 MB); stripped it is 24 MB (docs/testing.md).
#   npm run bundle-server                       cargo build --release, then strip into bin/
#   READCOV_BUNDLE_FROM=PATH npm run bundle-server   strip PATH instead (no build; tests use it)
set -euo pipefail
cd "$(dirname "$0")/.."
ext="$PWD"
src="${READCOV_BUNDLE_FROM:-}"
if [ -z "$src" ]; then
  command -v cargo >/dev/null || { echo "bundle-server: cargo not found (https://rustup.rs)" >&2; exit 1; }
  (cd ../.. && cargo build --release -p readcov)
  target="${CARGO_TARGET_DIR:-$ext/../../target}"
  src="$target/release/readcov"
fi
[ -x "$src" ] || { echo "bundle-server: no readcov binary at $src" >&2; exit 1; }
command -v strip >/dev/null || { echo "bundle-server: \`strip\` not found (apt-get install binutils)" >&2; exit 1; }
mkdir -p bin
strip -o bin/readcov "$src"
chmod 755 bin/readcov
echo "bin/readcov: $(du -h "$src" | cut -f1) → $(du -h bin/readcov | cut -f1) stripped (from $src)"
