"""The inputs of scripts/sheet_oracle.py, read and checked the way docs/evaluation.md ("Run records",
"Requirement ledger"), docs/formats.md ("Reads", "Gold", "Paths", "Errors") and docs/schemas/ say: each
file's valid rows, and the line numbers of its bad ones (an unreadable run record is still a planned
trial of the task and condition it names). Knows nothing of readcov's code."""
import json

VALIDITY = ("environment", "simulator", "scenario_oracle")
EVIDENCE = ("target", "regression_free", "output", "state", "process", "requirement_tracking")
AXES = EVIDENCE + ("exploration",)
DEFAULT_REQUIRE = ("target", "regression_free", "output", "process", "requirement_tracking")
COMPONENTS = ("agent", "simulator", "environment", "oracle", "unknown")
COUNTS = ("agent_turns", "user_messages", "tool_calls", "marker_records", "regeneration_count")
STRINGS = ("primary_code", "first_decisive_event_id", "notes", "attempt_id",
           "initial_requirement_version", "final_requirement_version")
RUN_KEYS = set(("run", "task", "condition", "responsible_component", "secondary_codes", "termination",
                "human_validity") + VALIDITY + EVIDENCE + COUNTS + STRINGS)
U32 = 2 ** 32 - 1


class Bad(Exception):
    """One bad line: the message is for the oracle's notes only (readcov's wording is its own)."""


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def as_id(v, default="default"):
    """An id (task, run, condition): a non-empty string or an integer; absent = `default`."""
    if v is None:
        return default
    if is_int(v):
        return str(v)
    if isinstance(v, str) and v != "":
        return v
    raise Bad(f"not an id: {v!r}")


def lines_of(path):
    """(line number, parsed object or Bad) per non-blank line; BOM and CRLF accepted."""
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    for i, line in enumerate(raw.split(b"\n"), 1):
        line = line.rstrip(b"\r")
        if not line.strip():
            continue
        try:
            obj = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            yield i, Bad(f"invalid JSON: {e}")
            continue
        yield i, obj if isinstance(obj, dict) else Bad("not an object")


def norm_path(p):
    """docs/formats.md "Paths": `\\` → `/`, `.` and empty components go, `a/x/../b` is `a/b`."""
    if not isinstance(p, str) or p == "":
        raise Bad("path")
    p = p.replace("\\", "/")
    absolute = p.startswith("/")
    out = []
    for c in p.split("/"):
        if c in ("", "."):
            continue
        if c == "..":
            if not out:
                raise Bad("path climbs above the root")
            out.pop()
        else:
            out.append(c)
    return ("/" if absolute else "") + "/".join(out)


def span(obj):
    for k in ("path", "start", "end"):
        if k not in obj:
            raise Bad(f"missing {k}")
    s, e = obj["start"], obj["end"]
    if not (is_int(s) and is_int(e)) or s < 1 or e < s or e > U32:
        raise Bad("start/end")
    return norm_path(obj["path"]), s, e


def read_runs(path):
    """(records in file order, bad: [(line, task or None, condition or None)])."""
    runs, bad, seen = [], [], set()
    for ln, obj in lines_of(path):
        try:
            if isinstance(obj, Bad):
                raise obj
            runs.append(run_record(obj, seen))
        except Bad:
            bad.append((ln,) + named_by(obj))
    return runs, bad


def named_by(obj):
    """The task and condition a broken run record still names (None: it names none)."""
    if not isinstance(obj, dict):
        return None, None
    try:
        task = as_id(obj.get("task"))
    except Bad:
        return None, None
    return task, condition(obj)  # a task but no condition: with its task's shard, overall only


def condition(obj):
    """A condition is free text (docs/schemas/run.schema.json: a string); absent = `default`."""
    c = obj.get("condition")
    return "default" if c is None else c if isinstance(c, str) else None


def run_record(o, seen):
    extra = set(o) - RUN_KEYS
    if extra:
        raise Bad(f"unknown key(s) {sorted(extra)}")  # `exploration` among them: readcov computes it
    if "run" not in o:
        raise Bad("missing run")
    r = {"run": as_id(o["run"], None), "task": as_id(o.get("task")), "condition": condition(o)}
    if r["condition"] is None:
        raise Bad("condition")
    if r["run"] is None:
        raise Bad("run")
    if (r["task"], r["run"]) in seen:
        raise Bad("duplicate (task, run)")
    for k in VALIDITY:
        v = o.get(k, "pending")
        if v not in ("valid", "invalid", "pending"):
            raise Bad(k)
        r[k] = v
    for k in EVIDENCE:
        v = o.get(k)
        if v not in (True, False, None) or is_int(v) and not isinstance(v, bool):
            raise Bad(k)
        r[k] = v
    if o.get("responsible_component") not in (None,) + COMPONENTS or "responsible_component" in o and \
            o["responsible_component"] is None:
        raise Bad("responsible_component")
    r["responsible_component"] = o.get("responsible_component")
    for k in STRINGS:
        if k in o and not isinstance(o[k], str):
            raise Bad(k)
        r[k] = o.get(k)
    sec = o.get("secondary_codes", [])
    if not isinstance(sec, list) or not all(isinstance(c, str) for c in sec):
        raise Bad("secondary_codes")
    r["secondary_codes"] = sec
    for k in COUNTS:
        if k in o and not (is_int(o[k]) and o[k] >= 0):
            raise Bad(k)
        r[k] = o.get(k)
    t = o.get("termination")
    if "termination" in o and not (isinstance(t, dict) and set(t) == {"reason"} and isinstance(t["reason"], str)
                                   and t["reason"] != ""):
        raise Bad("termination")
    r["termination"] = t
    if o.get("human_validity", "valid") not in ("valid", "invalid"):
        raise Bad("human_validity")
    r["human_validity"] = o.get("human_validity")
    seen.add((r["task"], r["run"]))
    return r


def read_gold(path):
    """{task: [(path, start, end, requirement id or None, version or None)]} of core spans, and bad lines."""
    gold, bad = {}, []
    for ln, o in lines_of(path):
        try:
            if isinstance(o, Bad):
                raise o
            p, s, e = span(o)
            task = as_id(o.get("task"))
            if o.get("tier", "core") not in ("core", "optional"):
                raise Bad("tier")
            req = o.get("requirement")
            rid = ver = None
            if req is not None:
                if not isinstance(req, str) or req == "":
                    raise Bad("requirement")
                rid, _, ver = req.partition("@")
                ver = ver if "@" in req else None
            row = gold.setdefault(task, [])  # an optional-only task has gold, and no core line
            if o.get("tier", "core") == "core":
                row.append((p, s, e, rid, ver))
        except Bad:
            bad.append(ln)
    return gold, bad


SOURCES = ("agent", "human", "manual", "retriever")


def read_reads(path):
    """{(task, run): [row]} in file order (row: path, start, end, turn, step, kind, source, n = the
    row's 1-based index among the run's rows — its event id), and bad lines."""
    runs, bad = {}, []
    for ln, o in lines_of(path):
        try:
            if isinstance(o, Bad):
                raise o
            p, s, e = span(o)
            key = (as_id(o.get("task")), as_id(o.get("run")))
            for k in ("turn", "step", "rank"):
                if k in o and not (is_int(o[k]) and 0 <= o[k] <= U32):
                    raise Bad(k)
            if o.get("source", "agent") not in SOURCES or o.get("kind", "read") not in ("read", "edit"):
                raise Bad("source/kind")
            rows = runs.setdefault(key, [])
            rows.append({"path": p, "start": s, "end": e, "turn": o.get("turn", 0), "step": o.get("step"),
                         "kind": o.get("kind", "read"), "source": o.get("source", "agent"),
                         "n": len(rows) + 1, "order": len(rows)})
        except Bad:
            bad.append(ln)
    return runs, bad


def read_ledger(path):
    """[event] and bad lines (docs/schemas/ledger.schema.json)."""
    events, bad = [], []
    keys = {"run", "task", "turn", "event", "requirement", "version", "message_id", "fired"}
    for ln, o in lines_of(path):
        try:
            if isinstance(o, Bad):
                raise o
            if set(o) - keys or "run" not in o or o.get("event") not in ("activate", "revoke", "replace"):
                raise Bad("keys/event")
            fired = o.get("fired", True)
            if not isinstance(fired, bool):
                raise Bad("fired")
            turn = o.get("turn")
            if turn is None and fired or turn is not None and not (is_int(turn) and 0 <= turn <= U32):
                raise Bad("turn")
            req = o.get("requirement")
            if not isinstance(req, str) or req == "" or "@" in req:
                raise Bad("requirement")
            ver = o.get("version")
            if o["event"] in ("activate", "replace") and not (isinstance(ver, str) and ver):
                raise Bad("version")
            if ver is not None and not (isinstance(ver, str) and ver):
                raise Bad("version")
            if "message_id" in o and not isinstance(o["message_id"], str):
                raise Bad("message_id")
            events.append({"run": as_id(o["run"], None), "task": as_id(o["task"]) if "task" in o else None,
                           "turn": turn, "event": o["event"], "requirement": req, "version": ver,
                           "fired": fired})
        except Bad:
            bad.append(ln)
    return events, bad


def read_tasks(path):
    tasks, bad = {}, []
    for ln, o in lines_of(path):
        try:
            if isinstance(o, Bad):
                raise o
            if set(o) != {"task", "required"} or not isinstance(o["required"], list) \
                    or not all(a in AXES for a in o["required"]):
                raise Bad("task line")
            tasks[as_id(o["task"], None)] = list(o["required"])
        except Bad:
            bad.append(ln)
    return tasks, bad


def read_units(path):
    """{path: [(start, end)]} from `{"path","start","end"}` rows (optional kind, name, depth)."""
    units, bad = {}, []
    for ln, o in lines_of(path):
        try:
            if isinstance(o, Bad):
                raise o
            if set(o) - {"path", "start", "end", "kind", "name", "depth"}:
                raise Bad("unknown key")  # docs/evaluation.md: any other key is an error on its line
            if any(k in o and not isinstance(o[k], str) for k in ("kind", "name")) or \
                    "depth" in o and not (is_int(o["depth"]) and 0 <= o["depth"] <= U32):
                raise Bad("kind/name/depth")
            p, s, e = span(o)
            units.setdefault(p, []).append((s, e))
        except Bad:
            bad.append(ln)
    return units, bad
