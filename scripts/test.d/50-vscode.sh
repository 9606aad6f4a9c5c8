#!/usr/bin/env bash
# VS Code extension suite: `npm ci` (committed lock file), TypeScript build, unit tests of the
# extension's logic, protocol-level tests against the real `readcov lsp`, then `vsce package`.
set -euo pipefail
source "$(dirname "$0")/../../tests/editors/lib.sh"

need node "Node.js ≥ 20 (apt-get install -y nodejs, or https://nodejs.org)"
need npm "npm (ships with Node.js)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  die "Node.js ≥ 20 is required, found $(node --version)"
EXT="$REPO/editors/vscode"
cd "$EXT"
# npm ci only when the lock file changed since the last install (cached between runs).
if ! cmp -s package-lock.json node_modules/.readcov-lock 2>/dev/null; then
  npm ci --no-audit --no-fund || die "npm ci failed in editors/vscode (registry.npmjs.org must be reachable)"
  cp package-lock.json node_modules/.readcov-lock
fi
npm run -s build
echo "-- extension unit tests"
node --test test/unit/
echo "-- vsce package"
npm run -s package
# The .vsix must carry the compiled extension and its runtime dependency, not the sources.
python3 - "$EXT/readcov.vsix" <<'PY' || die "readcov.vsix is incomplete"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = ["extension/package.json", "extension/out/extension.js", "extension/out/view.js",
        "extension/node_modules/vscode-languageclient/package.json"]
missing = [n for n in need if n not in names]
leaked = [n for n in names if n.startswith("extension/src/") or n.startswith("extension/node_modules/typescript/")]
print(f"readcov.vsix: {len(names)} files; missing {missing}; leaked {leaked[:3]}")
sys.exit(1 if missing or leaked else 0)
PY
build_server
echo "-- protocol tests against $READCOV_BIN lsp"
node --test test/protocol/
