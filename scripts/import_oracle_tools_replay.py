"""Replay on a workspace for scripts/import_oracle_tools.py, from docs/importers.md "Edits and line
mapping": each line of the agent's copy keeps the base line it came from (None for lines the agent
wrote); reads map back to base lines; an edit's row is the base lines it removed or changed (a pure
insertion, or a change of only lines the agent wrote: the base line before it). In a replacement,
lines equal at the start and end of the replaced region keep their base origin. Only what the
hand-made workspace cases use: replacements of whole lines (old text found once), hunks at stated
lines (each run of `-`/`+` lines one change), and created files."""
import os

import import_oracle_tools_lib as lib


class Replay:
    def __init__(self, root):
        self.root, self.files = root, {}

    def state(self, path):
        """(text lines, origins) of the agent's copy, None when neither the workspace nor the run has it."""
        if path not in self.files:
            f = os.path.join(self.root, path)
            if not os.path.isfile(f):
                return None
            lines = lib.text_lines(open(f, encoding="utf-8").read())
            self.files[path] = (lines, list(range(1, len(lines) + 1)))
        return self.files[path]

    def at_base(self, path):
        return os.path.isfile(os.path.join(self.root, path))

    def create(self, path, text, known=True):
        """A write of the whole text: over a file whose text is known (the workspace's, or the
        replay's), a replacement of all of it (docs "Edits and line mapping", session 33: lines equal
        at its start and end keep their base origin; its rows the base lines it removed or changed);
        else every line is the agent's and there is no row."""
        if known and self.state(path) is not None:
            old = self.files[path][0]
            return self.replace_all(path, old, lib.text_lines(text))
        lines = lib.text_lines(text)
        self.files[path] = (lines, [None] * len(lines))
        return []

    def replace_all(self, path, o, n):
        return self._splice_changed(path, 0, o, n)

    def _splice_changed(self, path, p, o, n):
        """Old lines `o` at `p` → new `n`, the lines equal at their start and end kept."""
        k = 0
        while k < min(len(o), len(n)) and o[k] == n[k]:
            k += 1
        m = 0
        while m < min(len(o), len(n)) - k and o[len(o) - 1 - m] == n[len(n) - 1 - m]:
            m += 1
        return self._splice(path, p + k, len(o) - k - m, n[k:len(n) - m])

    def base(self, path, current):
        """Base lines behind current lines (1-based), and whether any was the agent's."""
        st = self.state(path)
        orig = [st[1][n - 1] for n in current if 1 <= n <= len(st[1])]
        return [o for o in orig if o is not None], any(o is None for o in orig)

    def replace(self, path, old, new):
        """Old text (whole lines, found once) → new: the edit's base lines, or None (not replayed)."""
        lines, orig = self.state(path)
        o, n = lib.text_lines(old), lib.text_lines(new)
        at = [i for i in range(len(lines) - len(o) + 1) if lines[i:i + len(o)] == o] if o else []
        if len(at) != 1:
            return None
        return self._splice_changed(path, at[0], o, n)

    def hunks(self, path, hunks):
        """Hunks `(old start, [' x', '-y', '+z'])` stated on the file before the edit: each run of
        `-`/`+` lines between context lines is one change (only `+` lines: a pure insertion)."""
        rows, shift = [], 0
        for start, body in hunks:
            at = start - 1 + shift
            i = 0
            while i < len(body):
                if body[i][:1] == " ":
                    at, i = at + 1, i + 1
                    continue
                j = i
                while j < len(body) and body[j][:1] in ("-", "+"):
                    j += 1
                gone = sum(1 for x in body[i:j] if x[:1] == "-")
                added = [x[1:] for x in body[i:j] if x[:1] == "+"]
                rows += self._splice(path, at, gone, added)
                at += len(added)
                shift += len(added) - gone
                i = j
        return rows

    def _splice(self, path, at, removed, added):
        lines, orig = self.files[path]
        gone = [x for x in orig[at:at + removed] if x is not None]
        if not gone and (added or removed):
            # docs "Edit rows": a pure insertion, or a change of lines the agent wrote only, is the
            # base line before it in the current copy (lines the agent wrote passed over; session
            # 38: before, only the line right before, and nothing for a change of agent lines)
            gone = [x for x in orig[:at] if x is not None][-1:]
        lines[at:at + removed] = added
        orig[at:at + removed] = [None] * len(added)
        return gone
