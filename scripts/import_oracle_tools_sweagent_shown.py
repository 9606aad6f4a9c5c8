"""What each SWE-agent observation showed, read from its own printed text (for
scripts/import_oracle_tools_sweagent.py): per step, per file, the base lines shown. Nothing here comes from
readcov's code; the tools' output formats are SWE-agent's own (classic: `tools/windowed`, `tools/search`;
1.x: `tools/edit_anthropic/bin/str_replace_editor`).

Classic (0.x): a window is a `[File: P (N lines total)]` header, then `(k more lines above)`, `12:text`
lines and `(k more lines below)`; `search_file` prints `Found k matches for "x" in P:` then `Line 12:text`.
An edit the linter refused prints two windows: the edit as it would have looked (never written: not the
file) and, after `This is the original code before your edit`, the file as it is. A `create` of a new file
makes a file of the agent's; an `edit a:b` that went through replaces lines a..b with its body (lines equal
at the region's two ends keep their place when every replaced line was shown since the file's last write:
docs/importers.md "Edits and line mapping"); a window's lines are then the file's current lines, mapped
back to base lines (a line the agent wrote is none).

1.x (`str_replace_editor`): `Here's the result of running `cat -n` on P:` then `{n:6}\\t{text}` lines (the
editor numbers `text.split("\\n")`); a long Python file's filemap, `{n:6d} {text}` lines under `<NOTE>This
file is too large …`, where a line `N ... eliding lines N-M ...` stands for lines it does not show, and where
`<response clipped>` cuts the last line shown (shown in part: it counts when the part holds text, as a cut
output's last line does in docs/importers.md);
`Invalid `view_range`: …` shows nothing but gives the editor's count of lines of the file (`[1, N]` or
`` `N` ``). The editor's count is `len(text.split("\\n"))`: one more than the file's lines when the file
ends with a line break, the last "line" then empty. So a numbered line N that is empty, N being the
editor's count for the file (said by an `Invalid view_range` or `insert_line` message, or by a whole-file
view's last line, or since session 38 by an earlier `wc -l P` — N line breaks: N + 1 parts — or `cat -n P` —
L numbered lines: L + 1 — alone in their step, a relative P under the checkout until the run's first `cd`)
with no write to the file in between, is no line of the file. The snippets `str_replace`,
`insert` and `create` print are no reads (docs); a view of a file the run edited is left out (placing it
needs the file's text: the tools oracle's replay).
"""
import os
import re
import shlex

from import_shown_oracle_nums import edit_lines  # the shown oracle's replay of `edit a:b` on origins

HDR = re.compile(r"^\[File: (.+) \((\d+) lines total\)\]$")
NUM = re.compile(r"^(\d+):(.*)$")
MORE = re.compile(r"^\(\d+ more lines (above|below)\)$")
FOUND = re.compile(r"^Found \d+ matches for .* in (.+?):?$")
LINE = re.compile(r"^Line (\d+):(.*)$")
ORIGINAL = "This is the original code before your edit"
REFUSED = "Your changes have NOT been applied"


def rel(path, root):
    """A path of the log as readcov writes it: relative to the checkout root."""
    if root and path.startswith(root + "/"):
        return path[len(root) + 1:]
    return path


def inside(path, root):
    """A classic window's path as readcov writes it, or None when it is of no checkout: an absolute path
    under neither the run's checkout nor `/testbed` (docs/importers.md "Paths": *path outside repo*)."""
    for r in (root, "/testbed"):
        if r and path.startswith(r + "/"):
            return path[len(r) + 1:]
    return None if path.startswith("/") else path


# docs/importers.md "Paths": the top-level folders of a Linux system, which hold no checkout.
SYSTEM = {"bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "media", "mnt", "opt", "proc", "root",
          "run", "sbin", "srv", "sys", "tmp", "usr", "var"}


def prompt_root(doc):
    """The checkout a classic `.traj` names (docs/importers.md "Paths", session 40): the directory of the first
    `(Current directory: D)` in a user message of `history` that is no demonstration (`is_demo`, or the
    `--- DEMONSTRATION ---` text), when D is absolute and not `/`."""
    for m in doc.get("history") or []:
        c = m.get("content")
        if m.get("role") != "user" or m.get("is_demo") or not isinstance(c, str) or "--- DEMONSTRATION ---" in c:
            continue
        k = re.search(r"\(Current directory: ([^\n]*)\)$", c, re.M)
        if k:
            d = k.group(1).rstrip("/")
            return d if d.startswith("/") and d else None
    return None


def classic_root(traj):
    """Without a prompt: the first folder of the first window's path whose file is in a folder at `/` that is no
    system folder (before session 40: the first component of the first absolute path a window names)."""
    for s in traj:
        for line in (s.get("observation") or "").split("\n"):
            m = HDR.match(line)
            parts = m.group(1).split("/") if m else []
            if len(parts) > 2 and parts[0] == "" and parts[1] and parts[2] and parts[1] not in SYSTEM:
                return "/" + parts[1]
    return None


def classic_windows(obs):
    """(path, total, [(n, text)]) of each window of `obs` that shows the file as it is."""
    if REFUSED in obs and ORIGINAL in obs:
        obs = obs.split(ORIGINAL, 1)[1]  # the first window is the refused edit's, never written
    out, cur = [], None
    for line in obs.split("\n"):
        line = line.rstrip("\r")
        m = HDR.match(line)
        if m:
            cur = (m.group(1), int(m.group(2)), [])
            out.append(cur)
            continue
        n = NUM.match(line)
        if cur and n:
            cur[2].append((int(n.group(1)), n.group(2)))
        elif not (cur and MORE.match(line)):
            cur = None
    return out


def classic(traj, root=None):
    """{step: {path: set(base lines)}} of a classic trajectory (`root`: the checkout its prompt names), and
    {step: why} of steps left out."""
    root = root or classic_root(traj)
    origin, seen = {}, {}
    shown, left = {}, {}
    for i, s in enumerate(traj):
        obs, act = s.get("observation") or "", (s.get("action") or "").strip()
        first = act.split("\n")[0].split()
        verb = first[0] if first else ""
        wins = classic_windows(obs)
        refused = REFUSED in obs
        # A `create` (alone, or after `cd`/`mkdir` lines in one action) of a file not there before.
        created = {ln.split()[1].rsplit("/", 1)[-1] for ln in act.split("\n")
                   if len(ln.split()) > 1 and ln.split()[0] == "create"}
        for path, total, _ in wins:
            if path.rsplit("/", 1)[-1] in created and "already exists" not in obs:
                origin[path] = [None] * total
                seen[path] = {}
        if verb == "edit" and wins and not refused and re.match(r"^\d+:\d+$", first[1] if len(first) > 1 else ""):
            a, b = map(int, first[1].split(":"))
            path = wins[0][0]
            body = act.split("\n", 1)[1].split("end_of_edit")[0].split("\n")[:-1] if "\n" in act else []
            if path in origin:
                edit_lines(origin[path], a, b, body, seen.pop(path, {}))
            else:
                left[i] = "edit of a file no window showed before"
        step = {}
        for path, total, lines in wins:
            o = origin.setdefault(path, list(range(1, total + 1)))
            for n, text in lines:
                seen.setdefault(path, {})[n] = text
                if 1 <= n <= len(o) and o[n - 1] is not None and inside(path, root) is not None:
                    step.setdefault(inside(path, root), set()).add(o[n - 1])
        m = next((FOUND.match(x) for x in obs.split("\n") if FOUND.match(x)), None)
        if verb == "search_file" and m:
            path = m.group(1)
            for x in obs.split("\n"):
                k = LINE.match(x)
                if k:
                    n = int(k.group(1))
                    o = origin.get(path)
                    if inside(path, root) is not None and (o is None or (1 <= n <= len(o) and o[n - 1] is not None)):
                        step.setdefault(inside(path, root), set()).add(o[n - 1] if o else n)
                    seen.setdefault(path, {})[n] = k.group(2)
        if step:
            shown[i] = step
    return shown, left


# --- SWE-agent 1.x ---------------------------------------------------------------------------------
CATN = re.compile(r"^Here's the result of running `cat -n` on (.+):$")
CATN_LINE = re.compile(r"^ *(\d+)\t(.*)$")
FILEMAP = "<NOTE>This file is too large to display entirely."
FILEMAP_LINE = re.compile(r"^ *(\d+) (.*)$")
ELIDE = re.compile(r"^\.\.\. eliding lines \d+-\d+ \.\.\.$")
CLIP = "<response clipped>"
COUNT = [re.compile(p) for p in (
    r"^Invalid `view_range`: .*should be within the range of lines of the file: \[1, (\d+)\]",
    r"^Invalid `view_range`: .*should be smaller than the number of lines in the file: `(\d+)`",
    r"^Invalid `insert_line` parameter: .*within the range of lines of the file: \[0, (\d+)\]",
)]


def editor_args(action):
    """(command, path, view_range or None) of a `str_replace_editor` action, or None."""
    try:
        w = shlex.split(action)
    except ValueError:
        return None
    if len(w) < 3 or w[0] != "str_replace_editor":
        return None
    vr = None
    if "--view_range" in w:
        k = w.index("--view_range")
        vr = (int(w[k + 1]), int(w[k + 2]))
    return w[1], w[2], vr


WC = re.compile(r"^wc -l ([^\s;&|<>'\"$`*?\[{~]+)$")
CAT_N = re.compile(r"^cat -n ([^\s;&|<>'\"$`*?\[{~]+)$")


def shell_count(act, obs):
    """(path as written, the editor's count) a `wc -l P` or `cat -n P` step tells, or None."""
    m = WC.match(act)
    if m:
        out = obs.strip().split(" ", 1)
        if len(out) == 2 and out[0].isdigit() and out[1] == m.group(1):
            return m.group(1), int(out[0]) + 1
        return None
    m = CAT_N.match(act)
    if m:
        nums = [re.match(r"^ *(\d+)(\t.*)?$", x) for x in obs.rstrip("\n").split("\n")]
        if nums and all(nums) and [int(x.group(1)) for x in nums] == list(range(1, len(nums) + 1)):
            return m.group(1), len(nums) + 1
    return None


def v1_root(traj):
    """The checkout: `/testbed` when an editor path is under it (SWE-agent 1.x's SWE-bench images)."""
    for s in traj:
        a = editor_args(s.get("action") or "")
        if a and a[1].startswith("/testbed/"):
            return "/testbed"
    return None


def v1_view(obs):
    """[(n, text)] numbered lines a view shows whole (a filemap's elision marks and a clipped last line
    left out), and whether it is a filemap."""
    lines = obs.split("\n")
    if lines and CATN.match(lines[0]):
        # `print(header + numbered + "\n")`: the observation ends with two line breaks.
        body = obs[len(lines[0]) + 1:]
        if body.endswith("\n\n"):
            body = body[:-2]
        out = []
        for x in body.split("\n"):
            m = CATN_LINE.match(x)
            if m:
                out.append((int(m.group(1)), m.group(2)))
        if out and CLIP in out[-1][1] and not out[-1][1].split(CLIP)[0].strip():
            out.pop()  # cut (the editor cuts the text before numbering it) with no text shown
        return out, False
    if lines and lines[0].startswith(FILEMAP):
        out = []
        for x in lines[1:]:
            m = FILEMAP_LINE.match(x)
            if not m:
                continue
            if CLIP in m.group(2):
                # Cut by the editor's 16,000 characters: a line shown in part counts when its shown
                # part holds text (docs/importers.md: a cut output's last line, "maybe in part, and
                # it counts"); nothing after it is shown.
                if m.group(2).split(CLIP)[0].strip():
                    out.append((int(m.group(1)), m.group(2)))
                break
            if not ELIDE.match(m.group(2)):
                out.append((int(m.group(1)), m.group(2)))
        return out, True
    return [], False


def v1(traj):
    """{step: {path: set(lines)}} of a SWE-agent 1.x trajectory, and {step: why} of steps left out."""
    root = v1_root(traj)
    edited = set()
    # The editor's count of lines of a file, per step, when it says so: (step, path, count).
    counts = []
    for i, s in enumerate(traj):
        a = editor_args(s.get("action") or "")
        obs = s.get("observation") or ""
        if not a:
            continue
        for c in COUNT:
            m = c.match(obs)
            if m:
                counts.append((i, a[1], int(m.group(1))))
        lines, fmap = v1_view(obs)
        if a[0] == "view" and a[2] is None and not fmap and lines and CLIP not in obs:
            counts.append((i, a[1], lines[-1][0]))  # a whole-file view numbers every "line"
    # Writes: the editor's own (of its path) and any other command (a shell may write any file).
    writes = []
    for i, s in enumerate(traj):
        a = editor_args(s.get("action") or "")
        if a is None or a[0] != "view":
            writes.append((i, a[1] if a else None))

    # session 38: `wc -l P` / `cat -n P` alone in a step, for the views after it
    later_only = set()
    cwd_known = True
    for i, s in enumerate(traj):
        act = (s.get("action") or "").strip()
        if editor_args(act) or not act:
            continue
        if re.search(r"(^|[;&|\s])cd(\s|$)", act):
            cwd_known = False
        got = shell_count(act, s.get("observation") or "")
        if got and (got[0].startswith("/") or (cwd_known and root)):
            path = got[0] if got[0].startswith("/") else os.path.normpath(f"{root}/{got[0]}")
            counts.append((i, path, got[1]))
            later_only.add(i)

    def count_at(i, path):
        """The editor's count for `path` said at a step with no write to it between that step and `i`."""
        for j, p, n in counts:
            lo, hi = min(i, j), max(i, j)
            if j in later_only and j > i:
                continue
            if p == path and not any(lo < w <= hi and wp in (path, None) for w, wp in writes if w != j):
                return n
        return None

    shown, left = {}, {}
    for i, s in enumerate(traj):
        a = editor_args(s.get("action") or "")
        obs = s.get("observation") or ""
        if not a:
            continue
        cmd, path, _ = a
        if cmd != "view":
            edited.add(path)
            continue
        lines, _ = v1_view(obs)
        if not lines:
            continue
        if path in edited:
            left[i] = "view of a file the run edited (placing it needs the file's text)"
            continue
        n = count_at(i, path)
        got = {k for k, t in lines if not (k == n and t == "")}
        shown[i] = {rel(path, root): got}
    return shown, left
