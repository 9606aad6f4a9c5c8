"""Shared pieces of scripts/import_oracle_tools.py, each written from docs/importers.md:

- `displayed`: "What counts as displayed" (the head and tail of an output the tool cut);
- `Run`: one (task, run) of the oracle, its actions' expected rows or reasons, and the per-file state
  "Edits and line mapping" needs without a workspace (an edited file is unaligned, a created one
  agent-written);
- `repo_path`: "Paths" (a root stripped, relative paths against the working directory);
- `shell_read`: the simple shell forms the oracle recomputes ("What counts as a read": `cat F`,
  `head -n N F`, `sed -n 'a,bp' F`, `grep -n PAT F`, `nl -ba F | sed -n 'a,bp'`, and single commands
  with no read semantics); every other shell form is *left out* with its reason.
"""
import posixpath
import re
import shlex

# Reasons of docs/importers.md "Summary reasons".
UNKNOWN_COMMAND = "unknown command"
UNKNOWN_TOOL = "unknown tool"
NO_NUMBERS = "output without line numbers"
MATCHED_PARTS = "only matched parts shown"
OUTSIDE = "path outside repo"
UNALIGNED = "unaligned after edit"
AGENT_ONLY = "only agent-written lines"
MISSING = "missing observation"
TOOL_ERROR = "tool error"
NO_LINES = "no lines shown"
LENGTH_UNKNOWN = "file length unknown"
MALFORMED = "malformed action"
NOT_CAPTURED = "content not captured"
NOT_IN_WS = "file not in workspace"

# Claude Code's `... [N lines truncated] ...` on a line of its own.
TRUNC_MARKER = re.compile(r"^\.\.\. \[\d+ lines truncated\] \.\.\.[ \t\r]*$", re.M)
TRUNC_INLINE = re.compile(r"…\d+ (?:tokens|chars) truncated…")
# Older Codex: a marker line after a line break of its own, then a blank line.
CODEX_LINES = re.compile(r"\n\[\.\.\. (?:omitted \d+ of \d+ lines|output truncated to fit \d+ bytes) \.\.\.\]\n\n")


class Shown:
    """What an output displayed: `head` lines from its start and, when the tool cut the middle out,
    `tail` lines up to its end (`cut`); `tail_partial`: the tail's first line shows only its end."""

    def __init__(self, head, tail=None, tail_partial=False):
        self.head, self.tail, self.tail_partial = head, tail or [], tail_partial
        self.cut = tail is not None

    def count(self):
        return len(self.head) + len(self.tail)


def text_lines(text):
    """The lines of an output (a final line break ends the last line, it opens no new one)."""
    if text == "":
        return []
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def displayed(text):
    """docs "What counts as displayed": Claude Code's `<persisted-output>` (the preview's lines up to
    the closing `...`), `... [N lines truncated] ...` on a line of its own after the tool's blank
    line (only the lines before that blank line were shown, the last maybe in part), and Codex-style
    `…N tokens truncated…` inside a line (the head's last line keeps its start, the tail's first
    line shows its end; alone on its line, whole lines on both sides and no line of its own)."""
    if text.lstrip().startswith("<persisted-output>"):
        lines = text_lines(text)
        head = []
        start = next((i for i, l in enumerate(lines) if l.startswith("Preview (first")), None)
        if start is not None:
            for l in lines[start + 1:]:
                if l == "..." or l.startswith("</persisted-output>"):
                    break
                head.append(l)
        return Shown(head, [])
    marker = TRUNC_MARKER.search(text)
    if marker:
        # Claude Code writes `${head}\n\n... [N lines truncated] ...`: the blank line is the tool's,
        # and nothing follows the marker (a tail, if any, is still shown).
        before = text[:marker.start()]
        before = before[:-2] if before.endswith("\n\n") else before
        after = text[marker.end():]
        after = after[1:] if after.startswith("\n") else after
        head = text_lines(before)
        if head and not before.endswith("\n") and head[-1].strip() == "":
            head = head[:-1]  # docs: a cut line left only blanks of shows none of its text (session 33)
        return Shown(head, [] if not after.strip() else text_lines(after))
    m = CODEX_LINES.search(text)
    if m:
        # docs: older Codex `{head}\n[... omitted N of M lines ...]\n\n{tail}`; the head ends mid-line when
        # no line break of its own precedes the marker's; the tail's first line is a part only when the
        # text fills a byte budget (2,045-2,048 bytes, or 10,237 and more).
        head, tail = text[:m.start()], text[m.end():]
        n = len(text.encode())
        part = bool(tail) and (2045 <= n <= 2048 or n >= 10237)
        hl, tl = text_lines(head), text_lines(tail)
        if hl and not head.endswith("\n") and hl[-1].strip() == "":
            hl = hl[:-1]  # docs: a cut line left only blanks of shows none of its text (session 33)
        if part and tl and tl[0].strip() == "":
            tl, part = tl[1:], False
        return Shown(hl, tl, tail_partial=part)
    lines = text_lines(text)
    for i, l in enumerate(lines):
        m = TRUNC_INLINE.search(l)
        if m:
            # docs: a cut line left only blanks of shows none of its text (session 33)
            head = lines[:i] + ([l[:m.start()]] if l[:m.start()].strip() else [])
            tail = ([l[m.end():]] if l[m.end():].strip() else []) + lines[i + 1:]
            return Shown(head, tail, tail_partial=bool(l[m.end():].strip()))
    return Shown(lines)


def spans(lines):
    """Sorted line numbers → maximal contiguous (start, end) runs."""
    out = []
    for n in sorted(set(lines)):
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [tuple(s) for s in out]


# Output texts whose cut header (`Total output lines: N`, import_oracle_tools_fmt.cut_header) stated N,
# by the text object (id → (text, N)): a text built from it (polls appended) states nothing.
STATED = {}


def credit_unnumbered(a, b, shown):
    """An unnumbered read of lines a..b (b None: to the end, length unknown): the first head-many and
    the last tail-many lines of the span, never more lines than the output shows."""
    n = shown.count()
    if n == 0:
        return None
    if not shown.cut:
        end = a + n - 1 if b is None else min(b, a + n - 1)
        return [(a, end)]
    if b is None:
        return "cut"
    head = list(range(a, min(b, a + len(shown.head) - 1) + 1))
    tail = list(range(max(a, b - len(shown.tail) + 1), b + 1)) if shown.tail else []
    return spans(head + tail)


class Run:
    """The oracle's view of one (task, run): per step, expected rows or a reason. `Run.workspace`
    (set by the driver for `--workspace` cases) makes it replay edits (import_oracle_tools_replay)."""
    workspace = None

    def __init__(self, task, run):
        self.task, self.run = task, run
        self.replay = None
        if Run.workspace:
            import import_oracle_tools_replay as replay
            self.replay = replay.Replay(Run.workspace)
        self.rows = []  # (path, start, end, kind, source, tool, turn, step)
        self.reasons = {}  # reason -> count (handled actions only)
        self.left_out = {}  # oracle reason -> count
        self.left_steps = set()
        self.actions = 0
        self.state = {}  # path -> "unaligned" | "created"
        self.lost = []  # edits not replayed: (path, turn, step, why), why in LOST_WHY
        self.edit_events = 0  # edits replayed (docs: "edit event(s) replayed")
        self.texts = set()  # files the run created without a workspace: their text is known

    def add(self, turn, step, tool, path, lines_or_spans, kind="read"):
        for s, e in lines_or_spans:
            self.rows.append((path, s, e, kind, "agent", tool, turn, step))

    def reason(self, r):
        self.reasons[r] = self.reasons.get(r, 0) + 1

    def leave(self, step, why):
        self.left_steps.add(step)
        self.left_out[why] = self.left_out.get(why, 0) + 1

    def read(self, turn, step, tool, path, get_spans):
        """A read of `path` (a repository path): unaligned/agent-written files first, then the spans
        (`get_spans(length)`: list of (start, end), or a reason string; `length` is the agent's
        copy's with a workspace)."""
        st = self.state.get(path)
        if st == "unaligned":
            return self.reason(UNALIGNED)
        if st == "shell-written" or (st is None and getattr(self, "all_written", False)):
            return self.leave(step, "read after a shell write the oracle does not follow")
        if self.replay:
            return self.read_replayed(turn, step, tool, path, get_spans)
        got = get_spans()
        if isinstance(got, str):
            return self.reason(got)
        if not got:
            return self.reason(NO_LINES)
        if st == "created":
            return self.reason(AGENT_ONLY)
        self.add(turn, step, tool, path, got)

    def read_replayed(self, turn, step, tool, path, get_spans):
        if not self.replay.at_base(path):  # docs "Paths": files the workspace lacks, created ones too
            return self.reason(NOT_IN_WS)
        got = get_spans(len(self.replay.state(path)[0]))
        if isinstance(got, str):
            return self.reason(got)
        base, agent = self.replay.base(path, [n for s, e in got for n in range(s, e + 1)])
        if not base:
            return self.reason(AGENT_ONLY if agent else NO_LINES)
        self.add(turn, step, tool, path, spans(base))

    def edit(self, turn, step, tool, path, change):
        """An edit with its content, `("create", text)`, `("replace", old, new)` or `("hunks", [...])`:
        replayed on the workspace (edit rows), else as `edited`."""
        if not self.replay:
            return self.edited(path, created=change[0] == "create", turn=turn, step=step)
        if change[0] == "create":
            self.edit_events += 1
            rows = self.replay.create(path, change[1], known=self.state.get(path) != "unaligned")
            if rows:
                self.add(turn, step, tool, path, spans(rows), kind="edit")
            return None
        if self.replay.state(path) is None:
            return self.edited(path)  # docs "Paths": a file the workspace lacks (no lost edit)
        if self.state.get(path) == "unaligned":
            return self.edited(path, turn=turn, step=step)
        got = self.replay.replace(path, *change[1:]) if change[0] == "replace" else self.replay.hunks(path, change[1])
        if got is None:
            return self.edited(path, turn=turn, step=step)
        self.edit_events += 1
        self.add(turn, step, tool, path, spans(got), kind="edit")

    def edited(self, path, created=False, opaque=False, turn=None, step=None):
        """Without a workspace an edit cannot be placed on base lines: the file is unaligned and the
        edit, which gives no row, counts as *unaligned after edit*; a write creates the file (its
        lines are the agent's, later edits of it are replayed on them); an opaque edit (Aider's
        `whole` format) is never replayed.

        docs "Edits and line mapping", `edit(s) not replayed`: an edit not replayed is lost for want of a
        base file (no workspace, a file the run did not create; an opaque edit needs none), else after the
        first write that lost the file, else unrecorded (opaque), else it did not apply. `turn` None: an
        edit the oracle does not place (only counted)."""
        if created:
            self.state[path] = "created"
            self.texts.add(path)
            self.edit_events += 1
        elif opaque or self.state.get(path) != "created":
            base = opaque or self.replay is not None or path in self.texts  # the run's own text is a base
            why = ("no base" if not base else "after" if self.state.get(path) == "unaligned"
                   else "unrecorded" if opaque else "did not apply")
            self.lost.append((path, turn, step, why))
            self.state[path] = "unaligned"
            self.reason(UNALIGNED)
        else:
            self.edit_events += 1  # an edit of a file the run created: replayed on its text


def repo_path(path, cwd, roots):
    """docs "Paths": relative paths resolve against `cwd`; a path under a root is repository-relative;
    anything else is outside the repository (None)."""
    if not path:
        return None
    if not path.startswith("/"):
        if path.startswith("~"):
            return None
        path = posixpath.normpath(posixpath.join(cwd or "/", path)) if cwd else posixpath.normpath(path)
        if not path.startswith("/"):
            return None if path.startswith("..") else path
    path = posixpath.normpath(path)
    for root in roots:
        root = root.rstrip("/")
        if root and path.startswith(root + "/"):
            return path[len(root) + 1:]
    return None


NO_READ = {"ls", "pwd", "mkdir", "stat", "echo", "which", "npm", "git", "touch", "date", "whoami", "env"}
READ_ERR = re.compile(r"(No such file or directory|Is a directory|Permission denied)$")


def shell_read(cmd, cwd, roots, output, length=None):
    """The simple forms. Returns ("leave", why) | ("reason", r) | ("rows", path, spans)."""
    m = re.fullmatch(r"\s*nl -ba (\S+) \| sed -n '(\d+),(\d+)p'\s*", cmd)
    if "$" in cmd or "`" in cmd or "\n" in cmd:
        return ("leave", "shell: substitution, variable or several lines")
    try:
        lex = shlex.shlex(m.group(1) if m else cmd, posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        words = list(lex)
    except ValueError:
        return ("leave", "shell: unbalanced quotes")
    if any(w and all(c in "|&;<>()" for c in w) for w in words):
        return ("leave", "shell: pipe, list or redirect")
    if m:
        words = ["nl", "-ba"] + words
    if not words:
        return ("leave", "shell: empty command")
    prog = words[0]
    if prog == "cd" and len(words) <= 2:
        return ("reason", UNKNOWN_COMMAND)  # a bare cd (docs "Summary reasons")
    if prog in NO_READ and not m:
        if prog == "git" and len(words) > 1 and words[1] in ("apply", "checkout", "stash", "reset", "restore"):
            return ("leave", "shell: git write")
        return ("reason", UNKNOWN_COMMAND)
    if prog == "find" and "-exec" not in words and "-delete" not in words:
        return ("reason", UNKNOWN_COMMAND)
    lines = output
    if m:
        path, a, b, numbered = m.group(1), int(m.group(2)), int(m.group(3)), "nl"
    elif prog == "cat" and len(words) == 2 and not words[1].startswith("-"):
        path, a, b, numbered = words[1], 1, None, None
    elif prog == "head" and len(words) == 4 and words[1] == "-n" and words[2].isdigit():
        path, a, b, numbered = words[3], 1, int(words[2]), None
    elif prog == "head" and len(words) == 3 and re.fullmatch(r"-\d+", words[1]):
        path, a, b, numbered = words[2], 1, int(words[1][1:]), None
    elif prog == "sed" and len(words) == 4 and words[1] == "-n" and re.fullmatch(r"\d+(,\d+)?p", words[2]):
        nums = [int(x) for x in words[2][:-1].split(",")]
        path, a, b, numbered = words[3], nums[0], nums[-1], None
        if b < a:
            return ("leave", "shell: sed range ending before its start")
    elif prog in ("grep", "rg") and len(words) == 4 and words[1] == "-n" and not words[3].startswith("-"):
        path, numbered = words[3], "grep"
    elif prog in ("grep", "rg") and len(words) == 3 and not words[1].startswith("-") and not words[2].startswith("-"):
        if length is not None:
            # docs (session 34), the `grep` / `rg` without `-n` row: with a workspace, placed by text (the bash model)
            return ("leave", "shell: grep without -n with a workspace")
        return ("reason", NO_NUMBERS)
    else:
        return ("leave", f"shell: `{prog}` not among the recomputed forms")
    shown = displayed(lines)
    every = shown.head + shown.tail
    if any(c in path for c in "*?[") or path in (".", "..") or path.endswith("/"):
        return ("leave", "shell: a glob or directory operand")
    kept = shown.head + (shown.tail[1:] if shown.tail_partial else shown.tail)
    if numbered == "grep" and not all(re.match(r"\d+:", l) for l in kept):
        return ("leave", "shell: grep -n output with other lines (several files, an error)")
    rp = repo_path(path, cwd, roots)
    if rp is None:
        return ("reason", OUTSIDE)
    if any(l.startswith(prog + ":") and path in l and READ_ERR.search(l) for l in every):
        return ("reason", TOOL_ERROR)
    if numbered == "grep":
        # docs "What counts as displayed": a numbered line that opens a cut tail may have lost
        # the start of its number (`373:` shown as `73:`): dropped.
        kept = shown.head + (shown.tail[1:] if shown.tail_partial else shown.tail)
        return ("rows", rp, spans(int(re.match(r"(\d+):", l).group(1)) for l in kept))
    if numbered == "nl":
        if shown.cut:
            return ("leave", "shell: nl output cut")
        nums = [int(x.group(1)) for x in (re.match(r"\s*(\d+)\t", l) for l in every) if x]
        return ("rows", rp, spans(n for n in nums if a <= n <= b))
    if b is None and length:  # docs: a whole-file read takes its length from the workspace
        b = length(rp)
        if b is None:
            return ("rows", rp, [])  # not in the workspace: the caller says so
    if b is None and not shown.count():
        return ("reason", LENGTH_UNKNOWN)  # a whole-file read with nothing to count
    # docs "What counts as displayed" (sessions 28, 29): the output's line count the log states (older
    # Codex `[... omitted K of N lines ...]`, Codex `Total output lines: N`) makes a cut output the
    # stream's first N lines, so its tail is their last ones
    stated = re.search(r"\n\[\.\.\. omitted \d+ of (\d+) lines \.\.\.\]\n\n", lines)
    kept = STATED.get(id(lines), (None, None))  # or Codex's `Total output lines: N` (this very text)
    stated = int(stated.group(1)) if stated else (kept[1] if kept[0] is lines else None)
    if shown.cut and b is not None and not (length and length(rp) is not None):
        # docs "What counts as displayed": without the file's length the span's end (`1,100p`) is
        # only an upper bound, so a cut output credits only its head (and its tail by a stated N)
        if stated and stated >= shown.count():
            return ("rows", rp, credit_unnumbered(a, min(b, a + stated - 1), shown) or [])
        return ("rows", rp, [(a, min(b, a + len(shown.head) - 1))] if shown.head else [])
    got = credit_unnumbered(a, b, shown)
    if got == "cut":
        # docs "What counts as displayed" (session 28): the head of a cut whole-file read is lines 1..;
        # its tail is the file's last lines, placed only where the log states the output's line count,
        # else that needs the length
        if stated and stated >= shown.count():
            got = credit_unnumbered(a, stated, shown)
        elif shown.head:
            got = [(a, a + len(shown.head) - 1)]
        else:
            return ("reason", LENGTH_UNKNOWN)
    return ("rows", rp, got or [])
