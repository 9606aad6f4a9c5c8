"""Patch side of the gold oracle (scripts/gold_oracle.py): unified diffs parsed, hunks placed the
way docs/gold.md says `git apply` places them, edit lines E(t, f) and base fingerprints, all
written from docs/gold.md and the sections it links (importers.md
"Gold from patches", formats.md "Gold" and "Base fingerprint") — never from the Rust code."""
import hashlib
import os
import re

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
def unquote(p):
    """git's C-quoted name (`"a/\\303\\251.py"`): (name, rest), or None when p is not quoted."""
    if not p.startswith('"'):
        return None
    out, i = bytearray(), 1
    while i < len(p):
        c = p[i]
        if c == '"':
            return out.decode("utf-8", "replace"), p[i + 1:]
        if c == "\\":
            e = p[i + 1]
            if e in "01234567":
                out.append(int(p[i + 1:i + 4], 8))
                i += 4
                continue
            out += {"n": b"\n", "t": b"\t"}.get(e, e.encode())
            i += 2
            continue
        out += c.encode()
        i += 1
    return None


def strip_prefix(p, side):
    """A header path: unquoted, or its tab-separated timestamp cut; `a/`/`b/` dropped."""
    q = unquote(p)
    p = q[0] if q else p.split("\t")[0].strip()
    return p[2:] if p.startswith(side + "/") else p


def norm(p):
    """formats.md Paths: `\\` → `/`, `.` and empty components dropped, `x/..` folded."""
    out = []
    for c in p.replace("\\", "/").split("/"):
        if c in ("", "."):
            continue
        if c == ".." and out and out[-1] != "..":
            out.pop()
        else:
            out.append(c)
    return ("/" if p.startswith("/") else "") + "/".join(out)


def parse_diff(text):
    """[{old, new, created, deleted, binary, hunks: [(old_start, old_len, new_start, [(op, text)])]}].
    Hunk bodies are read by their header's counts (a missing count is 1), so a deleted line that
    starts with `--` is a body line; `\\ No newline` lines are skipped; a trailing `\\r` goes."""
    files, cur = [], None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [x[:-1] if x.endswith("\r") else x for x in lines]

    def new():
        f = {"old": None, "new": None, "created": False, "deleted": False, "binary": False, "hunks": []}
        files.append(f)
        return f

    i = 0
    while i < len(lines):
        ln = lines[i]
        m = HUNK.match(ln)
        if ln.startswith("diff --git "):
            cur = new()
            rest = ln[len("diff --git "):]
            q = unquote(rest)
            g = re.match(r"a/(.*) b/(.*)$", rest)
            if q:
                cur["old"], cur["new"] = strip_prefix(q[0], "a"), strip_prefix(q[1].strip(), "b")
            elif g:
                cur["old"], cur["new"] = g.group(1), g.group(2)
        elif ln.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            if cur is None or cur["hunks"] or cur["old"] is None and cur["new"] is None and cur["binary"]:
                cur = new()
            a, b = strip_prefix(ln[4:], "a"), strip_prefix(lines[i + 1][4:], "b")
            if a == "/dev/null":
                cur["created"] = True
            else:
                cur["old"] = a
            if b == "/dev/null":
                cur["deleted"] = True
            else:
                cur["new"] = b
            i += 1
        elif cur is not None and ln.startswith("new file mode"):
            cur["created"] = True
        elif cur is not None and ln.startswith("deleted file mode"):
            cur["deleted"] = True
        elif cur is not None and ln.startswith("rename from "):
            cur["old"] = (unquote(ln[12:]) or (ln[12:],))[0]
        elif cur is not None and ln.startswith("rename to "):
            cur["new"] = (unquote(ln[10:]) or (ln[10:],))[0]
        elif cur is not None and (ln.startswith("Binary files ") or ln == "GIT binary patch"):
            cur["binary"] = True
        elif m and cur is not None:
            olen = int(m.group(2)) if m.group(2) is not None else 1
            nlen = int(m.group(4)) if m.group(4) is not None else 1
            body, o, n = [], 0, 0
            i += 1
            while i < len(lines) and (o < olen or n < nlen):
                b = lines[i]
                if b.startswith("\\"):
                    i += 1
                    continue
                op, t = (b[0], b[1:]) if b else (" ", "")
                if op not in " +-":
                    break
                body.append((op, t))
                o += op != "+"
                n += op != "-"
                i += 1
            while i < len(lines) and lines[i].startswith("\\"):
                i += 1
            cur["hunks"].append((int(m.group(1)), olen, int(m.group(3)), body))
            continue
        i += 1
    for f in files:
        f["path"] = norm(f["new"] if f["created"] else f["old"]) if (f["old"] or f["new"]) else None
    return [f for f in files if f["path"]]


def old_side(body):
    return [t for op, t in body if op != "+"]


def find(img, want, pos, begin, end):
    """The nearest index to pos (pos, pos+1, pos-1, pos+2, …) where want matches img's texts;
    with begin/end, only a match at the very start/end of img counts."""
    def fits(p):
        return (0 <= p and p + len(want) <= len(img) and (not begin or p == 0)
                and (not end or p + len(want) == len(img))
                and all(img[p + k][0] == w for k, w in enumerate(want)))
    if fits(pos):
        return pos
    for d in range(1, len(img) + 1):
        if fits(pos + d):
            return pos + d
        if fits(pos - d):
            return pos - d
    return None


def place_all(base, hunks):
    """Each hunk's first base line where `git apply` puts it (docs/gold.md), or None when one
    does not apply: hunks in order, each looked for in the text as patched so far from its
    header's new-side line (there, one further, one back, two further, …), its base-side lines
    matched exactly; a hunk starting at line 1 (or 0), or with no trailing context, is first
    looked for only at the start / end of the file, as git does, then anywhere. A hunk with no
    base-side line stays where its header puts it."""
    img = [(t, i + 1) for i, t in enumerate(base)]  # (text, base line or None)
    out = []
    for old_start, olen, new_start, body in hunks:
        want = old_side(body)
        pos = min(max(new_start - 1, 0), len(img))
        if not want:
            at, first = pos, old_start + 1
        else:
            trailing = 0
            for op, _ in reversed(body):
                if op != " ":
                    break
                trailing += 1
            begin, end = old_start <= 1, trailing == 0
            at = find(img, want, pos, begin, end)
            if at is None and (begin or end):
                at = find(img, want, pos, False, False)
            if at is None:
                return None
            b = img[at][1]
            first = b if b is not None else max(1, old_start + (at + 1 - new_start))
        out.append(first)
        new = []
        k = at
        for op, t in body:
            if op == " ":
                new.append(img[k])
                k += 1
            elif op == "-":
                k += 1
            else:
                new.append((t, None))
        img[at:at + len(want)] = new
    return out


def hunk_edit_lines(first, olen, body, anchor):
    """E of one hunk placed at base line `first`: the deleted/changed lines, and for each pure
    insertion (a block of `+` lines between two context lines, or a hunk end, with no `-` line in
    it, whatever the order) `anchor` base lines on each side within the hunk's own (old-side)
    lines. A hunk with no base line (`-L,0`, `diff -U0`) anchors its insertion on line L, the one
    its header says it follows (none at the top, `-0,0`), whatever `anchor` is (docs/gold.md)."""
    if olen == 0:
        return {first - 1} if any(op == "+" for op, _ in body) and first > 1 and anchor > 0 else set()
    out, b = set(), first
    last_old = first + len(old_side(body)) - 1
    k = 0
    while k < len(body):
        if body[k][0] == " ":
            b += 1
            k += 1
            continue
        j, deleted, inserted = k, False, False
        while j < len(body) and body[j][0] != " ":
            if body[j][0] == "-":
                out.add(b)
                b += 1
                deleted = True
            else:
                inserted = True
            j += 1
        if inserted and not deleted:
            out.update(x for x in range(b - anchor, b) if x >= first)
            out.update(x for x in range(b, b + anchor) if x <= last_old)
        k = j
    return out


def runs_of(lines):
    """Contiguous runs of a set of line numbers, as (start, end)."""
    out = []
    for x in sorted(lines):
        if out and out[-1][1] == x - 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return [tuple(r) for r in out]


class Workspace:
    """A task's base files (None: no workspace), read as `score` reads sources."""

    def __init__(self, root):
        self.root, self.cache = root, {}

    def file(self, path):
        """(lines without breaks, raw bytes) or None when the workspace lacks the file."""
        if self.root is None:
            return None
        if path not in self.cache:
            full = os.path.join(self.root, path)
            if not os.path.isfile(full):
                self.cache[path] = None
            else:
                raw = open(full, "rb").read()
                text = raw.decode("utf-8", "replace")
                ls = text.split("\n")
                if ls and ls[-1] == "":
                    ls.pop()
                self.cache[path] = ([x[:-1] if x.endswith("\r") else x for x in ls], raw)
        return self.cache[path]

    def base(self, path, s, e):
        f = self.file(path)
        if f is None:
            return None
        ls, raw = f
        out = {"sha256": hashlib.sha256(raw).hexdigest(), "lines": len(ls)}
        # a span past the file's end (stated lines of a patch that does not apply) has no text
        if 1 <= s <= len(ls):
            out["first"] = ls[s - 1]
        if 1 <= e <= len(ls):
            out["last"] = ls[e - 1]
        return out


def is_test_path(path):
    """importers.md `--exclude-tests`."""
    parts = path.split("/")
    name = parts[-1]
    if any(p in ("tests", "test", "testing", "__tests__") for p in parts[:-1]):
        return True
    stem = name.split(".")[0]
    return (name.startswith("test_") or name == "conftest.py" or stem.endswith(("_test", "Test", "Tests"))
            or ".test." in name or ".spec." in name)


def edit_of_file(f, ws, anchor, notes, task):
    """(E lines, moved) for one parsed file of a patch: lines placed in the workspace when it has
    the file and every hunk applies; otherwise the stated lines. None for a new file."""
    if f["created"]:
        notes.append(f"{task}: {f['path']}: new file")
        return None
    have = ws.file(f["path"])
    # a binary file, or a deletion written without hunks (`git diff -D`), shows no line: no rows
    placed, placed_ok = None, False
    if have is not None:
        firsts = place_all(have[0], f["hunks"])
        if firsts is None:
            notes.append(f"{task}: {f['path']}: does not apply")
        else:
            placed = [(first, ol, body) for first, (_, ol, _, body) in zip(firsts, f["hunks"])]
            placed_ok = True
    if placed is None:
        placed = [((s if ol > 0 else s + 1), ol, body) for s, ol, _, body in f["hunks"]]
    out = set()
    for first, olen, body in placed:
        out |= hunk_edit_lines(first, olen, body, anchor)
    f["applied"] = placed_ok  # widening needs a patch that applies
    return out
