#!/usr/bin/env bash
# Runs the examples README.md and docs/ show, as a new user would, with the debug binary
# (scripts/docs_examples.py, the list in scripts/docs_examples_list.py): each command must still be
# on its page, exit as the page says, and print what the page shows (lines, blocks of output, a
# file byte for byte); then every `readcov <subcommand> --help` flag must be on a page that names
# the subcommand, and every flag a page writes after `readcov <subcommand>` must be in its --help.
# Left out, counted and printed: the pages' ```sh command lines no example runs, the ```python
# blocks (47-python runs docs/python.md's). Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "docs examples"
python3 scripts/docs_examples.py "$bin"
echo "docs examples ok"
