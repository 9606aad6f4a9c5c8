"""BEIR-style gold and TREC qrels as docs/retrievers.md ("Input: BEIR-style datasets", "IR measures
in TREC conventions"), docs/formats.md ("TREC runs (read) and qrels and runs (written)") and
docs/gold.md define them, written from the docs, not from the Rust code; used by
scripts/beir_oracle.py."""
import json
import re

INT = re.compile(r"[+-]?[0-9]+")


def text_lines(raw):
    """(line number, text) of a file's non-blank lines: UTF-8 (bad bytes replaced), a leading BOM
    dropped, LF or CRLF breaks (formats.md: every input)."""
    text = raw.decode("utf-8", "replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    out = []
    for i, line in enumerate(text.split("\n")):
        if line.endswith("\r"):
            line = line[:-1]
        if line.strip():
            out.append((i + 1, line))
    return out


def span_docid(docid):
    """A TREC span docid (retrievers.md "Input: a TREC run") as (path, (start, end) | None), or
    an error string; a docid with no line suffix is the whole file."""
    m = re.fullmatch(r"(.*)#L([0-9]+)(?:-L?([0-9]+))?", docid)
    if m is None:
        m = re.fullmatch(r"(.*):([0-9]+)(?:-([0-9]+))?", docid)
    if m is None or not m.group(1):
        return docid, None
    s = int(m.group(2))
    e = int(m.group(3)) if m.group(3) is not None else s
    if s == 0:
        return "lines are 1-based"
    if e < s:
        return "end before start"
    return m.group(1), (s, e)


def normal(path):
    """docs/formats.md "Paths": `\\` is `/`, `.` and empty components go, `a/x/../b` is `a/b`; a
    relative path climbing above the root is an error (None); an absolute path stays absolute."""
    absolute = path.startswith("/") or path.startswith("\\")
    out = []
    for part in path.replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not out:
                if absolute:
                    continue
                return None
            out.pop()
        else:
            out.append(part)
    return ("/" if absolute else "") + "/".join(out)


def record_id(v):
    """A record's `_id`: a non-empty string, or a number (as BEIR's loaders accept)."""
    i = v.get("_id") if isinstance(v, dict) else None
    if isinstance(i, str) and i:
        return i
    if isinstance(i, int) and not isinstance(i, bool):
        return str(i)
    return None


def doc_span(v, rid):
    """(path, lines | None) of a corpus record, or (field, error): the table of retrievers.md, the
    first form that fits; each key is looked up at the top level, then under `metadata`."""
    meta = v.get("metadata") if isinstance(v.get("metadata"), dict) else {}

    def get(k):
        return v[k] if k in v else meta.get(k)

    path = get("path") if isinstance(get("path"), str) and get("path") else None
    s = get("start_line") if get("start_line") is not None else get("start")
    e = get("end_line") if get("end_line") is not None else get("end")
    if path is not None and s is not None and e is not None:
        ok = all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (s, e))
        if not ok:
            return "start_line", "not whole line numbers"
        if s == 0 or e < s:
            return "start_line", "bad line range"
        got, field = (path, (s, e)), "start_line"
    elif path is not None and (s is None) != (e is None):
        return "end_line", "give both"
    else:
        got, field = span_docid(rid), "_id"
        if isinstance(got, str) or got[1] is None:  # an `_id` that is no span with lines
            if path is None:
                return "path", "no span"
            got, field = (path, None), "path"
    # the span's path, normalised; the error names the field the span came from
    p = normal(got[0])
    return (field, "climbs above the root") if p is None else (p, got[1])


def parse_corpus(raw, name):
    corpus, errors = {}, []
    for n, line in text_lines(raw):
        try:
            v = json.loads(line)
        except ValueError:
            errors.append((name, n, None))
            continue
        rid = record_id(v)
        if rid is None:
            errors.append((name, n, "_id"))
            continue
        span = doc_span(v, rid)
        if span[1] is not None and isinstance(span[1], str):
            errors.append((name, n, span[0]))
            continue
        if rid in corpus:
            errors.append((name, n, "_id"))
            continue
        corpus[rid] = span
    return corpus, errors


def parse_queries(raw, name):
    ids, errors = set(), []
    for n, line in text_lines(raw):
        try:
            v = json.loads(line)
        except ValueError:
            errors.append((name, n, None))
            continue
        rid = record_id(v)
        if rid is None:
            errors.append((name, n, "_id"))
        else:
            ids.add(rid)
    return ids, errors


def parse_qrels(raw, name):
    """[(query, doc, score, line)] and errors: three tab-separated fields (each trimmed), an
    integer score; a first line starting `query-id` is the header."""
    out, errors, first = [], [], True
    for n, line in text_lines(raw):
        if first and line.startswith("query-id"):
            first = False
            continue
        first = False
        f = [x.strip() for x in line.split("\t")]
        if len(f) != 3:
            errors.append((name, n, None))
        elif not f[0]:
            errors.append((name, n, "query-id"))
        elif not f[1]:
            errors.append((name, n, "corpus-id"))
        elif not INT.fullmatch(f[2]):
            errors.append((name, n, "score"))
        else:
            out.append((f[0], f[1], int(f[2]), n))
    return out, errors


def file_length(ws, task, path):
    """Lines of a workspace file (a last line without a break counts), or None when absent."""
    if ws is None:
        return None
    f = ws(task).file(path)
    return None if f is None else len(f[0])


def confine(corpus, root):
    """`--workspace root`: an absolute path under root made relative to it, any other refused
    (docs/formats.md "Paths"). Returns the refused ids."""
    refused = set()
    for rid, (path, lines) in list(corpus.items()):
        if path.startswith("/"):
            if path.startswith(root.rstrip("/") + "/"):
                corpus[rid] = (path[len(root.rstrip("/")) + 1:], lines)
            else:
                refused.add(rid)
                del corpus[rid]
    return refused


def beir_gold(judged, corpus, queries, ws, name, refused=()):
    """Gold rows {task, path, start, end} and errors of the judgments. A (query, document) pair
    judged more than once takes its last score (BEIR's loader and TREC tools keep the last); a
    score > 0 is relevant."""
    last = {}
    for q, d, score, n in judged:
        last.pop((q, d), None)
        last[(q, d)] = (score, n)
    spans, errors = set(), []
    for (q, d), (score, n) in sorted(last.items(), key=lambda kv: kv[1][1]):
        if score <= 0:
            continue
        if queries is not None and q not in queries:
            errors.append((name, n, "query-id"))
            continue
        if d in refused or d not in corpus:
            errors.append((name, n, "corpus-id"))
            continue
        path, lines = corpus[d]
        if lines is None:
            ln = file_length(ws, q, path)
            if not ln:  # no workspace, not in it, or empty
                errors.append((name, n, "corpus-id"))
                continue
            lines = (1, ln)
        spans.add((q, path, lines[0], lines[1]))
    rows = []
    for q, path, s, e in sorted(spans):
        if rows and rows[-1]["task"] == q and rows[-1]["path"] == path and s <= rows[-1]["end"]:
            rows[-1]["end"] = max(rows[-1]["end"], e)
        else:
            rows.append({"task": q, "path": path, "start": s, "end": e})
    return rows, errors


def core_lines(rows):
    """{task: {path: set(lines)}} of the core tier."""
    out = {}
    for r in rows:
        if r.get("tier", "core") != "core":
            continue
        out.setdefault(str(r.get("task", "default")), {}).setdefault(r["path"], set()).update(
            range(r["start"], r["end"] + 1))
    return out


def runs_of(lines):
    """Maximal runs of consecutive line numbers."""
    out = []
    for ln in sorted(lines):
        if out and out[-1][1] == ln - 1:
            out[-1][1] = ln
        else:
            out.append([ln, ln])
    return out


def qrels_docs(rows, level, unit_ids=None):
    """{task: [docids]} at a level (retrievers.md, "Scoring with another tool"); unit level takes
    `unit_ids(task, path, lines)` → set of ids, or None for a file without units."""
    out = {}
    for task, files in core_lines(rows).items():
        docs = []
        for path, lines in sorted(files.items()):
            if level == "file":
                docs.append(path)
            elif level == "span":
                docs += [f"{path}:{s}-{e}" for s, e in runs_of(lines)]
            elif level == "line":
                docs += [f"{path}:{n}" for n in sorted(lines)]
            else:
                got = unit_ids(task, path, lines)
                if got is None:
                    docs = None
                    break
                docs += sorted(got)
        out[task] = docs
    return out
