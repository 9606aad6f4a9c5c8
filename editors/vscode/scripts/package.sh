#!/usr/bin/env bash
# `npm run package`: the .vsix (vsce; `vscode:prepublish` compiles first).
#   npm run package                      the extension; a bin/readcov already there goes in too
#   npm run package -- --with-server     first bundle this platform's server (npm run bundle-server:
#                                        cargo build --release, stripped into bin/readcov), so users
#                                        of the .vsix need no separate install step
# READCOV_BUNDLE_FROM=PATH with --with-server strips that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
with_server="${npm_config_with_server:-}"   # also `npm run package --with-server` (npm config form)
for arg in "$@"; do
  case "$arg" in
    --with-server) with_server=true ;;
    *) echo "package: unknown option $arg (known: --with-server)" >&2; exit 2 ;;
  esac
done
if [ "$with_server" = true ]; then
  bash scripts/bundle-server.sh
fi
exec vsce package --allow-missing-repository --skip-license -o readcov.vsix
