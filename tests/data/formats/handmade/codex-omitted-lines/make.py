"""Writes rollout.jsonl and workspace/: a Codex CLI rollout (the records of
../../codex-rollout/rollout-2026-05-11T11-26-55-*.jsonl, `session_meta` to `function_call_output`) of the
autumn-2025 kind, whose legacy `shell` results were cut by codex-rs `truncate_formatted_exec_output`
(core/src/truncate.rs, read at openai/codex commit 020809453255557de3ab385aac4abaf46da736a5): over 10 KiB or 256
lines, `Total output lines: N`, a blank line, the first 128 lines (at most 5 KiB), `\\n[... omitted K of N lines
...]\\n\\n` and the last 128 lines that fit in the rest, all in the JSON `{"output", "metadata"}` of
`format_exec_output_for_model_structured` (core/src/tools/mod.rs). Ported below line for line."""
import json

CWD = "/home/dev/tables"
LIMIT_BYTES, LIMIT_LINES = 10 * 1024, 256
big = "".join(f"v{i} = {i}\n" for i in range(1, 301))
open("workspace/pkg/big.py", "w").write(big)


def split_inclusive(s):
    out, start = [], 0
    for i, ch in enumerate(s):
        if ch == "\n":
            out.append(s[start:i + 1])
            start = i + 1
    if start < len(s):
        out.append(s[start:])
    return out


def truncate_formatted_exec_output(content, total_lines):
    head_lines = LIMIT_LINES // 2
    tail_lines = LIMIT_LINES - head_lines
    head_bytes = LIMIT_BYTES // 2
    segments = split_inclusive(content)
    head_take = min(head_lines, len(segments))
    tail_take = min(tail_lines, max(len(segments) - head_take, 0))
    omitted = max(len(segments) - (head_take + tail_take), 0)
    head_slice = "".join(segments[:head_take])
    tail_slice = "".join(segments[len(segments) - tail_take:]) if tail_take else ""
    if omitted > 0:
        marker = f"\n[... omitted {omitted} of {total_lines} lines ...]\n\n"
    elif len(content.encode()) > LIMIT_BYTES:
        marker = f"\n[... output truncated to fit {LIMIT_BYTES} bytes ...]\n\n"
    else:
        marker = ""
    head_budget = min(head_bytes, LIMIT_BYTES - len(marker))
    result = head_slice.encode()[:head_budget].decode(errors="ignore") + marker
    remaining = LIMIT_BYTES - len(result.encode())
    if remaining > 0:
        result += tail_slice.encode()[-remaining:].decode(errors="ignore") if tail_slice else ""
    return result


def for_model(content):  # format_output_for_model_body
    total_lines = len(content.splitlines())
    if len(content.encode()) <= LIMIT_BYTES and total_lines <= LIMIT_LINES:
        return content
    return f"Total output lines: {total_lines}\n\n" + truncate_formatted_exec_output(content, total_lines)


grep = "".join(f"{i}:{line}\n" for i, line in enumerate(big.splitlines(), 1))
calls = [("call_1", "cat pkg/big.py", big), ("call_2", "grep -n = pkg/big.py", grep)]
ts = "2025-10-20T09:00:0{}.000Z"
recs = [{"timestamp": ts.format(0), "type": "session_meta",
         "payload": {"id": "handmade-codex-omitted-lines", "timestamp": ts.format(0), "cwd": CWD,
                     "originator": "codex_cli_rs", "cli_version": "0.46.0", "source": "cli",
                     "model_provider": "openai"}},
        {"timestamp": ts.format(1), "type": "turn_context",
         "payload": {"cwd": CWD, "approval_policy": "on-request", "model": "gpt-5-codex"}},
        {"timestamp": ts.format(1), "type": "response_item",
         "payload": {"type": "message", "role": "user",
                     "content": [{"type": "input_text", "text": "What is v173 in pkg/big.py?"}]}}]
for k, (cid, cmd, text) in enumerate(calls):
    recs.append({"timestamp": ts.format(2 + 2 * k), "type": "response_item",
                 "payload": {"type": "function_call", "name": "shell",
                             "arguments": json.dumps({"command": ["bash", "-lc", cmd], "workdir": CWD}),
                             "call_id": cid}})
    out = json.dumps({"output": for_model(text), "metadata": {"exit_code": 0, "duration_seconds": 0.0}})
    recs.append({"timestamp": ts.format(3 + 2 * k), "type": "response_item",
                 "payload": {"type": "function_call_output", "call_id": cid, "output": out}})
with open("rollout.jsonl", "w") as f:
    for r in recs:
        f.write(json.dumps(r) + "\n")
