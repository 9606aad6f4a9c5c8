#!/usr/bin/env python3
"""Language-server cost of large inputs (issue 35, items 7 and 8): starts the real `readcov lsp`
over pipes on a generated workspace, answers `initialize`, asks `readcov/summary`, shuts down, and
prints one JSON object per run: the case, the input size, seconds to the `initialize` answer and to
the summary, the process's peak RSS at the `initialize` answer (the gold loaded and held: VmHWM) and
over the whole run (VmHWM once `shutdown` is answered), and the first 16 hex digits of the sha256 of the summary's
answer as sent (two binaries on the same input should answer the same bytes).

  bench/lsp_inputs.py CASE MB [MB ...] [--bin target/release/readcov] [--keep]

Cases:
  big-source   a gold source file of MB megabytes (sparse NULs, one line) whose gold row records it
               as its base: the server hashes it and, at most MAX_SOURCE_BYTES (64 MiB), keeps it
               in the cache folder (XDG_CACHE_HOME is a folder of the run's own)
  gold-jsonl   MB megabytes of gold JSONL: rows of ~52 bytes, 1,000 tasks, 50 files (--tasks,
               --files change those)
  gold-array   the same rows as one JSON array

The workspace is under target/bench-data/lsp-inputs (removed unless --keep). Build the binary
first: `cargo build --release --bin readcov`.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data", "lsp-inputs")
MB = 1 << 20


TASKS, FILES = 1000, 50


def gold_rows(size):
    """Gold rows until `size` bytes (as JSONL lines)."""
    out, total, i = [], 0, 0
    while total < size:
        row = json.dumps({"task": f"t{i % TASKS}", "path": f"src/m{i % FILES}.py",
                          "start": 1 + i % 900, "end": 3 + i % 900})
        out.append(row)
        total += len(row) + 1
        i += 1
    return out


def workspace(case, mb):
    ws = os.path.join(WORK, f"{case}-{mb}")
    shutil.rmtree(ws, ignore_errors=True)
    os.makedirs(os.path.join(ws, "src"))
    reads = json.dumps({"task": "t0", "run": "r", "path": "src/m0.py", "start": 1, "end": 5})
    with open(os.path.join(ws, "reads.jsonl"), "w") as f:
        f.write(reads + "\n")
    for m in range(min(FILES, 50)):
        with open(os.path.join(ws, "src", f"m{m}.py"), "w") as f:
            # 500 functions of 2 lines: gold spans fall in syntax units (the summary's unit hit).
            f.write("".join(f"def f{i}():\n    return {i}\n" for i in range(500)))
    size = int(mb * MB)
    if case == "big-source":
        with open(os.path.join(ws, "big.py"), "wb") as f:
            f.truncate(size)
        h, zeros, left = hashlib.sha256(), bytes(MB), size
        while left:
            n = min(left, MB)
            h.update(zeros[:n])
            left -= n
        row = {"task": "t", "path": "big.py", "start": 1, "end": 1,
               "base": {"sha256": h.hexdigest(), "lines": 1}}
        gold = "gold.jsonl"
        with open(os.path.join(ws, gold), "w") as f:
            f.write(json.dumps(row) + "\n")
    elif case == "gold-jsonl":
        gold = "gold.jsonl"
        with open(os.path.join(ws, gold), "w") as f:
            f.write("\n".join(gold_rows(size)) + "\n")
    elif case == "gold-array":
        gold = "gold.json"
        with open(os.path.join(ws, gold), "w") as f:
            f.write("[" + ",\n".join(gold_rows(size)) + "]\n")
    else:
        raise SystemExit(f"unknown case {case}")
    return ws, gold, os.path.getsize(os.path.join(ws, gold if case != "big-source" else "big.py"))


class Server:
    def __init__(self, binary, ws):
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(ws + ".cache"))
        self.p = subprocess.Popen([binary, "lsp"], cwd=ws, env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next = 0

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            k, _, v = line.decode().partition(":")
            if k.lower() == "content-length":
                length = int(v)
        self.last = self.p.stdout.read(length)
        return json.loads(self.last)

    def request(self, method, params):
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.next and "method" not in m:
                return m
            if "method" in m and "id" in m:  # a request from the server: answer it
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})


def hwm_kb(pid):
    """The process's peak RSS so far (VmHWM): at the `initialize` answer, the gold is loaded
    and held, and no summary is built yet."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def run(binary, case, mb):
    ws, gold, size = workspace(case, mb)
    s = Server(binary, ws)
    t0 = time.monotonic()
    uri = "file://" + ws
    s.request("initialize", {"processId": None, "rootUri": uri, "capabilities": {},
                             "workspaceFolders": [{"uri": uri, "name": "ws"}],
                             "initializationOptions": {"gold": [gold], "reads": ["reads.jsonl"]}})
    t_init = time.monotonic() - t0
    init_peak = hwm_kb(s.p.pid)
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    summary = s.request("readcov/summary", {})
    t_summary = time.monotonic() - t0
    # The answer's bytes, to compare binaries: the same input gives the same answer.
    summary_sha = hashlib.sha256(s.last).hexdigest()[:16]
    s.request("shutdown", None)
    # The whole run's peak is VmHWM once `shutdown` is answered (all work done; `exit` only frees).
    # Not wait4's ru_maxrss: Linux carries the forking process's peak RSS across exec, so the
    # server's figure included this script's own memory at the fork (the previous case's
    # answer and input), 78 MB instead of 49 MB for the 10 MB case run after the 5 MB one.
    run_peak = hwm_kb(s.p.pid)
    s.send({"jsonrpc": "2.0", "method": "exit", "params": None})
    s.p.stdin.close()
    _, status, _ = os.wait4(s.p.pid, 0)
    rows = (summary.get("result") or {}).get("rows") or []
    cache = ws + ".cache"
    kept = sum(len(fs) for _, _, fs in os.walk(cache)) if os.path.isdir(cache) else 0
    print(json.dumps({"case": case, "tasks": TASKS, "files": FILES, "input_mb": round(size / MB, 1), "init_s": round(t_init, 2),
                      "init_peak_rss_mb": round(init_peak / 1024), "summary_s": round(t_summary, 2), "peak_rss_mb": round(run_peak / 1024),
                      "summary_rows": len(rows), "summary_sha256": summary_sha, "kept_in_cache": kept,
                      "kept_in_workspace": os.path.isdir(os.path.join(ws, ".readcov", "base")),
                      "exit": os.waitstatus_to_exitcode(status)}), flush=True)
    return ws


def main():
    global TASKS, FILES
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("case", choices=["big-source", "gold-jsonl", "gold-array"])
    ap.add_argument("mb", type=float, nargs="+")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "readcov"))
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--tasks", type=int, default=TASKS, help="distinct tasks of the gold rows")
    ap.add_argument("--files", type=int, default=FILES,
                    help="distinct paths of the gold rows (the first 50 exist in the workspace)")
    a = ap.parse_args()
    TASKS, FILES = a.tasks, a.files
    a.bin = os.path.abspath(a.bin)
    for mb in a.mb:
        ws = run(a.bin, a.case, mb)
        if not a.keep:
            shutil.rmtree(ws, ignore_errors=True)
            shutil.rmtree(ws + ".cache", ignore_errors=True)


if __name__ == "__main__":
    main()
