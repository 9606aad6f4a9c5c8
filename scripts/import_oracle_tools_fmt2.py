"""Gemini CLI, Inspect AI, OpenTelemetry GenAI and OpenHands V1 readers of
scripts/import_oracle_tools.py, from their docs/importers.md sections."""
import hashlib
import json
import os
import re
import zipfile

import import_oracle_tools_atif as atif
import import_oracle_tools_editor
import import_oracle_tools_inspect_events
import import_oracle_tools_textcheck as textcheck
import import_oracle_tools_fmt as fmt
import import_oracle_tools_lib as lib
from import_oracle_tools_lib import Run


def file_task(path):
    """docs: `--task` defaults to the log's own id, else the file name without extensions."""
    return os.path.basename(path).split(".")[0]


def abs_paths(obj, out):
    if isinstance(obj, str):
        out.update(re.findall(r"(/[^\s\"'`:,;()\[\]]+)", obj))
    elif isinstance(obj, dict):
        for v in obj.values():
            abs_paths(v, out)
    elif isinstance(obj, list):
        for v in obj:
            abs_paths(v, out)


def project_root(d):
    """docs Gemini CLI: the ancestor of an absolute path the log names whose SHA-256 is `projectHash`."""
    paths = set()
    abs_paths(d.get("messages"), paths)
    for p in sorted(paths):
        parts = p.rstrip("/").split("/")
        for i in range(len(parts), 1, -1):
            cand = "/".join(parts[:i])
            if hashlib.sha256(cand.encode()).hexdigest() == d.get("projectHash"):
                return cand
    return None


SHOWING = re.compile(r"Status: Showing lines (\d+)-(\d+) of \d+ total lines\.")
CHARS_OMITTED = re.compile(r"\n\n\.\.\. \[[\d,]+ characters omitted\] \.\.\.\n\n")
LINES_CUT = "\n... [CONTENT TRUNCATED] ...\n"
CUT_FILE = ("[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this "
            "specific file.]\n\n")
JIT = "\n\n--- Newly Discovered Project Context ---\n"


def without_context(out):
    """docs "Gemini CLI": the project context appended after a read is not the file's text."""
    i = out.rfind(JIT)
    return out[:i] if i >= 0 and out[i:].rstrip().endswith("--- End Project Context ---") else out


SHELL_END = re.compile(r"^(Exit Code|Error|Signal|Background PIDs|Process Group PGID): ", re.M)


def gemini(path):
    """docs "Gemini CLI"."""
    d = json.load(open(path, encoding="utf-8"))
    run = Run(d.get("sessionId"), "gemini-cli")
    root = project_root(d)
    roots = [root] if root else []
    table = fmt.TOOLS["gemini-cli"]
    step, turn = 0, -1
    for m in d.get("messages") or []:
        if m.get("type") != "gemini":
            continue
        turn += 1
        for tc in m.get("toolCalls") or []:
            run.actions += 1
            step = gemini_call(run, turn, step, tc, table, root, roots)
    return [run]


def gemini_call(run, turn, step, tc, table, root, roots):
    """One call (a grep_search of several files is one call per file); returns the next step."""
    nxt = one(run, turn, step, tc, table, root, roots)
    return step + 1 if nxt is None else nxt


def one(run, turn, step, tc, table, root, roots):
    name, args = tc.get("name"), tc.get("args") or {}
    spec = table.get(name)
    if spec and spec["kind"] == "quiet":
        return
    res = tc.get("result")
    resp = None
    if isinstance(res, list) and res:
        resp = ((res[0] or {}).get("functionResponse") or {}).get("response")
    if spec is None:
        return run.reason(lib.UNKNOWN_TOOL)
    if resp is None:
        return run.reason(lib.MISSING)
    if "error" in resp:
        return run.reason(lib.TOOL_ERROR)
    out = resp.get("output") if isinstance(resp.get("output"), str) else ""
    # docs: the text parts after the functionResponse (Gemini CLI 0.9.0's several-part results).
    extra = [p["text"] for p in res[1:] if isinstance(p, dict) and isinstance(p.get("text"), str)]
    if extra:
        out = out + "\n" + "".join(extra)
    kind = spec["kind"]
    if kind == "other":
        return run.reason(lib.UNKNOWN_COMMAND)
    if kind == "bash":
        m = re.search(r"Output: ", out)
        shown = out[m.end():] if m else ""
        e = SHELL_END.search(shown)
        shown = shown[:e.start()] if e else shown
        shown = "" if shown.strip() == "(empty)" else shown
        # docs: Gemini CLI's cuts, as the displayed rules they mean (head and tail mid-line; whole lines).
        c = CHARS_OMITTED.search(shown)
        if c:
            shown = shown[:c.start()] + "…1 tokens truncated…" + shown[c.end():]
        elif LINES_CUT in shown:
            h, t = shown.split(LINES_CUT, 1)
            shown = h + "\n\n... [1 lines truncated] ...\n" + t
        return fmt.bash(run, turn, step, name, args.get("command", ""), root, roots, shown)
    if name in ("grep_search", "search_file_content"):
        base = args.get("dir_path") or args.get("path") or ""
        files, cur = {}, None
        for line in out.split("\n"):
            if line.startswith("File: "):
                cur = line[len("File: "):].strip()
                files.setdefault(cur, [])
            m = re.match(r"L(\d+)[:-]", line)
            if m and cur is not None:
                files[cur].append(int(m.group(1)))
        if not files:
            run.reason(lib.NO_LINES)
            return step + 1
        # docs: one call per `File:` (each its own step).
        run.actions += len(files) - 1
        for f, nums in files.items():
            rp = lib.repo_path(os.path.join(base, f) if base else f, root, roots)
            if rp is None:
                run.reason(lib.OUTSIDE)
            else:
                run.read(turn, step, name, rp, lambda *_, n=nums: lib.spans(n))
            step += 1
        return step
    if name == "read_many_files":
        # docs: each `--- path ---` section from line 1, one call per file; the blank lines around a
        # section are the tool's separators, `--- End of content ---` closes the list.
        secs = re.split(r"^--- (.+) ---$", without_context(out), flags=re.M)[1:]
        secs = [(p, t) for p, t in zip(secs[::2], secs[1::2]) if p != "End of content"]
        run.actions += len(secs) - 1
        for p, t in secs:
            body = t.removeprefix("\n").removeprefix("\n").removeprefix(CUT_FILE).removesuffix("\n\n")
            n = len(lib.text_lines(body))
            rp2 = lib.repo_path(p, root, roots)
            if rp2 is None:
                run.reason(lib.OUTSIDE)
            else:
                run.read(turn, step, name, rp2, lambda *_, n=n: [(1, n)] if n else [])
            step += 1
        return step
    rp = lib.repo_path(args.get(spec.get("path", "")), root, roots)
    if rp is None:
        return run.reason(lib.OUTSIDE if args.get(spec.get("path", "")) else lib.MALFORMED)
    if kind in ("edit", "write"):
        if kind == "write":
            return run.edit(turn, step, name, rp, ("create", args.get(spec.get("content", ""), "")))
        return run.edit(turn, step, name, rp, ("replace", args.get(spec["old"], ""), args.get(spec["new"], "")))
    out = without_context(out)
    m = SHOWING.search(out)
    if m:
        start = int(m.group(1))
        k = out.find("--- FILE CONTENT (truncated) ---")
        text = out[k + len("--- FILE CONTENT (truncated) ---"):].lstrip("\n") if k >= 0 else ""
    else:
        start = args.get("start_line") or ((args.get("offset") or 0) + 1 if "offset" in args else 1)
        text = out
    n = len(lib.text_lines(text))
    if textcheck.differs(run, rp, start, lib.text_lines(text)):  # docs: checked with --workspace
        return run.reason(textcheck.SHOWN_DIFFERS)
    run.read(turn, step, name, rp, lambda *_: [(start, start + n - 1)] if n else [])


def inspect_samples(path):
    if path.endswith(".eval"):
        z = zipfile.ZipFile(path)
        header = json.loads(z.read("header.json"))
        samples = [json.loads(z.read(n)) for n in sorted(z.namelist()) if n.startswith("samples/")]
        return header, samples
    d = json.load(open(path, encoding="utf-8"))
    return d, d.get("samples") or []


INSPECT_NOTE = re.compile(r"was too long to be displayed\.\nHere is a truncated version:\n<START_TOOL_OUTPUT>\n(.*)\n<END_TOOL_OUTPUT>", re.S)


def inspect_version_cut(text, version):
    """docs "Inspect AI": an output Inspect cut, as the log's version cut it, in the words lib.displayed reads:
    before 0.3.117 the kept text is the output's start (a head, nothing after); from 0.3.117, when ASCII, its
    first half is the head and its second half the tail, which starts mid-line (the line break it may start with
    ends the head's line). Other logs (no version, non-ASCII) are left as they are."""
    m = INSPECT_NOTE.search(text)
    nums = re.match(r"(\d+)\.(\d+)\.(\d+)", version or "")
    if not m or not nums:
        return text
    kept = m.group(1)
    if tuple(int(x) for x in nums.groups()) < (0, 3, 117):
        return kept.rstrip("\ufffd") + "\n\n... [1 lines truncated] ...\n"
    if not kept.isascii():
        return text
    half = len(kept) // 2
    return kept[:half] + "…1 tokens truncated…" + kept[half:].removeprefix("\n")


def inspect(path):
    """docs "Inspect AI": one run per sample and epoch; the sample's messages, else the last model
    event's input (`input_refs` into `message_pool`) and output."""
    header, samples = inspect_samples(path)
    model = (header.get("eval") or {}).get("model")
    version = ((header.get("eval") or {}).get("packages") or {}).get("inspect_ai")
    table = fmt.TOOLS["inspect"]
    runs = []
    for s in samples:
        run = Run(s.get("id"), f"inspect/{model}/epoch-{s.get('epoch')}")
        msgs = s.get("messages") or import_oracle_tools_inspect_events.conversation(s)
        att = s.get("attachments") or {}

        def inline(v):  # docs: `attachment://<hash>` strings are the sample's attachments
            if isinstance(v, str) and v.startswith("attachment://"):
                return att.get(v[len("attachment://"):], v)
            if isinstance(v, list):
                return [inline(x) for x in v]
            if isinstance(v, dict):
                return {k: inline(x) for k, x in v.items()}
            return v
        msgs = inline(msgs)
        results = {m.get("tool_call_id"): m for m in msgs if m.get("role") == "tool"}
        step, turn = 0, -1
        for m in msgs:
            if m.get("role") != "assistant":
                continue
            turn += 1
            for c in m.get("tool_calls") or []:
                run.actions += 1
                name, args = c.get("function"), c.get("arguments") or {}
                spec = table.get(name)
                res = results.get(c.get("id"))
                if spec and spec["kind"] == "quiet":
                    pass
                elif spec is None:
                    run.reason(lib.UNKNOWN_TOOL)
                elif res is None:
                    run.reason(lib.MISSING)
                elif res.get("error"):
                    run.reason(lib.TOOL_ERROR)
                elif spec["kind"] == "other":
                    run.reason(lib.UNKNOWN_COMMAND)
                elif spec["kind"] == "bash":
                    text = inspect_version_cut(fmt.result_text(res.get("content")), version)
                    fmt.bash(run, turn, step, name, args.get(spec["command"], ""), None, atif.ROOTS, text)
                else:  # docs: `text_editor` as OpenHands' `str_replace_editor`
                    text = inspect_version_cut(fmt.result_text(res.get("content")), version)
                    import_oracle_tools_editor.editor(run, turn, step, name, args, text, atif.ROOTS)
                step += 1
        runs.append(run)
    return runs


def otel(path):
    """docs "OpenTelemetry GenAI spans": one run per trace, its execute_tool spans in start order, the
    tool looked up in the ATIF tables (by gen_ai.agent.name, else every table in order)."""
    d = json.load(open(path, encoding="utf-8"))
    spans = []
    if "spans" in d:
        for sp in d["spans"]:
            spans.append((sp["context"]["trace_id"], sp.get("start_time"), sp.get("name"), sp.get("attributes") or {}))
    else:
        for rs in d.get("resourceSpans") or []:
            for ss in rs.get("scopeSpans") or []:
                for sp in ss.get("spans") or []:
                    attrs = {a["key"]: next(iter(a["value"].values()), None) for a in sp.get("attributes") or []}
                    spans.append((sp.get("traceId"), int(sp.get("startTimeUnixNano") or 0), sp.get("name"), attrs))
    runs = {}
    for trace, start, name, a in sorted(spans, key=lambda s: (s[1] or 0)):
        tid = format(trace, "032x") if isinstance(trace, int) else str(trace).lower().removeprefix("0x")
        if a.get("gen_ai.operation.name") != "execute_tool" and not str(name).startswith("execute_tool"):
            runs.setdefault(tid, None)
            continue
        run = runs.get(tid) or Run(file_task(path), f"otel-genai/{tid}")
        runs[tid] = run
        run.actions += 1
        tool = a.get("gen_ai.tool.name")
        args = a.get("gen_ai.tool.call.arguments", a.get("gen_ai.tool.args"))
        result = a.get("gen_ai.tool.call.result", a.get("gen_ai.output"))
        spec = atif.tool_table(a.get("gen_ai.agent.name"))(tool)
        if args is None or result is None:
            run.reason(lib.NOT_CAPTURED)
        elif spec is None:
            run.reason(lib.UNKNOWN_TOOL)
        else:
            try:
                args = json.loads(args) if isinstance(args, str) else args
            except ValueError:
                run.reason(lib.MALFORMED)
                continue
            atif.atif_call(run, run.actions - 1, run.actions - 1, tool, args, {"content": result}, spec, [])
    return [r for r in runs.values() if r]


V1_NOTICE = ("<response clipped><NOTE>Due to the max output limit, only part of the full response has been "
             "shown to you.</NOTE>")


def v1_sent(text, meta):
    """docs Limits / OpenHands V1: a terminal output is sent as `maybe_truncate` of prefix, text, suffix and the
    status lines at 30,000 characters: the first (30,000 - notice) / 2 characters (rounded up) and the last ones
    that fit. Given back in lib.displayed's words (`…N tokens truncated…` inside a line: both ends mid-line; the
    status lines of the tail are no output)."""
    status = "".join(f"\n[{label}: {meta[k]}]" for k, label in (("working_dir", "Current working directory"),
                                                               ("py_interpreter_path", "Python interpreter"))
                     if meta.get(k))
    if meta.get("exit_code") is not None and meta.get("exit_code") != -1:
        status += f"\n[Command finished with exit code {meta['exit_code']}]"
    prefix, suffix = meta.get("prefix") or "", meta.get("suffix") or ""
    ret = prefix + text + suffix + status
    if len(ret) <= 30000:
        return text
    avail = 30000 - len(V1_NOTICE)
    head, tail = avail // 2 + avail % 2, avail // 2
    h = ret[:head][len(prefix):]
    t_start = len(ret) - tail - len(prefix)
    if t_start >= len(text):
        return h + "\n\n... [1 lines truncated] ...\n"
    return h + "…1 tokens truncated…" + text[t_start:]


def openhands_v1(path):
    """docs "OpenHands V1 (software-agent-sdk)": TerminalAction, FileEditorAction (OpenHands' editor,
    import_oracle_tools_editor), Finish/Think and the skipped kinds."""
    if os.path.isfile(path) and os.path.basename(path) != "base_state.json":
        # docs: also JSONL or a JSON array of the events, with the conversation's base_state
        text = open(path, encoding="utf-8").read()
        try:
            items = json.loads(text)
        except ValueError:
            items = [json.loads(x) for x in text.splitlines() if x.strip()]
        base = next((x for x in items if "kind" not in x), {})
        events = [x for x in items if "kind" in x]
    else:
        folder = path if os.path.isdir(path) else os.path.dirname(path)
        base = json.load(open(os.path.join(folder, "base_state.json")))
        evdir = os.path.join(folder, "events")
        events = [json.load(open(os.path.join(evdir, f))) for f in sorted(os.listdir(evdir)) if f.endswith(".json")]
    run = Run(base.get("id"), "openhands-v1")
    root = ((base.get("workspace") or {}).get("working_dir"))
    obs = {}
    for e in events:
        if e.get("kind") in ("ObservationEvent", "AgentErrorEvent", "UserRejectObservation"):
            obs[e.get("action_id") or e.get("tool_call_id")] = e
    step, cwd = 0, root
    for e in events:
        if e.get("kind") != "ActionEvent":
            continue
        run.actions += 1
        act = e.get("action") or {}
        o = obs.get(e.get("id")) or obs.get(e.get("tool_call_id"))
        k = act.get("kind")
        if k in ("FinishAction", "ThinkAction"):
            pass
        elif o is None:
            run.reason(lib.MISSING)
        elif o.get("kind") != "ObservationEvent" or (o.get("observation") or {}).get("is_error"):
            run.reason(lib.TOOL_ERROR)
        elif k not in ("TerminalAction", "FileEditorAction"):
            run.reason(lib.UNKNOWN_TOOL)
        elif k == "TerminalAction":
            # The working_dir an observation reports is the shell's after the command: it is where
            # later commands run (docs "What counts as a read": `&&`, `;` … row).
            ob = o.get("observation") or {}
            text = v1_sent(fmt.result_text(ob.get("content")), ob.get("metadata") or {})
            fmt.bash(run, step, step, e.get("tool_name"), act.get("command", ""), cwd, [root], text)
            cwd = (ob.get("metadata") or {}).get("working_dir") or cwd
        else:  # FileEditorAction: OpenHands' editor
            ob = o.get("observation") or {}
            import_oracle_tools_editor.editor(run, step, step, e.get("tool_name"), act, fmt.result_text(ob.get("content")),
                                              [root], cwd)
        step += 1
    return [run]
