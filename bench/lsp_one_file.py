#!/usr/bin/env python3
"""One huge file read by thousands of runs (session 21): the editor path at scale. A workspace with
one Python file of LINES lines (functions of 2 lines), gold of task `t` on 10 spans of 20 lines
spread over it, and RUNS runs that each read most of the file in READS reads (each run's reads
shifted, together covering ~80% of the file). Starts the real `readcov lsp` over pipes and times
`initialize` and the load (to the `$/progress` end when the log is loaded after `initialized`), the
first diagnostics of the opened file, a hover on a gold line every run read ("who read this line"),
`readcov/lineStates`, `readcov/overview` of one run, `readcov/summary`, `readcov/tasks`; the resident set
once loaded (VmRSS), the peak after each request and once `shutdown` is answered (VmHWM), and the server's
CPU seconds for the load and each request (utime + stime from /proc: steadier than wall time under load). Also runs `readcov score`
on the same gold and reads under `/usr/bin/time -v` (seconds, peak RSS). Prints one JSON object per run, with the first 16 hex digits
of the sha256 of each answer as sent (two binaries on one input answer the same bytes).

  bench/lsp_one_file.py [--runs 3000] [--reads 40] [--lines 50000] [--bin target/release/readcov] [--keep]

The workspace is under target/bench-data/lsp-one-file (removed unless --keep; kept, the next run with the
same sizes reuses it instead of writing it again).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_inputs import Server, hwm_kb  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data", "lsp-one-file")
MB = 1 << 20


def workspace(runs, reads, lines):
    ws = os.path.join(WORK, f"r{runs}-k{reads}-l{lines}")
    done = os.path.join(ws, ".complete")
    if os.path.exists(done):
        # A kept workspace of these sizes (`--keep`): the same bytes, not written again. The
        # servers' caches go, so each run loads as the first did.
        shutil.rmtree(os.path.join(ws, ".readcov"), ignore_errors=True)
        shutil.rmtree(ws + ".cache", ignore_errors=True)
        return ws
    shutil.rmtree(ws, ignore_errors=True)
    os.makedirs(os.path.join(ws, "src"))
    with open(os.path.join(ws, "src", "big.py"), "w") as f:
        f.write("".join(f"def f{i}():\n    return {i}\n" for i in range(lines // 2)))
    with open(os.path.join(ws, "gold.jsonl"), "w") as f:
        for s in range(10):
            start = 1 + (s * lines) // 10 + 7
            f.write(json.dumps({"task": "t", "path": "src/big.py", "start": start, "end": start + 19}) + "\n")
    # Each read is `width` lines; a run's reads tile 80% of the file from its own offset.
    width = max(1, (lines * 8 // 10) // reads)
    with open(os.path.join(ws, "reads.jsonl"), "w") as f:
        for r in range(runs):
            off = (r * 7919) % lines
            for k in range(reads):
                start = 1 + (off + k * width) % lines
                end = min(lines, start + width - 1)
                f.write(json.dumps({"task": "t", "run": f"r{r}", "path": "src/big.py", "start": start,
                                    "end": end, "step": k, "tool": "view"}) + "\n")
    open(done, "w").close()
    return ws


def rss_kb(pid):
    """The process's resident set now (VmRSS)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_s(pid):
    """The process's CPU time so far (user + system), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sha(b):
    return hashlib.sha256(b).hexdigest()[:16]


def wait_for(s, pred):
    """Reads messages until one matches `pred` (answering the server's requests)."""
    while True:
        m = s.read()
        if "method" in m and "id" in m:
            s.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        if pred(m):
            return m


def lsp(binary, ws, lines):
    s = Server(binary, ws)
    uri = "file://" + ws
    big = uri + "/src/big.py"
    out = {}
    t0 = time.monotonic()
    s.request("initialize", {"processId": None, "rootUri": uri,
                             "capabilities": {"window": {"workDoneProgress": True}},
                             "workspaceFolders": [{"uri": uri, "name": "ws"}],
                             "initializationOptions": {"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}})
    out["init_s"] = round(time.monotonic() - t0, 2)
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    if os.path.getsize(os.path.join(ws, "reads.jsonl")) >= MB:
        wait_for(s, lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
    out["loaded_s"] = round(time.monotonic() - t0, 2)
    out["loaded_cpu_s"] = round(cpu_s(s.p.pid), 2)
    out["load_peak_rss_mb"] = round(hwm_kb(s.p.pid) / 1024)
    # What the server holds once loaded (the reads, the gold), apart from the load's own peak.
    out["loaded_rss_mb"] = round(rss_kb(s.p.pid) / 1024)
    with open(os.path.join(ws, "src", "big.py")) as f:
        text = f.read()
    t = time.monotonic()
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": big, "languageId": "python", "version": 1, "text": text}}})
    wait_for(s, lambda m: m.get("method") == "textDocument/publishDiagnostics"
             and m["params"]["uri"] == big and m["params"].get("version") == 1)
    out["open_s"] = round(time.monotonic() - t, 2)
    # A gold line mid-file (the 6th span's first, 0-based): ~80% of the runs read it.
    line = (5 * lines) // 10 + 7
    for name, method, params in [
        ("hover", "textDocument/hover", {"textDocument": {"uri": big}, "position": {"line": line, "character": 0}}),
        ("line_states", "readcov/lineStates", {"textDocument": {"uri": big}}),
        ("overview", "readcov/overview", {"task": "t", "run": "r1"}),
        ("summary", "readcov/summary", {}),
        ("tasks", "readcov/tasks", {}),
    ]:
        t, c = time.monotonic(), cpu_s(s.p.pid)
        m = s.request(method, params)
        out[f"{name}_s"] = round(time.monotonic() - t, 3)
        out[f"{name}_cpu_s"] = round(cpu_s(s.p.pid) - c, 2)
        out[f"{name}_sha256"] = sha(s.last)
        # The peak so far, after each request: which one raised it.
        out[f"{name}_peak_rss_mb"] = round(hwm_kb(s.p.pid) / 1024)
        if "error" in m:
            out[f"{name}_error"] = m["error"]["message"][:200]
        if name == "hover":
            value = (m.get("result") or {}).get("contents", {}).get("value", "")
            out["hover_reads"] = int((re.search(r"(\d+) read\(s\)", value) or [0, 0])[1])
    s.request("shutdown", None)
    out["peak_rss_mb"] = round(hwm_kb(s.p.pid) / 1024)
    s.send({"jsonrpc": "2.0", "method": "exit", "params": None})
    s.p.stdin.close()
    _, status, _ = os.wait4(s.p.pid, 0)
    out["exit"] = os.waitstatus_to_exitcode(status)
    return out


def score(binary, ws):
    """`readcov score` under /usr/bin/time -v: (seconds, peak RSS MB, sha of stdout)."""
    cmd = ["/usr/bin/time", "-v", binary, "score", "--gold", "gold.jsonl", "--reads", "reads.jsonl",
           "--workspace", ".", "--format", "json"]
    p = subprocess.run(cmd, cwd=ws, capture_output=True)
    err = p.stderr.decode()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)[1])
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", err)[1])
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", err)[1])
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", err)[1]
    secs = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall.split(":"))))
    return {"score_s": round(secs, 2), "score_cpu_s": round(user + system, 2), "score_peak_rss_mb": round(rss / 1024),
            "score_sha256": sha(p.stdout), "score_exit": p.returncode}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3000)
    ap.add_argument("--reads", type=int, default=40, help="reads per run")
    ap.add_argument("--lines", type=int, default=50000)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "readcov"))
    ap.add_argument("--no-score", action="store_true", help="only the server")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    ws = workspace(a.runs, a.reads, a.lines)
    row = {"runs": a.runs, "reads_per_run": a.reads, "lines": a.lines,
           "reads_mb": round(os.path.getsize(os.path.join(ws, "reads.jsonl")) / MB, 1),
           "load": os.getloadavg()[0]}
    row.update(lsp(binary, ws, a.lines))
    if not a.no_score:
        row.update(score(binary, ws))
    print(json.dumps(row), flush=True)
    if not a.keep:
        shutil.rmtree(ws, ignore_errors=True)
        shutil.rmtree(ws + ".cache", ignore_errors=True)


if __name__ == "__main__":
    main()
