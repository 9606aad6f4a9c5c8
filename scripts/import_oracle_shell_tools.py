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
            if not output.startswith("ERROR"):
                self.write(path, None)
            if cmd == "undo_edit" and "Here's the result of running `cat -n`" in output:
                raise Left("read after a write of the file (edits not replayed)")
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
        vr = args.get("view_range")
        if isinstance(vr, list) and len(vr) == 2 and isinstance(vr[1], int) and vr[1] != -1:
            shown = [(n, t) for n, t in shown if n <= vr[1]]
        elif not clipped and shown and shown[-1][1] == "":
            shown.pop()
        if not shown:
            return ("rows", [])
        if not self.text_ok(rel, shown, prefix_last=clipped):
            return ("rows", [])
        return ("rows", [(rel, s, e) for s, e in runs_of(n for n, _ in shown)])

    # --- SWE-agent ---------------------------------------------------------------------------
    def swe_window(self, output):
        m = re.search(r"^\[File: (.*) \((\d+) lines total\)\]$", output, re.M)
        if not m:
            return []
        rel = self.resolve(m.group(1), self.cwd)
        self.swe_file = m.group(1)
        if rel is None or rel == "":
            return []
        self.check_unwritten(rel)
        head, _ = self.displayed(output)
        nums = []
        started = False
        for x in head:
            if x.startswith("[File: "):
                started = True
                continue
            mm = re.match(r"^(\d+):", x)
            if started and mm:
                nums.append(int(mm.group(1)))
        return [(rel, s, e) for s, e in runs_of(nums)]

    def swe(self, action, output):
        body = action.strip("\n")
        if not body.strip():
            return ("rows", [])
        words = body.split()
        name = words[0]
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
                raise Left("SWE-agent edit the linter refused")
            m = re.search(r"^\[File: (.*) \(\d+ lines total\)\]$", output, re.M)
            target = m.group(1) if m else self.swe_file
            if target:
                self.write(target, self.cwd)
            else:
                self.every = True
            if m:
                raise Left("read after a write of the file (edits not replayed)")  # its window
            return ("rows", [])
        if name == "create":
            if "already exists" in output:
                raise Left("SWE-agent create of an existing file")
            if len(words) > 1:
                self.write(words[1], self.cwd)
            m = re.search(r"^\[File: (.*) \(\d+ lines total\)\]$", output, re.M)
            if m:
                self.swe_file = m.group(1)
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
            self.check_unwritten(rel)
            nums = [int(x) for x in re.findall(r"^Line (\d+):", output, re.M)]
            return ("rows", [(rel, s, e) for s, e in runs_of(nums)])
        if name in ("search_dir", "find_file", "submit"):
            return ("rows", [])
        return self.bash(body, output)
