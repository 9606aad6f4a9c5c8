"""The parts of scripts/diagnose_oracle.py that know no readcov output: the test-file rule,
unified diffs applied at their stated lines (change lines, text after a patch), token similarity,
and the unit each line belongs to (from `readcov units` rows). Written from docs/diagnose.md."""
import collections
import hashlib
import json
import os
import re
import subprocess
import sys

COUNTED = {"agent", "human", "retriever"}
TEST_DIRS = {"tests", "test", "testing", "__tests__"}


def is_test(path):
    """docs/importers.md's `--exclude-tests` rule, which diagnose.md points to: a test directory;
    a name `test_*` (any extension) or `conftest.py`; a name whose part before its first `.` ends
    in `_test`, `Test` or `Tests`; a name holding `.test.` or `.spec.`."""
    parts = path.split("/")
    name = parts[-1]
    stem = name.split(".")[0]
    return (any(p in TEST_DIRS for p in parts[:-1]) or name.startswith("test_") or name == "conftest.py"
            or stem.endswith(("_test", "Test", "Tests")) or ".test." in name or ".spec." in name)


# ---- unified diffs -------------------------------------------------------------------------
def parse_diff(text):
    """[{old, new, created, deleted, hunks: [(old_start, old_len, [(op, text)])]}]"""
    files, cur, lines, i = [], None, (text or "").split("\n"), 0
    hunk_re = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("diff --git "):
            cur = {"old": None, "new": None, "created": False, "deleted": False, "hunks": []}
            files.append(cur)
            m = re.match(r"diff --git a/(.*) b/(.*)$", ln)
            if m:
                cur["old"], cur["new"] = m.group(1), m.group(2)
        elif ln.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            if cur is None or cur["hunks"]:
                cur = {"old": None, "new": None, "created": False, "deleted": False, "hunks": []}
                files.append(cur)
            a, b = ln[4:].split("\t")[0], lines[i + 1][4:].split("\t")[0]
            cur["created"] |= a == "/dev/null"
            cur["deleted"] |= b == "/dev/null"
            if a != "/dev/null":
                cur["old"] = a[2:] if a.startswith("a/") else a
            if b != "/dev/null":
                cur["new"] = b[2:] if b.startswith("b/") else b
            i += 1
        elif ln.startswith("new file mode") and cur is not None:
            cur["created"] = True
        elif ln.startswith("deleted file mode") and cur is not None:
            cur["deleted"] = True
        elif ln.startswith("rename from ") and cur is not None:
            cur["old"] = ln[len("rename from "):]
        elif (m := hunk_re.match(ln)) and cur is not None:
            olen = int(m.group(2)) if m.group(2) is not None else 1
            nlen = int(m.group(4)) if m.group(4) is not None else 1
            body, o, n = [], 0, 0
            i += 1
            while i < len(lines) and (o < olen or n < nlen or (i < len(lines) and lines[i].startswith("\\"))):
                b = lines[i]
                if b.startswith("\\"):
                    i += 1
                    continue
                op, t = (b[0], b[1:]) if b else (" ", "")
                if op not in " +-":
                    break
                body.append((op, t.rstrip("\r")))
                o += op != "+"
                n += op != "-"
                i += 1
            cur["hunks"].append((int(m.group(1)), olen, body))
            continue
        i += 1
    for f in files:
        f["path"] = f["old"] if not f["created"] else f["new"]
    return [f for f in files if f["path"]]


def apply(base, hunks, where, notes):
    """Applies hunks at their stated lines. Returns (kept, inserted, changed): kept[i] for base
    line i+1; inserted[k] = lines written after base line k (0 = before line 1); changed = the
    change lines (deleted/modified base lines; a pure insertion's neighbours inside its hunk)."""
    kept = [True] * len(base) if base is not None else collections.defaultdict(bool)
    inserted = collections.defaultdict(list)
    changed = ChangeLines()
    for old_start, olen, body in hunks:
        start = old_start if olen else old_start + 1  # first base line the hunk covers
        want = [t for op, t in body if op != "+"]
        if base is not None and base[start - 1:start - 1 + len(want)] != want:
            hits = [s for s in range(1, len(base) + 2) if base[s - 1:s - 1 + len(want)] == want]
            if not hits:
                notes.append(f"{where}: hunk @@ -{old_start},{olen} does not apply anywhere")
                return None
            s = min(hits, key=lambda s: abs(s - start))
            notes.append(f"{where}: hunk @@ -{old_start},{olen} applies only at line {s} (offset {s - start})")
            start = s
        k = start - 1  # base lines consumed so far
        blocks, cur = [], None
        for idx, (op, t) in enumerate(body):
            if op == " ":
                k += 1
                cur = None
                continue
            if cur is None:
                cur = {"dels": [], "ins": False, "before": k, "first": idx}
                blocks.append(cur)
            if op == "-":
                k += 1
                kept[k - 1] = False
                cur["dels"].append(k)
            else:  # written after base line k, in place of the block's deleted lines so far
                inserted[k].append((t, cur["dels"][0] if cur["dels"] else None))
                cur["ins"] = True
            cur["after"] = k + 1
            cur["last"] = idx
        for b in blocks:
            if layout_only(body[b["first"]:b["last"] + 1]):
                continue  # docs: a block of blank lines and trailing whitespace changes no line
            if b["dels"]:
                changed |= set(b["dels"])
                changed.edited |= set(b["dels"])
            else:
                # docs: it touches the one unit of its gap; in Python its first non-blank line's
                # indentation may put it inside a unit ending at the gap's base line
                first = next((t for op, t in body[b["first"]:b["last"] + 1] if op == "+" and t.strip()), None)
                changed.gaps.add((b["before"], first))
                if b["first"] > 0:
                    changed.add(b["before"])
                if b["last"] < len(body) - 1:
                    changed.add(b["after"])
    return kept, inserted, changed


class ChangeLines(set):
    """A patch's change lines of one file (docs/diagnose.md, *Change lines*), with what its units
    are found from: `edited`, the deleted or modified base lines, and `gaps`, each pure insertion's
    (k, first): written between base lines k and k+1 (0 = before line 1), `first` its first
    non-blank line (None: every line blank)."""

    def __init__(self):
        super().__init__()
        self.edited, self.gaps = set(), set()


def indentation(line):
    """docs/diagnose.md: leading spaces and tabs, a tab up to the next multiple of 8."""
    ws = line[:len(line) - len(line.lstrip(" \t"))]
    return len(ws.expandtabs(8))


def gap_units(units, of, k, first=None, base=None, path=""):
    """docs/diagnose.md: the unit a pure insertion between base lines k and k+1 touches. In Python
    (.py, .pyi; `base` its base lines), when syntax units end at line k (k blank: at the last
    non-blank line before it) and the insertion's first non-blank line is indented deeper than a
    unit's first line: the deepest such unit. Else the innermost unit containing both lines (a
    syntax unit, a `<module>` stretch, the `<file>`); else the `<module>` stretch holding k, else
    the one holding k+1; else the units of k and k+1."""
    n = len(of)
    if units is not None and first is not None and base is not None and path.endswith((".py", ".pyi")):
        last = k  # docs: k blank -> the last non-blank base line k' <= k (0: none)
        while 1 <= last <= len(base) and not base[last - 1].strip():
            last -= 1
        inside = [u for u in units if u[3] == last and 1 <= u[2] <= len(base)
                  and indentation(base[u[2] - 1]) < indentation(first)]
        if inside:
            kind, name, s, e, _ = max(inside, key=lambda u: u[4])
            return {(kind, name, s, e)}
    if units is not None:
        both = [u for u in units if u[2] <= k and k + 1 <= u[3]]
        if both:
            kind, name, s, e, _ = max(both, key=lambda u: (u[4], -(u[3] - u[2])))
            return {(kind, name, s, e)}
    if 1 <= k < n and of[k - 1] == of[k]:
        return {of[k - 1]}  # a stretch (or the file) holding both
    for ln in (k, k + 1):
        if 1 <= ln <= n and of[ln - 1][1] == "<module>":
            return {of[ln - 1]}
    return {of[ln - 1] for ln in (k, k + 1) if 1 <= ln <= n}


def layout_only(block):
    """docs/diagnose.md: a block (the -/+ lines between two context lines) whose deleted and added
    lines are the same once blank lines are dropped and trailing whitespace trimmed."""
    side = lambda want: [t.rstrip() for op, t in block if op == want and t.strip()]
    return side("-") == side("+")


def file_is_layout_only(f):
    """Every block of every hunk of a parsed file only changes layout (a file with hunks)."""
    if not f["hunks"]:
        return False
    for _, _, body in f["hunks"]:
        block = []
        for op, t in body + [(" ", "")]:
            if op != " ":
                block.append((op, t))
            elif block:
                if not layout_only(block):
                    return False
                block = []
    return True


def text_after(u, base, applied):
    """T(u): u's kept base lines; the lines written in place of deleted lines whose first is in
    u (a -/+ block spanning two units goes with the unit of its first deleted line); the lines
    inserted between two of its lines or right after its last; never those before its first."""
    s, e = u[3], u[4]
    if applied is None:
        return "\n".join(base[s - 1:e])
    kept, inserted, _ = applied
    out = []
    for k in range(0, len(base) + 1):
        if k and kept[k - 1] and s <= k <= e:
            out.append(base[k - 1])
        for t, replaces in inserted.get(k, []):
            if (s <= replaces <= e) if replaces is not None else (s <= k <= e):
                out.append(t)
    return "\n".join(out)


TOKEN = re.compile(r"\w+|\S")
HASH = {"py", "pyi", "pyx", "pxd", "sh", "bash", "zsh", "rb", "pl", "pm", "r", "yaml", "yml", "toml", "cmake"}
SLASH = {"rs", "go", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "c", "h", "cc", "cpp", "cxx", "hpp",
         "hh", "hxx", "java", "cs", "kt", "kts", "scala", "swift", "dart", "groovy", "gradle", "php"}


def code_tokens(path, text):
    """docs/diagnose.md's code tokens: the tokens, comments dropped by the file's extension (`#` to
    the end of the line; `//` to the end of the line and `/* ... */`; strings stepped over, their
    quotes `"` and `'`, `"` only in Rust, and the backquote in Go, JavaScript, TypeScript; a
    backslash escapes), then a `,` right before `]` or `}`, or before `)` in a group with another
    comma."""
    name = path.rsplit("/", 1)[-1]
    ext = name.rsplit(".", 1)[1].lower() if "." in name else ""
    kind = "#" if ext in HASH else "//" if ext in SLASH else None
    quotes = '"' if ext == "rs" else "\"'`" if ext in {"go", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts"} else "\"'"
    if kind:
        out, i, q = [], 0, None
        while i < len(text):
            c = text[i]
            if q:
                out.append(text[i:i + 2] if c == "\\" else c)
                i += 2 if c == "\\" else 1
                q = None if c == q else q
            elif kind == "#" and c == "#" or kind == "//" and text.startswith("//", i):
                j = text.find("\n", i)
                i = len(text) if j < 0 else j
            elif kind == "//" and text.startswith("/*", i):
                j = text.find("*/", i + 2)
                i = len(text) if j < 0 else j + 2
                out.append(" ")
            else:
                q = c if c in quotes else None
                out.append(c)
                i += 1
        text = "".join(out)
    toks, commas, keep = TOKEN.findall(text), [], []
    for i, t in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t in "([{":
            commas.append(0)
        elif t in ")]}":
            commas and commas.pop()
        elif t == ",":
            trailing = nxt in ("]", "}") or (nxt == ")" and commas and commas[-1] > 0)
            if commas:
                commas[-1] += 1
            if trailing:
                continue
        keep.append(t)
    return keep


def similarity(a, b, path=""):
    ta, tb = code_tokens(path, a), code_tokens(path, b)
    if not ta and not tb:
        return 1.0, True
    masks = collections.defaultdict(int)
    for i, t in enumerate(ta):
        masks[t] |= 1 << i
    full = (1 << len(ta)) - 1
    v = full
    for t in tb:  # Hyyrö's bit-parallel LCS
        u = v & masks.get(t, 0)
        v = ((v + u) | (v - u)) & full
    lcs = len(ta) - bin(v).count("1")
    if len(ta) + len(tb) - 2 * lcs > 2000:
        ca, cb = collections.Counter(ta), collections.Counter(tb)
        lcs = sum((ca & cb).values())
    return 2 * lcs / (len(ta) + len(tb)), ta == tb


# ---- units ---------------------------------------------------------------------------------
def load_units(rc, files):
    """{path: [(kind, name, start, end, depth)]} or None (no grammar). One `readcov units` call for
    all files; when it refuses one (no grammar for an extension), one call per file. With
    DIAGNOSE_ORACLE_UNITS_CACHE set (a folder: the suite's scratch), the answer for the same binary
    (path, size, mtime) and the same files (paths and bytes) is read from there: the suite asks
    for the units of tests/data/real/sources once per oracle run, nine times, the same answer."""
    cache = os.environ.get("DIAGNOSE_ORACLE_UNITS_CACHE")
    if not cache or not files:
        return _units(rc, files)
    st = os.stat(rc)
    h = hashlib.sha256(json.dumps([os.path.abspath(rc), st.st_size, st.st_mtime_ns]).encode())
    for f in files:
        h.update(f.encode() + b"\0" + hashlib.sha256(open(f, "rb").read()).digest())
    path = os.path.join(cache, h.hexdigest() + ".json")
    if os.path.exists(path):
        return {f: None if u is None else [tuple(x) for x in u] for f, u in json.load(open(path)).items()}
    out = _units(rc, files)
    os.makedirs(cache, exist_ok=True)
    # A temporary file of this process's own: two oracles started together both write the answer,
    # and a shared `.tmp` was moved away by the first before the second could (FileNotFoundError).
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as fh:
        json.dump(out, fh)
    os.replace(tmp, path)
    return out


def _units(rc, files):
    out = {f: [] for f in files}
    p = subprocess.run([rc, "units", *files], capture_output=True, text=True) if files else None
    if p is not None and p.returncode == 0:
        for u in map(json.loads, p.stdout.splitlines()):
            out[u["path"]].append((u["kind"], u["name"], u["start"], u["end"], u["depth"]))
        return out
    for f in files:
        p = subprocess.run([rc, "units", f], capture_output=True, text=True)
        out[f] = None if p.returncode != 0 else [
            (u["kind"], u["name"], u["start"], u["end"], u["depth"]) for u in map(json.loads, p.stdout.splitlines())]
    return out


def unit_of_lines(units, n):
    """unit(l) for l in 1..n: the innermost unit; else the stretch between units (`<module>`)."""
    if units is None:
        return [("file", "<file>", 1, n)] * n if n else []
    of = [None] * n
    for kind, name, s, e, d in sorted(units, key=lambda u: (-(u[3] - u[2]), u[4])):
        for ln in range(s, min(e, n) + 1):
            of[ln - 1] = (kind, name, s, e)
    ln = 1
    while ln <= n:
        if of[ln - 1] is None:
            end = ln
            while end < n and of[end] is None:
                end += 1
            for x in range(ln, end + 1):
                of[x - 1] = ("module", "<module>", ln, end)
            ln = end
        ln += 1
    return of


def rate(a, b):
    return a / b if b else None


def close(x, y):
    if x is None or y is None:
        return x is None and y is None
    return abs(x - y) < 1e-9


def say_or_fail(problems, notes, failure):
    """Prints what an oracle explained away (with ORACLE_NOTES=1), then every disagreement, and exits
    with `failure` when there is one."""
    for n in notes if os.environ.get("ORACLE_NOTES") else []:
        print(f"note: {n}", file=sys.stderr)
    if problems:
        for p in problems:
            print(f"DISAGREE: {p}", file=sys.stderr)
        raise SystemExit(failure)
