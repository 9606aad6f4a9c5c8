"""What each action reads, for scripts/import_oracle_shell.py, from docs/importers.md "What counts
as a read", "What counts as displayed", "Edits and line mapping" and "Paths" (not readcov's code).

`Run` holds one run's state (repository roots, working directory, workspace, files written so
far); `Run.action(a)` gives ('rows', [(path, start, end)]) or ('left', reason) for an action the
oracle leaves out. Reads of a file after the run wrote it (or after a command that may change any
file) are left out: the oracle does not replay edits.
"""
import fnmatch
import os
import posixpath
import re

import import_oracle_shell_awk as AWK
import import_oracle_shell_greptext as GT
from import_oracle_shell_echo import echo_lines, strip_echoes
import import_oracle_shell_logs as L
import import_oracle_shell_cmds as S
import import_oracle_shell_sed as SED
import import_oracle_shell_ran as RAN
import import_oracle_shell_sh as SH
from import_oracle_shell_tools import Left, Tools, runs_of

# docs "What counts as a read", `grep -n`: ripgrep's stand-in for a line over `--max-columns` shows no text.
OMITTED = re.compile(r"^\[Omitted long (?:matching line|context line|replacement line|line with \d+ matches)\]$")

ERRORS = ("No such file or directory", "Is a directory", "Permission denied")


def norm(t):
    return t.expandtabs(8).rstrip().rstrip("\r").rstrip()



OLDPWD = "$OLDPWD"  # the cwd after `cd -` when no `cd` of the command came before it


def cd_to(cwd, d):
    """The cwd after `cd d` (None: not known yet); relative to an unknown one, unknown too."""
    if d.startswith("/"):
        return posixpath.normpath(d)
    if cwd is None:
        return None
    if "$" in cwd:
        return cwd + "/" + d
    return posixpath.normpath(posixpath.join(cwd, d))

def glob_matches(pattern, path):
    """bash's default matching of a glob, component by component (no globstar: `**` is `*`); a name
    starting with `.` only by a `.` written there."""
    ps, xs = pattern.split("/"), path.split("/")
    if len(ps) != len(xs):
        return False
    for p, x in zip(ps, xs):
        if x.startswith(".") and not p.startswith("."):
            return False
        if not fnmatch.fnmatchcase(x, p):
            return False
    return True


def ran_pipelines(pls, output, shown):
    """docs "`&&`, `;`, `||`, newlines" (session 40): the pipelines that ran; a `cd` that failed stays
    where it was and prints its error line (an echo of it, when another pipeline ran beside it)."""
    res = RAN.ran(pls, output, shown)
    others = any(h == "yes" and not (len(pl) == 1 and pl[0].words[:1] == ["cd"]) for _, pl, h in res)
    out = []
    for op, pl, h in res:
        if h == "yes":
            out.append((op, pl))
        elif h != "no" and others:
            sm = SH.Simple()
            sm.words = ["echo", h[1]]
            out.append((op, [sm]))
    return out


class Workspace:
    def __init__(self, root):
        self.root = root
        self.cache = {}

    def isdir(self, p):
        return os.path.isdir(os.path.join(self.root, p))

    def raw(self, p):
        f = os.path.join(self.root, p)
        if not os.path.isfile(f):
            return None
        return open(f, "rb").read().decode("utf-8", "replace").replace("\r\n", "\n")

    def lines(self, p):
        if p not in self.cache:
            f = os.path.join(self.root, p)
            if not os.path.isfile(f):
                self.cache[p] = None
            else:
                text = open(f, "rb").read().decode("utf-8", "replace")
                self.cache[p] = L.lines_of(text.replace("\r\n", "\n"))
        return self.cache[p]


class Run(Tools):
    def __init__(self, fmt, roots, ws, cwd=None):
        self.fmt, self.ws, self.cwd = fmt, ws, cwd
        self.roots = sorted({r.rstrip("/") for r in roots if r}, key=len, reverse=True)
        self.written, self.every = set(), False
        self.written_globs = set()  # globs of writes (docs "Glob operands"): every file they match
        self.origin = {}  # file → base line of each current line (None: agent-written), replayed
        self.lens = {}  # file → its length as the last SWE-agent window stated
        self.cur, self.eol, self.hist, self.roots_of = {}, {}, {}, {}  # OpenHands edits replayed
        self.norm = norm
        self.edit_rows = None  # the edit rows of the last action, when it was a replayed edit
        self.swe_file = None
        self.swe_seen = {}  # file → current line → text a window or search line showed since its last edit

    # --- paths -------------------------------------------------------------------------------
    def resolve(self, p, cwd):
        """The repository path of p, None outside the repository; Left when unknowable."""
        if p.startswith("~"):
            return None
        if not p.startswith("/") and cwd is not None and "$" in cwd:
            return None  # docs (session 39): a relative path after `cd -` to an unknown $OLDPWD
        if not p.startswith("/"):
            if cwd is None:
                raise Left("relative path before any known working directory")
            p = posixpath.join(cwd, p)
        p = posixpath.normpath(p)
        roots = list(self.roots) + ["/testbed"]
        m = re.match(r"^(/workspace/[^/]+__[^/]+__[^/]+)(/|$)", p)
        if m:
            roots.append(m.group(1))
        for r in sorted(roots, key=len, reverse=True):
            if p.startswith(r + "/"):
                return p[len(r) + 1:]
            if p == r:
                return ""
        return None

    def check_unwritten(self, rel):
        if self.every or rel in self.written or rel in self.origin:
            raise Left("read after a write of the file (edits not replayed)")
        # docs "Glob operands": a write of a glob loses every file it matches (one under a matched
        # folder too, for `rm -r`), known then or first seen later
        parts = rel.split("/")
        if any(glob_matches(g, "/".join(parts[:k])) for g in self.written_globs for k in range(1, len(parts) + 1)):
            raise Left("read after a write of the file (edits not replayed)")

    def write(self, p, cwd):
        if "$" in p or (not p.startswith("/") and cwd is not None and "$" in cwd):
            return  # docs (session 39): a file named by a parameter is no file of the log
        if p == "*":
            self.every = True
            return
        try:
            rel = self.resolve(p, cwd)
        except Left:
            self.every = True
            return
        if rel is not None:
            if any(c in p for c in "*?["):
                self.written_globs.add(rel)
            self.written.add(rel)
            self.origin.pop(rel, None)
            self.cur.pop(rel, None)

    # --- displayed ---------------------------------------------------------------------------
    def displayed(self, text):
        if self.fmt in ("openhands", "chat-text"):
            return L.displayed_openhands(text)
        if self.fmt == "mini":
            return L.displayed_mini(text)
        return L.displayed_swe(text)

    # --- numbered text check -----------------------------------------------------------------
    def text_ok(self, rel, shown, prefix_last=False, prefix_at=None):
        """shown: [(n, text)]. With a workspace each line must be the file's (normalised); the
        line cut by the tool (the last, or the one at index prefix_at) as a prefix."""
        if self.ws is None:
            return True
        base = self.ws.lines(rel)
        if base is None:
            return True
        for i, (n, t) in enumerate(shown):
            if n < 1 or n > len(base):
                return False
            a, b = norm(t), norm(base[n - 1])
            if (prefix_last and i == len(shown) - 1) or i == prefix_at:
                if not b.startswith(a):
                    return False
            elif a != b:
                return False
        return True

    def exists(self, rel):
        """False when the workspace lacks the file (*file not in workspace*)."""
        if self.ws is None:
            return True
        return self.ws.lines(rel) is not None

    # --- one action ----------------------------------------------------------------------------
    def action(self, a):
        if a["output"] is None:
            return ("rows", [])  # missing observation
        if a["kind"] == "bash":
            cmd = (a["args"] or {}).get("command")
            if not isinstance(cmd, str):
                return ("rows", [])
            return self.bash(cmd, a["output"])
        if a["kind"] == "editor":
            return self.editor(a["args"] or {}, a["output"])
        if a["kind"] == "swe":
            return self.swe(a["args"]["action"], a["output"])
        return ("rows", [])

    def bash(self, cmd, output, cwd=None):
        """The rows of a shell command whose output is `output`."""
        cwd = self.cwd if cwd is None else cwd
        if cwd is None and self.fmt == "mini":
            cwd = "/testbed"
        try:
            pls = SH.parse(cmd, output)
        except ValueError as e:
            raise Left(f"shell the oracle cannot parse ({e})")
        pls = ran_pipelines(pls, output, self.displayed(output)[0])
        self.record_writes(pls, cwd)
        reads, loud, order = [], False, []  # order: "read" / "loud" per pipeline that reads or prints
        echoes = []  # (place in order, the lines a loud pipeline prints when known: a plain echo)
        greps = []  # grep without -n (docs, session 34): read only alone in a call where nothing else prints
        oldpwd = None  # docs (session 39): `$OLDPWD` is known after a `cd` of the same command
        for op, pl in pls:
            if len(pl) == 1 and pl[0].words == ["cd", "-"]:
                # back to $OLDPWD, printed (a line no read owns; unknown when $OLDPWD is)
                new = oldpwd if oldpwd is not None else OLDPWD
                oldpwd, cwd = cwd, new
                if not any(o in (">", ">>", "&>") for o, _ in pl[0].redirects):
                    loud = True
                    order.append("loud")
                    echoes.append((len(order) - 1, None if new == OLDPWD else [new]))
                continue
            c = S.classify(pl)
            if c[0] == "unmodelled":
                if os.environ.get("ORACLE_DEBUG"):
                    print("LEFT", c[1], repr(cmd[:200]))
                raise Left(c[1])
            if c[0] == "cd":
                d = c[1]
                if d.startswith("~") or "$" in d:
                    raise Left("cd to a directory the oracle cannot follow")
                oldpwd = cwd
                cwd = cd_to(cwd, d)
                if not d.startswith("/") and cwd is None:
                    raise Left("relative cd before any known working directory")
            elif c[0] == "read" and getattr(c[1], "kind", None) == "grepT":
                greps.append((c[1], cwd, len(order), echo_lines(pl)))
                order.append("grepT")
            elif c[0] == "read":
                reads.append((c[1], cwd))
                order.append("read")
            else:
                name = pl[0].words[0] if pl[0].words else ""
                redirected = any(o in (">", ">>", "&>") for s in pl for o, _ in s.redirects)
                if not (name in S.SILENT or redirected):
                    loud = True
                    order.append("loud")
                    echoes.append((len(order) - 1, echo_lines(pl)))
        if self.fmt in ("swe",):
            self.cwd = cwd
        if len(greps) == 1 and not reads and not loud:
            rd, gcwd, _, _ = greps[0]
            head, tail = self.displayed(output)
            return ("rows", self.grep_text(rd, gcwd, head, tail))
        for _, _, at, lines in greps:
            # docs: beside another read or a command that prints it reads nothing, and to the others it prints
            order[at] = "loud"
            loud = True
            echoes.append((at, lines))
        echoes.sort(key=lambda e: e[0])
        if not reads:
            return ("rows", [])
        if len(reads) > 1:
            if all(r.numbered for r, _ in reads):
                return ("rows", [])  # ambiguous output
            if any(r.numbered for r, _ in reads):
                raise Left("numbered and unnumbered reads in one command")
            head, tail = self.displayed(output)
            if tail is not None:
                return ("rows", [])  # several unnumbered reads the tool cut: ambiguous
            # in order, the reads share the output's lines: each credits at most what the
            # earlier ones left of them
            rows, budget = [], len(head) - sum(banner_len(r, head, tail) for r, _ in reads)
            caps = self.floors(reads, budget)
            for (rd, rcwd), cap in zip(reads, caps):
                left = budget if cap is None else min(budget, cap)
                if cap == 0:
                    self.share_why = "ambiguous output"
                for p, a, b in self.read(rd, rcwd, output):
                    take = min(b - a + 1, left)
                    if take > 0:
                        rows.append((p, a, a + take - 1))
                    budget -= take
                    left -= take
            return ("rows", rows)
        rd, rcwd = reads[0]
        if rd.numbered and loud:
            raise Left("a numbered read beside other commands' output")
        # docs "What counts as a read": another command printing before (after) the read owns the
        # output's head (tail) around a cut, and makes its line count not the read's
        at = order.index("read")
        rd.before, rd.after = "loud" in order[:at], "loud" in order[at + 1:]
        rd.echoes = ([ls for i, ls in echoes if i < at], [ls for i, ls in echoes if i > at])
        return ("rows", self.read(rd, rcwd, output))

    def record_writes(self, pls, cwd):
        """Every write of the command, whatever else it does (so later reads are left out)."""
        oldpwd = None
        for op, pl in pls:
            w = pl[0].words
            if len(pl) == 1 and w == ["cd", "-"]:
                oldpwd, cwd = cwd, (oldpwd if oldpwd is not None else OLDPWD)
            elif len(pl) == 1 and len(w) == 2 and w[0] == "cd" and "$" not in w[1] and not w[1].startswith("~"):
                if w[1].startswith("/") or cwd is not None:
                    oldpwd, cwd = cwd, cd_to(cwd or "/", w[1])
            paths, every = S._writes(pl)
            if every:
                self.every = True
            for p in paths:
                self.write(p, cwd)

    def read(self, rd, cwd, output):
        head, tail = self.displayed(output)
        head = head[banner_len(rd, head, tail):]
        before, after = getattr(rd, "before", False), getattr(rd, "after", False)
        pre, post = getattr(rd, "echoes", ([], []))
        if (before or after) and None not in pre + post:
            cut = strip_echoes(head, tail, [x for ls in pre for x in ls], [x for ls in post for x in ls])
            if cut is not None:
                # docs (session 31): the echoes' lines where they ran are taken off; the rest is the read's
                (head, tail), before, after = cut, False, False
        if tail is not None and not rd.numbered:
            # docs: around a cut only the read's side is credited
            if before:
                head = []
            if after:
                tail = []
            if not head and not tail:
                return []  # ambiguous output
        rd.own = not (before or after)
        if rd.kind == "grepN" and len(rd.files) == 1 and head and tail is None and all(
                re.match(r"^\d+[:-]", x) for x in head):
            # docs (session 39): `rg`/`grep -r` given one file print `N:` lines with no path, a hidden file too
            rd.kind, rd.path = "grep1", rd.files[0]
        if rd.kind == "grepG":
            if self.ws is not None:
                raise Left("grep -n over a glob with a workspace")
            # docs "Glob operands" (session 38): without a workspace, the `path:N:` lines of files the
            # glob matches (one matched file prints `N:` lines: ambiguous output, nothing)
            pat = self.resolve(rd.files[0], cwd)
            if pat is None or pat == "":
                return []
            return [r for r in self.grep_multi(rd, cwd, head, tail) if glob_matches(pat, r[0])]
        if rd.kind == "grepN":
            return self.grep_multi(rd, cwd, head, tail)
        rel = self.resolve(rd.path, cwd)
        if rel is None or rel == "":
            return []
        name = rd.path
        for x in head + (tail or []):
            if x.rstrip().endswith(ERRORS) and rd.path in x and re.match(r"^(cat|nl|less|more|bat|batcat|head|tail|sed|grep|rg)\b", x):
                return []  # tool error
            if re.match(r"^[gm]?awk: ", x) and (
                    (rd.path in x and (x.rstrip().rstrip(")").endswith(ERRORS) or x.rstrip().endswith("is a directory: skipped")))
                    or x.rstrip().endswith(": read error (Is a directory)")):
                return []  # tool error (docs, session 31: awk's messages)
            if x.strip("*").strip() in (f"{rd.path}: directory", f"{rd.path}: Not a text file") and x.startswith("***"):
                return []  # tool error: `more`'s `*** d: directory ***`
            if "[bat error]" in x and f"'{rd.path}'" in x and x.rstrip().endswith(ERRORS + ("is a directory.", "(os error 2)")):
                return []  # tool error: `[bat error]: 'f': …`
        if self.ws is not None and self.ws.isdir(rel):
            return []
        if not self.exists(rel) and rel not in self.cur:
            return []
        if rel not in self.cur:
            self.check_unwritten(rel)
        if not head and not tail:
            return []
        if rd.numbered and rd.ops is not None:
            # grep -n of a composed stream: shown number k is the stream's k-th line
            seq = S.compose(rd.ops, self.length(rel))
            if seq is None and self.length(rel) is None:
                # docs "pipes": only where the stream starts matters (`tail -n +K f | grep -n x`)
                seq = S.compose_open(rd.ops, len(head) + len(tail or []) + 1)
            if seq is None:
                return []  # file length unknown
            if seq and seq != list(range(seq[0], seq[0] + len(seq))):
                raise Left("grep -n of a stream of several runs")
            rd.offset = seq[0] - 1 if seq else 0
        if rd.numbered:
            shown, cut_at = [], None
            pat = re.compile(r"^\s*(\d+)\t(.*)$") if rd.kind == "catn" else re.compile(r"^(\d+)[:-](.*)$")
            if rd.kind == "awkn":
                # docs (session 31): NR (right-aligned in spaces for `%Nd`), the separator, the line
                pat = re.compile(r"^ *(\d+)" + re.escape(rd.prog.sep) + r"(.*)$")
            for i, x in enumerate(head):
                m = pat.match(x)
                if m and rd.kind not in ("catn", "awkn") and OMITTED.match(m.group(2)):
                    continue  # docs: ripgrep's `--max-columns` stand-in shows no text of the line
                if m and i == len(head) - 1 and tail is not None and m.group(2).strip() == "":
                    continue  # docs: cut right after its number (or in its indentation), the line shows nothing
                if m:
                    shown.append((int(m.group(1)) + rd.offset, m.group(2)))
                    if i == len(head) - 1 and tail is not None:
                        cut_at = len(shown) - 1
            for x in (tail or [])[1:]:
                m = pat.match(x)
                if m and not (rd.kind not in ("catn", "awkn") and OMITTED.match(m.group(2))):
                    shown.append((int(m.group(1)) + rd.offset, m.group(2)))
            if rd.kind == "awkn":
                # docs (session 31): a number the program does not print is no line of it
                picked = set(AWK.printed(rd.prog, max((n - rd.offset for n, _ in shown), default=0)))
                cut = shown[cut_at] if cut_at is not None else None
                shown = [x for x in shown if x[0] - rd.offset in picked]
                cut_at = next((i for i, x in enumerate(shown) if x is cut), None)
            if not shown:
                return []
            return self.current_rows(rel, shown, cut_at)
        return self.span(rd, rel, head, tail)

    def span(self, rd, rel, head, tail):
        rows = self.span_current(rd, rel, head, tail)
        if rel not in self.cur:
            return rows
        o = self.origin[rel]  # the replayed file: current lines to base lines
        return [(rel, s, e) for s, e in runs_of(o[n - 1] for _, a, b in rows for n in range(a, b + 1)
                                                  if o[n - 1] is not None)]

    def stated_of(self, head, tail):
        """The output's line count the log states for a cut output (`self.stated`, set by a caller
        whose format states it), when it can be the read's: at least the lines shown."""
        n = getattr(self, "stated", None)
        if n is None or tail is None or n < len(head) + len(tail):
            return None
        return n

    @staticmethod
    def _stream_top(rd, big, n):
        """The file line the read's stream reaches at its N-th line (its ranges over a file of `big`
        lines, `big` past any place the first N lines can reach)."""
        if rd.ranges is not None:
            ranges = [(a, big if b is None else (a if b < a else b)) for a, b in rd.ranges]
        else:
            ranges = [(rd.start or 1, big if rd.end is None else rd.end)]
        seq = [x for x in range(1, big + 1) for a, b in ranges if a <= x <= b]
        return seq[n - 1] if len(seq) >= n else big

    def bound(self, rd, cwd):
        """docs "What counts as displayed" (session 38): the most lines an unnumbered read prints, None when no
        bound is known without the file's length (`cat`, `'a,$p'`, `tail -n N`, a pattern range, a composed
        stream), and whether it is exactly what the read prints (the file's length known)."""
        rel = self.resolve(rd.path, cwd)
        length = self.length(rel) if rel else None
        if rd.sed_regex is not None or rd.ops is not None or rd.start is None:
            return (len(S.compose(rd.ops, length)) if rd.ops is not None and length is not None
                    else None), length is not None
        ranges = getattr(rd, "ranges", None) or [(rd.start or 1, rd.end)]
        n = 0
        for a, b in ranges:
            if b is None and length is None:
                return None, False
            e = length if b is None else (a if b < a else b)
            n += max(0, (e if length is None else min(e, length)) - a + 1)
        return n, length is not None

    def floors(self, reads, budget):
        """docs "What counts as displayed" (session 38): several unnumbered reads share one output; when one of
        them has no known length, read i is credited at most the output's lines less every other read's bound
        (what the count proves of it; 0 when another has no bound). None each when every length is known."""
        bounds = [self.bound(rd, c) for rd, c in reads]
        if all(exact for _, exact in bounds):
            return [None] * len(reads)
        out = []
        for i in range(len(reads)):
            others = [b for j, (b, _) in enumerate(bounds) if j != i]
            out.append(0 if None in others else max(0, budget - sum(others)))
        return out

    def length(self, rel):
        base = self.cur[rel] if rel in self.cur else (self.ws.lines(rel) if self.ws is not None else None)
        return len(base) if base is not None else None

    def span_current(self, rd, rel, head, tail):
        base = self.cur[rel] if rel in self.cur else (self.ws.lines(rel) if self.ws is not None else None)
        length = len(base) if base is not None else None
        if rd.sed_regex is not None:
            if base is None:
                return []  # range needs the workspace
            if tail is not None:
                raise Left("sed regex addresses with an output the tool cut")
            nums = SED.sed_lines(rd.sed_regex, base)
            if len(nums) != len(head) or any(norm(base[n - 1]) != norm(x) for n, x in zip(nums, head)):
                return []  # shown text differs from file
            return [(rel, s, e) for s, e in runs_of(nums)]
        if rd.ops is not None:
            seq = S.compose(rd.ops, length)
            if seq is None and length is None and getattr(rd, "own", True) and head:
                # docs "What counts as displayed": a stream to the file's end from a known line
                # shows its first lines (all n when whole, the head when cut; the tail too when
                # the log states the output's line count N: the stream's first N lines)
                n = self.stated_of(head, tail)
                seq = S.compose_open(rd.ops, n or len(head))
                if len(rd.ops) == 1 and rd.ops[0][0] == "script":
                    # docs (session 31): `first~step` with no `$` shows its sequence's first lines
                    seq = SED.script_first(rd.ops[0][1], n or len(head))
                if seq is not None:
                    keep = seq[:len(head)] + (seq[len(head):][-len(tail):] if n and tail else [])
                    return [(rel, s, e) for s, e in runs_of(keep)]
            if seq is None:
                return []  # file length unknown
            h = len(head)
            # docs "What counts as displayed": without the length a cut output credits only its head
            keep = seq[:h] if tail is None or length is None else seq[:h] + (seq[h:][-len(tail):] if tail else [])
            return [(rel, s, e) for s, e in runs_of(keep)]
        to_end = (rd.ranges is None and rd.end is None and rd.tail is None) or (
            rd.ranges is not None and any(b is None for _, b in rd.ranges))
        virtual = False
        if length is None:
            if rd.tail is not None:
                return []  # file length unknown
            if to_end:
                # docs "What counts as displayed" (sessions 28, 29): a read from a known line to the
                # file's end (whole file, `tail -n +K`, `sed -n 'a,$p'`) shows the stream's first
                # lines: all n of an output shown whole, the head of a cut one, and its tail too
                # when the log states the output's line count N (the tools oracle's Codex: the
                # stream's first N lines; none of the shell oracle's formats states it); only when
                # no other command of the call printed
                if not getattr(rd, "own", True) or not head:
                    return []  # file length unknown
                n = self.stated_of(head, tail)
                virtual = not n
                length = 2 + (n or len(head)) + max([rd.start or 1] + [x for a, b in (rd.ranges or []) for x in (a, b or 0)])
                if n:
                    # the stream's first N lines: the length is where they end
                    top = self._stream_top(rd, length, n)
                    length = top
        if rd.ranges is not None:
            ranges = [(a, a if b is not None and b < a else b) for a, b in rd.ranges]
            ranges = [(a, length if b is None else (b if length is None else min(b, length)))
                      for a, b in ranges]
        elif rd.tail is not None:
            ranges = [(max(1, length - rd.tail + 1), length)]
        else:
            end = rd.end if rd.end is not None else length
            ranges = [(rd.start, end if length is None else min(end, length))]
        ranges = [(a, b) for a, b in ranges if a <= b]
        # docs: GNU sed prints each line once per range that selects it, in file order
        top = max((b for _, b in ranges), default=0)
        seq = [(0, n) for n in range(1, top + 1) for a, b in ranges if a <= n <= b]
        h = len(head)
        if tail is None or length is None or virtual:
            # docs "What counts as displayed": without the length the span's end is an upper bound,
            # so a cut output credits only its head
            keep = seq[:h]
        else:
            t = len(tail)
            keep = seq[:h] + (seq[h:][-t:] if t else [])
        return [(rel, s, e) for s, e in runs_of(n for _, n in keep)]  # a row per run of lines

    def grep_multi(self, rd, cwd, head, tail):
        lines = head + (tail or [])[1:]
        matches = {}
        for x in lines:
            m = re.match(r"^(.*?):(\d+):", x)
            if m:
                matches.setdefault(m.group(1), True)
        shown = {}
        for x in lines:
            path, n = None, None
            m = re.match(r"^(.*?):(\d+):", x)
            cands = [(mm.start(), mm.group(2), x[:mm.start()]) for mm in
                     re.finditer(r"([:-])(\d+)\1", x)]
            for pos, num, pre in cands:
                if pre in matches:
                    path, n = pre, int(num)
                    break
            if path is None and cands:
                path, n = cands[0][2], int(cands[0][1])
            if path is None:
                continue
            text = x[len(path) + len(str(n)) + 2:]
            if OMITTED.match(text):
                continue  # docs: ripgrep's `--max-columns` stand-in shows no text of the line
            shown.setdefault(path, []).append((n, text))
        rows = []
        for p, sh in shown.items():
            rel = self.resolve(p, cwd)
            if rel is None or rel == "" or not self.exists(rel):
                continue
            self.check_unwritten(rel)
            if not self.text_ok(rel, sh):
                continue
            rows += [(rel, s, e) for s, e in runs_of(n for n, _ in sh)]
        return rows


    def stream_lines(self, rd, rel, t):
        """The current lines (in order) of the stream a read `rd` of `rel` prints, its text `t` known."""
        if rd.sed_regex is not None:
            return SED.sed_lines(rd.sed_regex, self.cur[rel] if rel in self.cur else self.ws.lines(rel))
        if rd.ops is not None:
            return S.compose(rd.ops, len(t))
        runs = self.span_current(rd, rel, [""] * (len(t) * 4 + 4), None)
        if rd.ranges is not None and len(rd.ranges) > 1:
            raise Left("a grep of a stream of several sed ranges")
        return [n for _, a, b in runs for n in range(a, b + 1)]

    def grep_text(self, rd, cwd, head, tail):
        """docs (session 34), the `grep` / `rg` without `-n` row: the rows, and in self.grep_why the reason when
        there are none (for the tools oracle's reason counts)."""
        rows, self.grep_why = self._grep_text(rd, cwd, head, tail)
        return rows

    def _grep_text(self, rd, cwd, head, tail):
        nln = "output without line numbers"
        if self.ws is None or tail is not None:
            return [], nln  # no text to place by; a cut output
        lines = [x for x in head if not GT.MESSAGE.match(x)]
        end_cut = rd.end_maybe or (rd.head_n is not None and len(lines) >= rd.head_n)

        def rel_of(p):
            try:
                rel = self.resolve(p, cwd)
            except Left:
                raise
            return rel if rel else None

        def is_file(p):
            rel = rel_of(p)
            return rel if rel is not None and self.ws.lines(rel) is not None else None

        def text(rel):
            if rel in self.cur:
                return [norm(x) for x in self.cur[rel]]
            self.check_unwritten(rel)  # writes the oracle does not replay (`cat > F << EOF` readcov does)
            base = self.ws.lines(rel)
            return None if base is None else [norm(x) for x in base]

        def rows(rel, nums):
            """(rows, why): docs "Edits and line mapping": current lines mapped to base lines, none of the agent's."""
            if isinstance(nums, str):
                return [], nums
            o = self.origin.get(rel) if rel in self.cur else None
            base = [n if o is None else o[n - 1] for n in nums]
            got = [(rel, s, e) for s, e in runs_of(sorted(n for n in base if n is not None))]
            return got, (None if got else "only agent-written lines")
        src = getattr(rd, "src", None)
        if src is not None:
            # docs (session 35): a grep of the lines an earlier stage printed of one file, placed among them
            rel = rel_of(src.path)
            t = text(rel) if rel is not None and (rel in self.cur or self.ws.lines(rel) is not None) else None
            if t is None:
                return [], nln
            stream = self.stream_lines(src, rel, t)
            if stream is None:
                return [], "file length unknown"
            sub = [t[n - 1] for n in stream]
            r = GT.place_groups(sub, GT.split_groups(lines), True) if rd.context else \
                GT.place_one(sub, lines, rd.start_cut, end_cut, True)
            return rows(rel, r if isinstance(r, str) else [stream[p - 1] for p in r])
        one = False
        if len(rd.files) == 1 and rd.with_filename is not True:
            rel = rel_of(rd.files[0])
            if not rd.recursive:
                one = True
            elif rel is not None and self.ws.isdir(rel):
                one = False
            elif rel is not None and self.ws.lines(rel) is not None:
                one = True
            else:
                name = rd.files[0].rstrip("/").split("/")[-1]
                one = "." in name and not name.startswith(".")
        if one:
            rel = rel_of(rd.files[0])
            t = text(rel) if rel is not None and self.ws.lines(rel) is not None else None
            if t is None:
                return [], nln
            r = GT.place_groups(t, GT.split_groups(lines), True) if rd.context else \
                GT.place_one(t, lines, rd.start_cut, end_cut, True)
            return rows(rel, r)
        if rd.with_filename is False or (not rd.files and not rd.recursive):
            return [], nln
        runs = GT.by_file(lines, rd.context, is_file)
        if isinstance(runs, str):
            return [], runs
        out, why = [], "no lines shown"
        for i, (rel, ls) in enumerate(runs):
            t = text(rel) if rel is not None else None
            if t is None:
                got, w = [], nln  # docs: a file the workspace lacks: its text is unknown
            else:
                r = GT.place_groups(t, GT.split_groups(ls), False) if rd.context else \
                    GT.place_one(t, ls, rd.start_cut and i == 0, end_cut and i == len(runs) - 1, False)
                got, w = rows(rel, r)
            out += got
            if why == "no lines shown" and w:
                why = w  # docs: of the files not read, the first reason other than *no lines shown*
        return out, (None if out else why)


def banner_len(rd, head, tail):
    """docs (the `more` row): util-linux `more` writing to a pipe prints `::::::::::::::`, the
    file's name as given and `::::::::::::::` before the file; those lines (all of a head the tool
    cut inside them) are not the file's. 0 when the output does not open with them."""
    if not getattr(rd, "banner", False):
        return 0
    # docs: `head -v` / `tail -v` print `==> f <==` (the banner given as its lines)
    want = rd.banner if isinstance(rd.banner, list) else [":" * 14, rd.path, ":" * 14]
    n = min(len(want), len(head))
    if [x.rstrip() for x in head[:n]] == want[:n] and (n == len(want) or (n == len(head) and tail is not None)):
        return n
    return 0

