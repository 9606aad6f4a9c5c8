#!/usr/bin/env bash
# VS Code extension suite: `npm ci` (committed lock file), `npm run package` from no build output
# (the README's one-liner; vscode:prepublish compiles), unit tests of the extension's logic, the
# bundled server (`npm run package -- --with-server`, stripped by bundle-server), protocol-level tests against the real
# `readcov lsp`.
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
# The documented one-liner from a fresh clone is `npm ci && npm run package`: no build step of
# its own (vscode:prepublish compiles), so start from no compiled output, no bundled server.
rm -rf out bin readcov.vsix
echo "-- vsce package (compiles through vscode:prepublish)"
npm run -s package
[ -f out/extension.js ] || die "npm run package did not compile the extension (vscode:prepublish)"
echo "-- extension unit tests"
node --test test/unit/
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
echo "-- bundled server: npm run package -- --with-server strips the binary into bin/readcov, then packages"
READCOV_BUNDLE_FROM="$READCOV_BIN" npm run -s package -- --with-server
npm run -s package -- --no-such-flag 2>/dev/null && die "npm run package accepted an unknown option"
python3 - "$EXT/readcov.vsix" "$READCOV_BIN" <<'PY' || die "the bundled server in readcov.vsix is missing, unstripped or not executable"
import os, subprocess, sys, tempfile, zipfile
z = zipfile.ZipFile(sys.argv[1])
info = z.getinfo("extension/bin/readcov")
mode = info.external_attr >> 16
with tempfile.TemporaryDirectory() as d:
    path = z.extract(info, d)
    os.chmod(path, 0o755)
    sections = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True).stdout
    version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
debug = [s for s in (".debug_info", ".debug_line", ".symtab") if s in sections]
full = os.path.getsize(sys.argv[2])
print(f"extension/bin/readcov: {info.file_size} bytes (from {full}), mode {oct(mode)}, {version.strip()}, debug sections {debug}")
sys.exit(0 if not debug and info.file_size < full and mode & 0o111 and version.startswith("readcov ") else 1)
PY
# Leave the plain package (no bundled debug server) for the suites after this one.
rm -rf bin && npm run -s package
echo "-- protocol tests against $READCOV_BIN lsp"
node --test test/protocol/
