"""The hand-made structured-call logs of tests/data/formats/handmade (and the Claude Code one of
tests/fixtures/import), each with its `workspace/`, for
scripts/import_oracle_tools.py `samples`: checked with and without `--workspace` (each log's make.py says
what it holds: lines cut at 2,000 characters, ripgrep's omitted lines, the older Codex line cut, Inspect's
cut per version, a V1 terminal output sent cut)."""
import os

import import_oracle_tools_fmt as fmt
import import_oracle_tools_fmt2 as fmt2
import import_oracle_tools_lib as lib

LOGS = [("claude-code-grep-long-line/transcript.jsonl", fmt.claude_code),
        ("codex-omitted-lines/rollout.jsonl", fmt.codex),
        ("gemini-cli-long-line/session.json", fmt2.gemini),
        ("inspect-ai-cut-outputs/log-0.3.77.json", fmt2.inspect),
        ("inspect-ai-cut-outputs/log-0.3.135.json", fmt2.inspect),
        ("openhands-v1-long-output/conversation.json", fmt2.openhands_v1),
        ("../../../fixtures/import/claude-code-persisted/log.jsonl", fmt.claude_code)]


def run_all(rc, check, folder):
    for f, reader in LOGS:
        p = os.path.join(folder, f)
        ws = os.path.join(os.path.dirname(p), "workspace")
        for w in (None, ws):
            lib.Run.workspace = w
            try:
                check(os.path.normpath(p) + (" (ws)" if w else ""), rc, [p], reader(p),
                      extra=("--workspace", w) if w else ())
            finally:
                lib.Run.workspace = None
