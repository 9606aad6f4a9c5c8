"""Writes log.traj and workspace/: hand-made after a real case, not a copy of it (multi-swe-bench/experiments has
no licence: unshipped). The case: the classic SWE-agent (0.x) run of doubao-pro-128k on
fasterxml__jackson-databind-4050 (multi-swe-bench/experiments, evaluation/java/verified/
20240825_SWE-agent_doubao-pro-128k/trajs/fasterxml__jackson-databind-4050.traj), which tried to install a JDK and
opened and edited `/etc/apt/sources.list` before any file of the checkout: its first window is of that file. The
shape is that log's: `history` (the system message, a demonstration flagged `is_demo` whose prompt names another
checkout, the instance prompt ending in the state lines `(Open file: n/a)` / `(Current directory:
/fasterxml__jackson-databind)` / `bash-$`), `trajectory` steps with `action`, `observation` (0.6-0.7: each output
without its last line break), `response`, `thought` and `state`, and `info`. The windows, the `File updated.` note
and `search_file`'s lines are as SWE-agent 0.x's tools print them (`[File: P (N lines total)]`, `N:text`). Rerun
in this folder to rebuild both."""
import json
import os

CHECKOUT = "/fasterxml__jackson-databind"
REL = "src/main/java/com/fasterxml/jackson/databind/ObjectMapper.java"
JAVA = [
    "package com.fasterxml.jackson.databind;",
    "",
    "import com.fasterxml.jackson.databind.node.ObjectNode;",
    "",
    "public class ObjectMapper {",
    "    protected SerializationConfig _serializationConfig;",
    "",
    "    public <T extends JsonNode> T valueToTree(Object fromValue) {",
    "        // WRAP_ROOT_VALUE is not applied here",
    "        return _convert(fromValue, JsonNode.class); // valueToTree",
    "    }",
    "}",
]
SOURCES = [
    "# See http://help.ubuntu.com/community/UpgradeNotes for how to upgrade to",
    "deb http://archive.ubuntu.com/ubuntu/ jammy main restricted",
    "deb http://archive.ubuntu.com/ubuntu/ jammy-updates main restricted",
]
UPDATED = ("File updated. Please review the changes and make sure they are correct (correct indentation, no "
           "duplicate lines, etc). Edit the file again if necessary.")


def window(path, lines):
    return "\n".join([f"[File: {path} ({len(lines)} lines total)]"] + [f"{i}:{t}" for i, t in enumerate(lines, 1)])


def step(action, observation, open_file="n/a"):
    thought = f"DISCUSSION\nNext: `{action.splitlines()[0]}`.\n"
    return {"action": action + "\n", "observation": observation,
            "response": f"{thought}```\n{action}\n```", "thought": thought,
            "state": json.dumps({"open_file": open_file, "working_dir": CHECKOUT})}


edited = SOURCES[:2] + ["# deb http://archive.ubuntu.com/ubuntu/ jammy-updates main restricted"]
java = f"{CHECKOUT}/{REL}"
trajectory = [
    step("ls -F /etc/apt", "apt.conf.d/\nsources.list\nsources.list.d/"),
    step("open /etc/apt/sources.list", window("/etc/apt/sources.list", SOURCES)),
    step(f"edit 3:3\n{edited[2]}\nend_of_edit", window("/etc/apt/sources.list", edited) + "\n" + UPDATED,
         "/etc/apt/sources.list"),
    step(f"open {REL}", window(java, JAVA), "/etc/apt/sources.list"),
    step('search_file "valueToTree"',
         f'Found 2 matches for "valueToTree" in {java}:\nLine 8:{JAVA[7]}\nLine 10:{JAVA[9]}\n'
         f'End of matches for "valueToTree" in {java}', java),
    step(f'grep -n "class ObjectMapper" {java}', f"5:{JAVA[4]}", java),
]
prompt = (
    "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\n"
    "`ObjectMapper.valueToTree()` will ignore the configuration `SerializationFeature.WRAP_ROOT_VALUE`\n\n"
    "INSTRUCTIONS:\nNow, you're going to solve this issue on your own.\n\n(Open file: n/a)\n"
    f"(Current directory: {CHECKOUT})\nbash-$"
)
demo = ("Here is a demonstration of how to correctly accomplish this task.\n--- DEMONSTRATION ---\n"
        "(Open file: n/a)\n(Current directory: /marshmallow-code__marshmallow)\nbash-$\n"
        "--- END OF DEMONSTRATION ---\n")
history = [{"role": "system", "content": "SETTING: You are an autonomous programmer.", "agent": "primary"},
           {"role": "user", "content": demo, "agent": "primary", "is_demo": True},
           {"role": "user", "content": prompt, "agent": "primary"}]
doc = {"environment": "swe_main", "trajectory": trajectory, "history": history,
       "info": {"exit_status": "exit_cost", "model_stats": {}}}
with open("log.traj", "w") as fh:
    json.dump(doc, fh, indent=2)
    fh.write("\n")
os.makedirs(os.path.dirname(f"workspace/{REL}"), exist_ok=True)
with open(f"workspace/{REL}", "w") as fh:
    fh.write("\n".join(JAVA) + "\n")
