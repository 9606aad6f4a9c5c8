"""Writes session.json and workspace/: a Gemini CLI chat recording (the shape of
../../gemini-cli/BrianV1981-aim_control_pro_run2.json) whose read_file outputs are what
@google/gemini-cli-core 0.35.0 writes for a file with a line over 2,000 characters
(utils/fileUtils.js processSingleFileContent; tools/read-file.js the truncated header)."""
import hashlib
import json

root = "/home/dev/tables"
long3 = 'ROWS = "' + "".join(f"{i:04d}," for i in range(600)) + '"'  # 3,009 characters
data = ["import csv", "", long3, "# the rows, comma-separated", "def rows():", "    return ROWS.split(',')"]
text = "\n".join(data) + "\n"
other = ["# other", "KEY = '" + "k" * 2100 + "'", "X = 1"]
open("workspace/src/data.py", "w").write(text)
open("workspace/src/other.py", "w").write("\n".join(other) + "\n")


def cut(line):  # the first 2,000 UTF-16 code units and the marker
    return line[:2000] + "... [truncated]" if len(line) > 2000 else line


def read_out(lines, start, end, total):
    body = "\n".join(cut(x) for x in lines[start - 1:end])
    return ("\nIMPORTANT: The file content has been truncated.\n"
            f"Status: Showing lines {start}-{end} of {total} total lines.\n"
            "Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent "
            f"'read_file' call. For example, to read the next section of the file, use start_line: {end + 1}.\n\n"
            f"--- FILE CONTENT (truncated) ---\n{body}")


full = text.split("\n")  # content.split(/\r?\n/): 7 entries, the last one empty
# other.py as the session saw it: its long line 2 differs from the workspace's (a changed checkout).
seen_other = ["# other", "KEY = '" + "z" * 2100 + "'", "X = 1", ""]
calls = [
    ("read_file", {"file_path": f"{root}/src/data.py"}, read_out(full, 1, 7, 7)),
    ("read_file", {"file_path": f"{root}/src/data.py", "start_line": 3, "end_line": 4}, read_out(full, 3, 4, 7)),
    ("read_file", {"file_path": f"{root}/src/other.py"}, read_out(seen_other, 1, 4, 4)),
]
msgs = [{"id": "u1", "timestamp": "2026-03-26T06:50:41.481Z", "type": "user",
         "content": "Why does rows() return an empty last item?"}]
for k, (name, args, out) in enumerate(calls):
    cid = f"{name}_177450789138{k}_0"
    msgs.append({"id": f"g{k}", "timestamp": f"2026-03-26T06:51:3{k}.450Z", "type": "gemini", "content": "",
                 "thoughts": [], "tokens": {"input": 100, "output": 10, "cached": 0, "thoughts": 0, "tool": 0,
                                            "total": 110},
                 "model": "gemini-3.1-pro-preview",
                 "toolCalls": [{"id": cid, "name": name, "args": args,
                                "result": [{"functionResponse": {"id": cid, "name": name,
                                                                 "response": {"output": out}}}],
                                "status": "success", "timestamp": f"2026-03-26T06:51:3{k}.900Z",
                                "resultDisplay": "", "description": "", "displayName": "ReadFile",
                                "renderOutputAsMarkdown": True}]})
doc = {"sessionId": "handmade-gemini-long-line", "projectHash": hashlib.sha256(root.encode()).hexdigest(),
       "startTime": "2026-03-26T06:50:41.481Z", "lastUpdated": "2026-03-26T06:52:14.452Z", "messages": msgs,
       "kind": "main"}
with open("session.json", "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
