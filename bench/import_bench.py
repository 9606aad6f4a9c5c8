#!/usr/bin/env python3
"""Import benchmark: `readcov import` vs a plain serde_json parse of the same bytes (the floor).

  bench/import_bench.py [--runs 5] [--quick] [--trajectories 500] [--mb 160]

Generates (seeded, cached under target/bench-data/) a synthetic OpenHands-shaped corpus: each
trajectory is one JSON object with `fncall_messages` (assistant tool calls to
`str_replace_editor` view / view_range / create / str_replace and `execute_bash` cat, sed -n,
grep -n, python runs, with long tool outputs: `cat -n` listings, grep hits, tracebacks) and the
same conversation as text in `messages`, like the real files in tests/data/real/openhands/.
Times the release `readcov import` on it and `readcov-json-floor` (serde_json::Value per file,
nothing else), then the same on all shipped real trajectories when tests/data/real exists.
Prints one JSON array per line: [what, input, wall ms, cpu ms, ratio, note] (bench/run's rows).
"""
import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import time

from pagecache import at_rest, corpus_folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data")
BIN = os.path.join(ROOT, "target", "release")
REAL = os.path.join(ROOT, "tests", "data", "real")

WORDS = ("self", "return", "value", "headers", "session", "request", "None", "if", "for", "in", "def", "import",
         "config", "path", "data", "result", "items", "key", "merge", "setting", "cls", "args", "kwargs", "raise")


def source_file(rng, n_lines):
    """A fake Python file of n_lines lines, 20-80 characters each, with some structure."""
    lines = []
    for i in range(n_lines):
        r = rng.random()
        if r < 0.06:
            lines.append(f"def {rng.choice(WORDS)}_{i}({rng.choice(WORDS)}, {rng.choice(WORDS)}):")
        elif r < 0.1:
            lines.append("")
        else:
            indent = " " * (4 * rng.randint(1, 3))
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 11)))
            lines.append(f"{indent}{words}")
    return lines


def cat_n(lines, start):
    return "\n".join(f"{start + i:6}\t{t}" for i, t in enumerate(lines))


def trajectory(rng, idx, files, target_bytes):
    """One OpenHands trajectory of about 2 * target_bytes (fncall_messages + text messages)."""
    repo = f"org{idx % 17}__repo{idx % 29}"
    ws = f"/workspace/{repo}__1.{idx % 7}"
    fn, text = [], []
    fn.append({"content": "You are OpenHands agent, a helpful AI assistant.", "role": "system"})
    issue = f"<uploaded_files>\n{ws}\n</uploaded_files>\nConsider the following issue description:\n" + \
        " ".join(rng.choice(WORDS) for _ in range(300))
    fn.append({"content": issue, "role": "user"})
    text += [dict(m) for m in fn]
    size, call = 0, 0
    paths = rng.sample(sorted(files), 12)
    while size < target_bytes:
        call += 1
        path = rng.choice(paths)
        lines = files[path]
        full = f"{ws}/{path}"
        r = rng.random()
        if r < 0.22:
            name, args = "str_replace_editor", {"command": "view", "path": full}
            out = f"Here's the result of running `cat -n` on {full}:\n" + cat_n(lines, 1)
        elif r < 0.5:
            a = rng.randint(1, max(1, len(lines) - 80))
            b = min(len(lines), a + rng.randint(20, 80))
            name, args = "str_replace_editor", {"command": "view", "path": full, "view_range": [a, b]}
            out = f"Here's the result of running `cat -n` on {full}:\n" + cat_n(lines[a - 1:b], a)
        elif r < 0.65:
            word = rng.choice(WORDS)
            hits = [(i + 1, t) for i, t in enumerate(lines) if word in t][:40]
            name, args = "execute_bash", {"command": f"grep -n \"{word}\" {full}"}
            out = "\n".join(f"{n}:{t}" for n, t in hits)
        elif r < 0.75:
            a = rng.randint(1, max(1, len(lines) - 60))
            b = min(len(lines), a + rng.randint(10, 60))
            name, args = "execute_bash", {"command": f"sed -n '{a},{b}p' {full}"}
            out = "\n".join(lines[a - 1:b])
        elif r < 0.8:
            name, args = "execute_bash", {"command": f"cat {full}"}
            out = "\n".join(lines)
        elif r < 0.9:
            a = rng.randint(1, len(lines))
            old = lines[a - 1]
            name, args = "str_replace_editor", {"command": "str_replace", "path": full, "old_str": old,
                                                "new_str": old + "  # fixed"}
            out = f"The file {full} has been edited. Here's the result of running `cat -n` on a snippet:\n" + \
                cat_n(lines[max(0, a - 5):a + 4], max(1, a - 4))
        else:
            name, args = "execute_bash", {"command": f"cd {ws} && python reproduce.py"}
            frames = [f"  File \"{ws}/{rng.choice(paths)}\", line {rng.randint(1, 900)}, in {rng.choice(WORDS)}\n"
                      f"    {rng.choice(lines)}" for _ in range(rng.randint(3, 30))]
            out = "Traceback (most recent call last):\n" + "\n".join(frames) + "\nValueError: bad value"
        out += f"\n[The command completed with exit code 0.]\n[Current working directory: {ws}]" \
            if name == "execute_bash" else ""
        tid = f"toolu_{call:02}"
        thought = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 40)))
        fn.append({"content": thought, "role": "assistant", "tool_calls": [
            {"id": tid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]})
        fn.append({"content": out, "role": "tool", "tool_call_id": tid, "name": name})
        params = "".join(f"<parameter={k}>{v}</parameter>\n" for k, v in args.items())
        text.append({"role": "assistant", "content": f"{thought}\n\n<function={name}>\n{params}</function>"})
        text.append({"role": "user", "content": f"EXECUTION RESULT of [{name}]:\n{out}"})
        size += len(out) + len(thought) + 200
    return {"messages": text, "response": {"choices": []}, "args": [], "kwargs": {"tool_choice": "none"},
            "timestamp": 1743412105.0 + idx, "cost": 0.0, "fncall_messages": fn,
            "fncall_response": {"choices": [{"message": {"content": "Done.", "role": "assistant"}}]}}


def corpus(n, mb, as_written, seed=10):
    """The synthetic corpus, generated once; with `as_written`, afresh in its own folder (bench/pagecache.py)."""
    out = corpus_folder(os.path.join(WORK, f"openhands-{n}-{mb}mb"), as_written)
    done = os.path.join(out, "DONE")
    if os.path.exists(done):
        return out
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    files = {f"pkg{d}/mod{i}.py": source_file(rng, rng.randint(300, 3000)) for d in range(4) for i in range(30)}
    # Sizes vary 0.3x-1.7x around the mean; `scale` (bytes written per byte asked, learnt as we
    # go: both message lists, JSON escaping) keeps the total on mb.
    mean, asked, written = mb * 1e6 / n, 0.0, 0
    for i in range(n):
        scale = written / asked if asked else 2.9
        want = mean * rng.uniform(0.3, 1.7)
        t = trajectory(rng, i, files, want / scale)
        path = os.path.join(out, f"org__repo-{i}.json")
        with open(path, "w") as f:
            json.dump(t, f, indent=1)
        asked += want / scale
        written += os.path.getsize(path)
    open(done, "w").close()
    return out


def timed(cmd, runs):
    """Median wall and CPU (user+sys of the child) seconds of `cmd` over `runs` runs (as bench/run)."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(walls), statistics.median(cpus)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="50 trajectories, 16 MB")
    ap.add_argument("--trajectories", type=int, default=500)
    ap.add_argument("--mb", type=int, default=160)
    ap.add_argument("--as-written", action="store_true",
                    help="time the synthetic corpus cached as written, not as files at rest (bench/pagecache.py)")
    a = ap.parse_args()
    n, mb = (50, 16) if a.quick else (a.trajectories, a.mb)
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "readcov", "-p", "readcov-naive"], cwd=ROOT,
                   check=True)
    readcov, floor = os.path.join(BIN, "readcov"), os.path.join(BIN, "readcov-json-floor")

    def pair(label, files, extra):
        total = sum(os.path.getsize(f) for f in files) / 1e6
        iw, ic = timed([readcov, "import", *extra, *files, "-o", os.devnull], a.runs)
        fw, fc = timed([floor, *files], a.runs)
        desc = f"{len(files)} files, {total:.0f} MB" if total >= 10 else f"{len(files)} files, {total:.1f} MB"
        rows = [
            [f"readcov import ({label})", desc, f"{iw * 1e3:.0f}", f"{ic * 1e3:.0f}", "",
             f"{total / ic:.0f} MB/s CPU, {total / iw:.0f} MB/s wall"],
            [f"serde_json::Value parse floor ({label})", desc, f"{fw * 1e3:.0f}", f"{fc * 1e3:.0f}", "",
             f"{total / fc:.0f} MB/s CPU, {total / fw:.0f} MB/s wall"],
            [f"ratio import / parse floor (CPU, {label})", desc, "", "", f"{ic / fc:.2f}x", "goal <= 3x"],
        ]
        for r in rows:
            print(json.dumps(r))

    d = corpus(n, mb, a.as_written)
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".json"))
    if not a.as_written:
        at_rest(files)
    pair("synthetic OpenHands", files, ["--format", "openhands"])
    real = os.path.normpath(REAL)
    if os.path.isdir(real):
        trajs = []
        for sub, suffix in (("openhands", ".json"), ("mini-swe-agent", ".json"), ("swe-agent-java", ".traj")):
            p = os.path.join(real, sub)
            trajs += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(suffix))
        at_rest(trajs)
        pair("all real trajectories", trajs, ["--workspaces", os.path.join(real, "sources")])
    else:
        print(json.dumps(["readcov import (real trajectories)", "-", "", "", "", f"skipped: {real} not found"]))


if __name__ == "__main__":
    main()
