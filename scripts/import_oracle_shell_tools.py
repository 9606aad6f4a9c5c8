"""Editor views and SWE-agent commands for scripts/import_oracle_shell.py (docs/importers.md "What
counts as a read": the OpenHands `str_replace_editor view`, SWE-smith filemap, SWE-agent `open`/
`goto`/`scroll_*`/`create`/`edit`/`search_file` rows): a mixin of import_oracle_shell_eval.Run.
"""
import posixpath
import re

import import_oracle_shell_sh as SH


class Left(Exception):
    """An action the oracle leaves out (its reason)."""


def runs_of(lines):
    """Contiguous runs of sorted line numbers."""
    out = []
    for n in sorted(set(lines)):
        if out and out[-1][1] + 1 == n:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [tuple(x) for x in out]


class Tools:
    # --- OpenHands str_replace_editor --------------------------------------------------------
    def editor(self, args, output):
        cmd, path = args.get("command"), args.get("path")
        if not isinstance(path, str):
            return ("rows", [])
        if cmd in ("create", "str_replace", "insert", "undo_edit"):
            if output.startswith("ERROR"):
                return ("rows", [])  # not applied
            self.oh_edit(cmd, args, path)
            if cmd == "undo_edit" and "Here's the result of running `cat -n`" in output:
                return self.editor(dict(args, command="view"), output.split("\n", 1)[1]
                                   if output.startswith("Last edit") else output)
            return ("rows", [])  # the snippet after an edit is not a read
        if cmd != "view":
            return ("rows", [])
        rel = self.resolve(path, None)
        if output.lstrip().startswith("ERROR"):
            return ("rows", [])  # tool error
        first = output.split("\n", 1)[0]
        ws_dir = self.ws is not None and rel not in (None, "") and self.ws.isdir(rel)
        ws_file = self.ws is not None and rel not in (None, "") and self.ws.lines(rel) is not None
        if (first.startswith("Here's the files and directories up to 2 levels deep in") and not ws_file) or ws_dir:
            return ("rows", [])  # directory view
        if rel is None or rel == "" or not self.exists(rel):
            return ("rows", [])
        if rel not in self.cur:
            self.check_unwritten(rel)
        if "<NOTE>This file is too large to display entirely" in output:
            # SWE-agent's filemap: `{n:6d} {line}` lines, a body of six or more lines as one
            # `… eliding lines a-b …` line (not shown)
            text = output.split("<response clipped>", 1)[0].split("<IMPORTANT>", 1)[0]
            nums = []
            for x in text.split("\n"):
                m = re.match(r"^\s*(\d+) (.*)$", x.rstrip("\r"))
                if m and not m.group(2).lstrip().startswith("... eliding lines"):
                    nums.append(int(m.group(1)))
            if rel is None or rel == "" or not self.exists(rel):
                return ("rows", [])
            self.check_unwritten(rel)
            return ("rows", [(rel, s, e) for s, e in runs_of(nums)])
        clipped = "<response clipped>" in output
        text = output.split("<response clipped>", 1)[0] if clipped else output
        shown = []
        ls = text.split("\n")
        while ls and ls[-1].strip() == "":
            ls.pop()
        for j, x in enumerate(ls):
            m = re.match(r"^\s*(\d+)\t(.*)$", x)
            if m:
                shown.append((int(m.group(1)), m.group(2)))
            elif j == len(ls) - 1 and re.fullmatch(r"\s*\d+", x) and shown and int(x) == shown[-1][0] + 1:
                shown.append((int(x), ""))  # the tool trimmed the output's end: an empty line
        if clipped and shown and re.fullmatch(r"\s*\d+\t\s*", ls[-1]):
            shown.pop()  # docs: a clip right after a line break, or inside a line's indentation, shows nothing of it
        vr = args.get("view_range")
        if isinstance(vr, list) and len(vr) == 2 and isinstance(vr[1], int) and vr[1] != -1:
            shown = [(n, t) for n, t in shown if n <= vr[1]]
        elif not clipped and shown and shown[-1][1] == "":
            shown.pop()
        if not shown:
            return ("rows", [])
        return ("rows", self.current_rows(rel, shown, len(shown) - 1 if clipped else None))

    # --- SWE-agent ---------------------------------------------------------------------------
    def base_rows(self, rel, shown):
        """Rows of the shown current lines [(n, text)] of rel, as base lines (edits replayed); with
        a workspace, a shown base line whose text is not the file's skips the read."""
        if rel in self.origin:
            o = self.origin[rel]
            base = [(o[n - 1], t) for n, t in shown if 1 <= n <= len(o) and o[n - 1] is not None]
        else:
            self.check_unwritten(rel)
            base = shown
        if not self.text_ok(rel, base):
            return []  # shown text differs from file
        return [(rel, s, e) for s, e in runs_of(n for n, _ in base)]  # none: only agent-written

    def swe_window(self, output):
        m = re.search(r"^\[File: (.*) \((\d+) lines total\)\]$", output, re.M)
        if not m:
            return []
        rel = self.resolve(m.group(1), self.cwd)
        self.swe_file = m.group(1)
        if rel is None or rel == "":
            return []
        if rel in self.origin and len(self.origin[rel]) != int(m.group(2)):
            raise Left("SWE-agent window whose length the replay does not give")
        if rel not in self.origin and not self.every and rel not in self.written:
            self.lens[rel] = int(m.group(2))
        head, _ = self.displayed(output)
        nums = []
        started = False
        for x in head:
            if x.startswith("[File: "):
                started = True
                continue
            mm = re.match(r"^(\d+):(.*)$", x)
            if started and mm:
                nums.append((int(mm.group(1)), mm.group(2)))
        self.swe_seen.setdefault(rel, {}).update(nums)
        return self.base_rows(rel, nums)

    def swe(self, action, output):
        body = action.strip("\n")
        if not body.strip():
            return ("rows", [])
        words = body.split()
        name = words[0]
        iface = ("open", "goto", "scroll_up", "scroll_down", "create", "edit", "search_file", "search_dir",
                 "find_file", "submit")
        cut = None if "\n" in body else and_tool(body, iface)
        if cut is not None:
            # docs "SWE-agent action of several lines" (session 39): `mkdir -p d && create F` is the
            # shell, then the command, each taking its own output: the window from its `[File: …]`
            # header on is the command's, the text before it the shell's
            shell, command = cut
            m = re.search(r"^\[File: ", output, re.M)
            if command.split()[0] not in ("open", "goto", "scroll_up", "scroll_down", "create") or not m:
                raise Left("SWE-agent shell line ending in `&& <command>` that shows no window")
            _, first = self.bash(shell, output[:m.start()])
            _, then = self.swe(command, output)
            return ("rows", first + then)
        if "\n" in body and name != "edit" and not any(
                line.split() and line.split()[0] in iface for line in body.split("\n")):
            return self.bash(body, output)  # shell lines only: read as bash
        if "\n" in body and name != "edit":
            for line in body.split("\n"):
                w = line.split()
                if w and w[0] == "create" and len(w) > 1:
                    self.write(w[1], self.cwd)
                elif w and w[0] == "edit":
                    self.every = True
                elif w and w[0] not in ("open", "goto", "scroll_up", "scroll_down", "search_file"):
                    try:
                        pls = SH.parse(line)
                    except ValueError:
                        continue
                    self.record_writes(pls, self.cwd)
                    for op, pl in pls:
                        ww = pl[0].words
                        if len(ww) == 2 and ww[0] == "cd" and self.cwd is not None:
                            self.cwd = posixpath.normpath(posixpath.join(self.cwd, ww[1]))
            raise Left("SWE-agent action of several lines")
        if name == "edit":
            if "Your changes have NOT been applied" in output:
                # nothing written; the window of the original code is read
                part = output.split("This is the original code before your edit", 1)
                if len(part) != 2:
                    raise Left("SWE-agent refused edit without its original window")
                return ("rows", self.swe_window(part[1].split("Your changes have NOT been applied")[0]))
            return self.swe_edit(body, output)
        if name == "create":
            if "already exists" in output:
                return ("rows", self.swe_window(output))  # it opens the file: a read, no write
            m = re.search(r"^\[File: (.*) \((\d+) lines total\)\]$", output, re.M)
            if m:
                self.swe_file = m.group(1)
                rel = self.resolve(m.group(1), self.cwd)
                if rel:
                    self.written.discard(rel)
                    self.origin[rel] = [None] * int(m.group(2))  # a new file: agent lines only
            elif len(words) > 1:
                self.write(words[1], self.cwd)
            return ("rows", [])
        if name in ("open", "goto", "scroll_up", "scroll_down"):
            return ("rows", self.swe_window(output))
        if name == "search_file":
            m = re.search(r'^Found \d+ matches for ".*" in (.*):$', output, re.M)
            if not m:
                return ("rows", [])
            rel = self.resolve(m.group(1), self.cwd)
            if rel is None or rel == "":
                return ("rows", [])
            nums = [(int(n), t) for n, t in re.findall(r"^Line (\d+):(.*)$", output, re.M)]
            self.swe_seen.setdefault(rel, {}).update(nums)
            return ("rows", self.base_rows(rel, nums))
        if name in ("search_dir", "find_file", "submit"):
            return ("rows", [])
        return self.bash(body, output)

    def swe_edit(self, body, output):
        """`edit a:b` replaces lines a–b of the open file with the body (to `end_of_edit`): a bash
        array slice, so a start or end past the last line stops at it; an end more than one line
        before the start is not replayed. The window printed after it is a read."""
        lines = body.split("\n")
        m = re.match(r"^edit\s+(\d+):(\d+)\s*$", lines[0])
        target = self.swe_file
        rel = self.resolve(target, self.cwd) if target else None
        if not m or not rel or "end_of_edit" not in lines:
            if rel:
                self.write(target, self.cwd)
            raise Left("SWE-agent edit the oracle does not replay")
        a, b = int(m.group(1)), int(m.group(2))
        k = lines.index("end_of_edit") - 1
        if rel not in self.origin:
            if self.every or rel in self.written or rel not in self.lens:
                self.write(target, self.cwd)
                raise Left("read after a write of the file (edits not replayed)")
            self.origin[rel] = list(range(1, self.lens[rel] + 1))
        if b < a - 1:
            del self.origin[rel]
            self.write(target, self.cwd)
            raise Left("SWE-agent edit whose end is before its start")
        o = self.origin[rel]
        # Lines a..b (as far as the file goes) a window showed since the file's last edit: the body's
        # lines equal at the region's start and end keep their origin (docs/importers.md).
        s0, e0 = min(a - 1, len(o)), min(b, len(o))
        seen, new = self.swe_seen.pop(rel, {}), lines[1:k + 1]
        old = [seen.get(n) for n in range(s0 + 1, e0 + 1)]
        p = q = 0
        if None not in old:
            while p < len(old) and p < k and old[p] == new[p]:
                p += 1
            while q < len(old) - p and q < k - p and old[-1 - q] == new[-1 - q]:
                q += 1
        self.origin[rel] = o[:s0 + p] + [None] * (k - p - q) + o[e0 - q:]
        self.edited(rel, o, o[s0 + p:e0 - q], s0 + p, k - p - q)
        w = re.search(r"^\[File: (.*) \(\d+ lines total\)\]$", output, re.M)
        if w and self.resolve(w.group(1), self.cwd) != rel:
            raise Left("SWE-agent edit whose window is of another file")
        return ("rows", self.swe_window(output))

    # --- OpenHands edits, replayed on the workspace text --------------------------------------
    def current_rows(self, rel, shown, prefix_at=None):
        """Rows of shown current lines [(n, text)]: checked against the file's current text (the
        base, or the replay), then mapped to base lines (none: only agent-written lines)."""
        if rel not in self.cur:
            if not self.text_ok(rel, shown, prefix_at=prefix_at):
                return []
            return [(rel, s, e) for s, e in runs_of(n for n, _ in shown)]
        cur, o = self.cur[rel], self.origin[rel]
        for i, (n, t) in enumerate(shown):
            if n < 1 or n > len(cur):
                return []
            a, b = self.norm(t), self.norm(cur[n - 1])
            if not (b.startswith(a) if i == prefix_at else a == b):
                return []  # shown text differs from file
        return [(rel, s, e) for s, e in runs_of(o[n - 1] for n, _ in shown if o[n - 1] is not None)]

    def oh_edit(self, cmd, args, path):
        """create / str_replace / insert / undo_edit on the current text (docs/importers.md "Edits and
        line mapping"): lines equal at the start and end of a replaced region keep their origin."""
        rel = self.resolve(path, None)
        if rel in (None, ""):
            return
        root = path[: len(path) - len(rel)]
        if self.ws is None or self.every or rel in self.written or self.roots_of.setdefault(rel, root) != root:
            self.write(path, None)
            self.cur.pop(rel, None)
            return
        if rel not in self.cur:
            raw = self.ws.raw(rel)
            if raw is None and cmd != "create":
                self.write(path, None)
                return
            lines, eol = self.split(raw or "")
            self.cur[rel], self.origin[rel], self.eol[rel] = lines, list(range(1, len(lines) + 1)), eol
            self.hist[rel] = []
        cur, o, eol = self.cur[rel], self.origin[rel], self.eol[rel]
        if cmd == "undo_edit":
            if not self.hist[rel]:
                return self.lose(path, rel)
            self.cur[rel], self.origin[rel], self.eol[rel] = self.hist[rel].pop()
            return
        self.hist[rel].append((cur, o, eol))
        if cmd == "create":
            lines, eol2 = self.split(args.get("file_text") or "")
            self.cur[rel], self.origin[rel], self.eol[rel] = lines, [None] * len(lines), eol2
        elif cmd == "insert":
            n, new = args.get("insert_line"), args.get("new_str")
            if not isinstance(n, int) or not isinstance(new, str) or n < 0 or n > len(cur):
                return self.lose(path, rel)
            add = new.split("\n")
            self.cur[rel], self.origin[rel] = cur[:n] + add + cur[n:], o[:n] + [None] * len(add) + o[n:]
            self.edited(rel, o, [], n, len(add))
        else:
            old, new = args.get("old_str"), args.get("new_str") or ""
            content = "\n".join(cur) + ("\n" if eol else "")
            if not isinstance(old, str) or not old or content.count(old) != 1:
                return self.lose(path, rel)
            start = content.index(old)
            end = start + len(old)
            ls, le = content.count("\n", 0, start), content.count("\n", 0, end)
            lines, eol2 = self.split(content[:start] + new + content[end:])
            suffix = max(0, len(cur) - (le + 1))
            old_reg, new_reg = cur[ls:le + 1], lines[ls:len(lines) - suffix]
            reg = [None] * len(new_reg)
            i = 0
            while i < min(len(old_reg), len(new_reg)) and old_reg[i] == new_reg[i]:
                reg[i] = o[ls + i]
                i += 1
            j = 0
            while j < min(len(old_reg), len(new_reg)) - i and old_reg[-1 - j] == new_reg[-1 - j]:
                reg[len(new_reg) - 1 - j] = o[ls + len(old_reg) - 1 - j]
                j += 1
            self.cur[rel], self.origin[rel], self.eol[rel] = lines, o[:ls] + reg + o[le + 1:], eol2
            kept = set(x for x in reg if x is not None)
            removed = [x for x in o[ls:le + 1] if x is not None and x not in kept]
            changed = i + j < max(len(old_reg), len(new_reg))  # agent lines removed count too
            self.edited(rel, o, removed, ls + i, changed)
            if len(self.cur[rel]) != len(self.origin[rel]):
                return self.lose(path, rel)

    def lose(self, path, rel):
        self.cur.pop(rel, None)
        self.write(path, None)

    @staticmethod
    def split(text):
        """A text's lines, and whether it ends with a line break."""
        eol = text.endswith("\n")
        lines = text.split("\n")
        if eol:
            lines.pop()
        return lines, eol

    def edited(self, rel, o, region, at, added):
        """The edit rows docs/importers.md gives an edit: the base lines it removed or changed; an
        edit that removes or changes no base line (an insertion, or a change of lines the agent
        wrote) the base line it follows (`at`: current lines before it)."""
        gone = [x for x in region if x is not None]
        if gone:
            self.edit_rows = [(rel, s, e) for s, e in runs_of(gone)]
        elif added:
            before = [x for x in o[:at] if x is not None]
            self.edit_rows = [(rel, before[-1], before[-1])] if before else None
        else:
            self.edit_rows = []


def and_tool(line, iface):
    """docs "SWE-agent action of several lines": a shell line ending in `&& <command>` of the interface,
    cut at its last `&&` outside quotes into (shell, command) when the command is one line, not `edit`,
    with no quote, `$`, redirect, `&`, `|` or `;` of its own; else None."""
    words = line.split()
    if not words or words[0] in iface:
        return None
    quote, last = None, None
    for i, c in enumerate(line):
        if quote is None and c in "'\"":
            quote = c
        elif quote is not None and c == quote:
            quote = None
        elif quote is None and line.startswith("&&", i) and (i == 0 or line[i - 1] != "&"):
            last = i
    if last is None:
        return None
    before, command = line[:last].rstrip(), line[last + 2:].strip()
    if not before or not command or any(c in command for c in "&|;'\"`$<>"):
        return None
    verb = command.split()[0]
    if verb not in iface or verb == "edit":
        return None
    return before, command
