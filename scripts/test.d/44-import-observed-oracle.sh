#!/usr/bin/env bash
# Session 38: `readcov import` on the shipped real logs of the formats checked elsewhere only against the docs'
# rules, checked against what each observation's own text shows (not recomputed from those rules): per (run,
# step or call, path) the lines readcov credits against the lines the observation printed, both ways, and a
# deliberately wrong row each must catch (--self-test). One script per format (scripts/import_observed_*.py,
# sharing scripts/import_observed_lib.py):
# - Codex rollout: each exec_command's output gathered from its result and its write_stdin polls (checked
#   against exec_command_end.aggregated_output where not capped), `rg -n` path:N: lines, `nl -ba | sed -n`
#   numbers, and the count of lines `sed -n 'a,bp'`/`cat` printed (several reads: what the count proves of each;
#   on OLD it finds `sed -n '1,160p' A && sed -n '1,120p' B` printing 44 lines credited to A as 1-44, A having 30;
#   since session 39 also a real cli 0.58 rollout: the legacy `shell` tool, `[... omitted K of N lines ...]` cuts,
#   one disagreement judged by hand in the oracle's KNOWN);
# - Gemini CLI: read_file text and its `Status: Showing lines A-B`, grep_search `L12:`/`L12-` lines;
# - OpenHands eval output: the editor's `cat -n` views (clip, the empty line after a final line break),
#   `grep -n` of one file;
# - ATIF (openclaw `read`): the text's lines from `offset`, the `Use offset=K` trailer, the character cut.
# - the editor views of the SWE-Gym and SWE-smith chat rows and the OpenHands LLM completion log: `cat -n` lines,
#   filemaps (`... eliding lines a-b ...` shows none of them), bare trailing numbers, clips.
# No shipped Inspect, OpenHands V1, Aider or OpenTelemetry log shows a line of a file (docs/testing.md says why).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "import observed oracle"
for f in codex gemini openhands_eval atif chat_editor; do
  python3 "scripts/import_observed_$f.py" "$bin"
  python3 "scripts/import_observed_$f.py" "$bin" --self-test
done
echo "import observed oracle ok"
