"""Writes conversation.json and workspace/: an OpenHands V1 (software-agent-sdk) conversation as one JSON
array (base state, then the events; the records of ../../openhands/v1-sdk-conversation/), whose one
TerminalAction `cat big.py` printed 50,893 characters. The SDK persists the whole output and cuts it only
when sending it: `TerminalObservation.to_llm_content` (openhands-tools/openhands/tools/terminal/definition.py,
software-agent-sdk commit 146906adc392) runs `maybe_truncate` (openhands/sdk/utils/truncate.py) on
`prefix + text + suffix` and the status lines at MAX_CMD_OUTPUT_SIZE = 30,000 characters. `sent()` below
ports it, for the test's expectations."""
import json

WD = "/workspace/project"
big = "".join(f"line {i} of the big file\n" for i in range(1, 2001))
open("workspace/big.py", "w").write(big)
meta = {"exit_code": 0, "pid": -1, "username": "openhands", "hostname": "runtime", "working_dir": WD,
        "py_interpreter_path": "", "prefix": "", "suffix": "\n[The command completed with exit code 0.]"}
NOTICE = ("<response clipped><NOTE>Due to the max output limit, only part of the full response has been "
          "shown to you.</NOTE>")


def sent(text):  # to_llm_content + maybe_truncate(truncate_after=30000)
    ret = f"{meta['prefix']}{text}{meta['suffix']}"
    if meta["working_dir"]:
        ret += f"\n[Current working directory: {meta['working_dir']}]"
    if meta["py_interpreter_path"]:
        ret += f"\n[Python interpreter: {meta['py_interpreter_path']}]"
    if meta["exit_code"] != -1:
        ret += f"\n[Command finished with exit code {meta['exit_code']}]"
    if len(ret) <= 30000:
        return ret
    available = 30000 - len(NOTICE)
    head = available // 2 + available % 2
    tail = max(0, 30000 - len(NOTICE) - head)
    return ret[:head] + NOTICE + ret[-tail:]


base = {"id": "handmade-v1-long-output", "agent": {"llm": {"model": "openai/gpt-4o-mini"}, "kind": "Agent"},
        "workspace": {"working_dir": WD, "kind": "LocalWorkspace"}}
action = {"id": "a1", "timestamp": "2026-02-05T11:24:47.142819", "source": "agent", "thought": [],
          "action": {"command": "cat big.py", "is_input": False, "reset": False, "kind": "TerminalAction"},
          "tool_name": "terminal", "tool_call_id": "call_1",
          "tool_call": {"id": "call_1", "name": "terminal", "arguments": json.dumps({"command": "cat big.py"}),
                        "origin": "completion"}, "kind": "ActionEvent"}
observation = {"id": "o1", "timestamp": "2026-02-05T11:24:47.284017", "source": "environment",
               "tool_name": "terminal", "tool_call_id": "call_1",
               "observation": {"content": [{"cache_prompt": False, "type": "text", "text": big}], "is_error": False,
                               "command": "cat big.py", "exit_code": 0, "timeout": False, "metadata": meta,
                               "kind": "TerminalObservation"},
               "action_id": "a1", "kind": "ObservationEvent"}
with open("conversation.json", "w") as f:
    json.dump([base, action, observation], f, indent=1)
    f.write("\n")

if __name__ == "__main__":
    s = sent(big)
    i = s.index(NOTICE)
    head, tail = s[:i], s[i + len(NOTICE):]
    print("head lines", head.count("\n"), repr(head[-25:]))
    print("tail", repr(tail[:40]), "...", repr(tail[-120:]))
