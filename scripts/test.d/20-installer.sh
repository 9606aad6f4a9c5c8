#!/usr/bin/env bash
# The shared Debian installer of the editor and report suites never runs a bare sudo: it installs
# as root, through a passwordless sudo, or stops with "run apt-get install … as root".
set -euo pipefail
exec bash "$(dirname "$0")/../../tests/editors/installer_test.sh"
