"""Writes log-0.3.77.json, log-0.3.135.json and workspace/: two Inspect AI `.json` logs (the shape of
../../inspect-ai/vitals_2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json), each a
`bash` call whose 47 KB output Inspect cut at `max_tool_output` (16 KiB by default), as the version
named in `eval.packages.inspect_ai` cuts it (`truncate_string_to_bytes`, `_util/text.py`): 0.3.77 keeps
the first 16,384 bytes, 0.3.135 (middle truncation since 0.3.117) the first 8,192 and the last 8,192;
`truncate_tool_output` (`model/_call_tools.py`) puts the note around what is kept."""
import json

MAX = 16 * 1024
big = "".join(f"line {i} of the big file\n" for i in range(1, 2001))
open("workspace/big.py", "w").write(big)
out = big  # `sed -n '1,2000p' big.py` prints the whole file
# `text_editor view` (inspect_ai/tool/_tools/_text_editor.py runs the OpenHands-style editor: `cat -n` lines)
view = "Here's the result of running `cat -n` on /workspace/big.py:\n" + "".join(
    f"{i:6}\t{line}\n" for i, line in enumerate(big.split("\n"), 1))


def kept(version, text=None):
    text = out if text is None else text
    if version == "0.3.77":
        return text[:MAX]
    half = MAX // 2
    return text[:half] + text[-(MAX - half):]


def note(k):
    return ("\nThe output of your call to bash was too long to be displayed.\nHere is a truncated version:\n"
            f"<START_TOOL_OUTPUT>\n{k}\n<END_TOOL_OUTPUT>\n")


for version in ("0.3.77", "0.3.135"):
    log = {"version": 2, "status": "success",
           "eval": {"run_id": "handmade", "created": "2025-09-01T10:00:00+00:00", "task": "read_big",
                    "task_id": f"handmade-{version}", "task_version": 0, "dataset": {"samples": 1, "sample_ids": [1]},
                    "model": "anthropic/claude-sonnet-4-0", "model_args": {}, "config": {"epochs": 1},
                    "packages": {"inspect_ai": version}},
           "plan": {"name": "plan", "steps": [], "config": {}},
           "samples": [{"id": 1, "epoch": 1, "input": "How long is big.py?", "target": "2000",
                        "messages": [
                            {"id": "m1", "content": "How long is big.py?", "source": "input", "role": "user"},
                            {"id": "m2", "content": [{"type": "text", "text": "I'll print it."}], "source": "generate",
                             "role": "assistant", "model": "claude-sonnet-4-0",
                             "tool_calls": [{"id": "toolu_01", "function": "bash",
                                             "arguments": {"cmd": "sed -n '1,2000p' big.py"}}]},
                            {"id": "m3", "content": note(kept(version)), "role": "tool",
                             "tool_call_id": "toolu_01", "function": "bash"},
                            {"id": "m4", "content": [{"type": "text", "text": "And as numbered lines."}],
                             "source": "generate", "role": "assistant", "model": "claude-sonnet-4-0",
                             "tool_calls": [{"id": "toolu_02", "function": "text_editor",
                                             "arguments": {"command": "view", "path": "/workspace/big.py"}}]},
                            {"id": "m5", "content": note(kept(version, view)), "role": "tool",
                             "tool_call_id": "toolu_02", "function": "text_editor"},
                            {"id": "m6", "content": [{"type": "text", "text": "2000 lines."}], "source": "generate",
                             "role": "assistant", "model": "claude-sonnet-4-0"}],
                        "scores": {"match": {"value": "C", "answer": "2000"}}, "metadata": {}}]}
    with open(f"log-{version}.json", "w") as f:
        json.dump(log, f, indent=1)
        f.write("\n")
