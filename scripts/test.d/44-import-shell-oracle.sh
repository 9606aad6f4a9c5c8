#!/usr/bin/env bash
# Cross-checks the reads `readcov import` extracts from logs whose actions are shell commands and
# editor views against scripts/import_oracle_shell.py, a recomputation from docs/importers.md
# ("What counts as a read", "What counts as displayed", "Edits and line mapping", "Paths", the
# OpenHands, mini-swe-agent, SWE-agent and chat-dataset rows): every read row of every action the
# oracle covers, per (task, run, step), and the summary's *missing observation* / *directory view*
# counts, on
# - tests/data/real: the 12 OpenHands and 3 mini-swe-agent runs with and without --workspaces, the
#   3 classic SWE-agent runs; tests/data/real-multi's 25 SWE-agent runs (--layout task/run);
# - tests/data/formats: mini-swe-agent v1 (with and without the astropy sources), the OpenHands eval
#   output, the chat-message datasets (SWE-Gym tool-calls, SWE-smith function-text and filemap views,
#   nebius swe-agent-text, an OpenHands completion log, a mini-swe-agent export);
# - hand-made logs (scripts/import_oracle_shell_cases.py): sed regex and numeric ranges, grep -n with
#   context and a file name holding -12-, head/tail forms, pipes, here-documents, cd persistence per
#   format, each format's truncation marker, a numbered line whose text is not the file's, with the
#   summary's per-reason counts; and (session 28, scripts/import_oracle_shell_exec.py) each of their
#   commands made of safe read commands run for real with bash: every line readcov credits must be
#   in the real output. Session 29: bat (Debian bookworm installs it as `batcat`; the check puts a
#   `bat` beside it in a temporary PATH folder) with -n, -p, --style, -r a:b / a: / :b, several files,
#   cut; `head -v`/`tail -v`; `grep -h` of one file and of several; reads to the file's end from a known line (`tail -n +K`, `sed -n
#   'a,$p'`) shown whole and cut without the workspace; another command printing beside a read.
#   Session 31: GNU sed's `$`, `first~step`, `a,~N` and awk programs choosing lines by NR (whole and
#   numbered, in pipes); the execution check wants them credited exactly as the real tools print,
#   and runs each awk command with GNU awk and with mawk (they must print alike); a plain `echo`
#   beside a read, its line taken off. Session 33: classic SWE-agent outputs ending on a blank line,
#   stored without their last line break (0.6-0.7), credited with that line. Session 36: `sed -i` replayed
#   (scripts/import_oracle_shell_sedi.py): the real logs' `sed -i` commands and hand-made ones for every form
#   readcov replays and several it refuses, run with GNU sed; the replayed change equals GNU sed's files byte for
#   byte, its edit rows a line diff's, and a refused one leaves the file unknown. Session 37: glob operands checked
#   against bash's own expansion in the C locale, and `sed -i` of lines the agent wrote (the base line before).
#   Session 38: brace operands and quoted globs and braces, against bash's own expansion the same way.
#   Session 39: wrappers before a command (`sudo`, `env`, assignments, `timeout`), `cd -` (known, unknown, sent
#   away), writes to a file named by a parameter (no file of the log).
# Actions the oracle leaves out are counted and printed by reason. Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
# bat for the hand-made cases and the execution check (the one-time install; none when present)
source tests/editors/lib.sh
apt_install bat
# GNU awk beside Debian's default mawk: the execution check runs awk commands with both (session 31)
apt_install gawk mawk
oracle_setup "import shell oracle"
oracle() { python3 scripts/import_oracle_shell.py "$bin" "$@"; }
real=tests/data/real
fmt=tests/data/formats

oracle --workspaces "$real/sources" "$real"/openhands/*.json "$real"/mini-swe-agent/*.traj.json
oracle "$real"/openhands/*.json "$real"/mini-swe-agent/*.traj.json "$real"/swe-agent-java/*.traj
oracle --layout task/run tests/data/real-multi/swe-agent-java
oracle --workspaces "$real/sources" "$fmt"/mini-swe-agent-v1/*.traj.json
oracle "$fmt"/mini-swe-agent-v1/*.traj.json "$fmt"/openhands/eval-output/*.jsonl "$fmt"/chat-trajectories/*.json
oracle --cases
# session 36: `sed -i` replayed, against GNU sed itself (the real logs' commands and hand-made forms)
python3 scripts/import_oracle_shell_sedi.py "$bin"
echo "import shell oracle ok"
