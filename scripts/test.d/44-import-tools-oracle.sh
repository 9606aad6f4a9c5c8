#!/usr/bin/env bash
# Cross-checks `readcov import` on logs whose actions are structured tool calls against
# scripts/import_oracle_tools.py, a recomputation from docs/importers.md (the format table and the
# Claude Code, OpenHands V1, Codex CLI rollout, ATIF, Gemini CLI, Inspect AI, Aider, AutoCodeRover and OpenTelemetry
# sections, "What counts as displayed", "Edits and line mapping", "Paths", "Summary reasons"):
# per (task, run) the rows as multisets of (path, start, end, kind, source, tool, turn, step), and
# the summary's actions not turned into reads by reason, on
# - the samples of tests/data/formats (Claude Code 2.0.76 and 2.1.7 with its subagent, the Codex
#   rollout, the five ATIF trajectories, both Gemini CLI sessions, both Inspect logs, both Aider
#   histories, both OpenTelemetry dumps, the OpenHands V1 conversation, the AutoCodeRover threads (each alone, and
#   their folder whole: one run per task folder), these also
#   with their instance's base files) and the six hand-made logs of
#   tests/data/formats/handmade and tests/fixtures/import/claude-code-persisted, with and without
#   their workspace;
# - 65 hand-made logs (scripts/import_oracle_tools_cases*.py), each with its answer written by hand;
#   eleven with --workspace: edit rows and reads mapped back to base lines;
# - session 38: the real Claude Code session of tests/data/real/claude-code-reedit with its base file, and a
#   hand-made Codex log, each editing lines the agent wrote (docs/importers.md "Edit rows");
# - session 37 (scripts/import_oracle_tools_sweagent.py): every shipped SWE-agent .traj, classic and 1.x, and the
#   nebius swe-agent-text chat rows, whose
#   read rows are compared per (run, step, path) with the lines each observation's own printed numbered lines
#   and headers show (not recomputed from the docs' rules), and a deliberately wrong row it must catch;
#   session 38: three hand-made 1.x variants of moto-5862 whose file lengths come from `wc -l` / `cat -n` steps.
# Shell commands other than the simple forms are recomputed by the shell oracle's bash model
# (scripts/import_oracle_tools_shell.py); what it does not parse is left out, counted and printed by
# reason (none of these logs' actions since session 29). The rest of each import's summary is compared
# too: runs, actions, rows and lines written, read events (read rows, as docs/importers.md defines
# them), edit events, and every edit not replayed (for want of a
# base file, and the others listed with task, run, path, turn and why). Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "import tools oracle"
python3 scripts/import_oracle_tools.py "$bin" samples
python3 scripts/import_oracle_tools.py "$bin" cases
# session 37: every shipped SWE-agent .traj (classic and 1.x) read from its observations' own printed lines, and
# a deliberately wrong row that must be caught
python3 scripts/import_oracle_tools_sweagent.py "$bin"
python3 scripts/import_oracle_tools_sweagent.py "$bin" --self-test
echo "import tools oracle ok"
