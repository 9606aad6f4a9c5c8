"""Shell actions of structured-call logs for scripts/import_oracle_tools.py beyond the simple forms of
import_oracle_tools_lib.shell_read (pipes, lists, redirects, substitutions, `rg`, `python3`, `VAR=x cmd`,
…): recomputed by the shell oracle's bash model (import_oracle_shell_eval.Run with its parser, command
table and sed model, written from docs/importers.md "What counts as a read"), imported, not copied.

What differs from the shell oracle's logs is given here, each from docs/importers.md:
- "What counts as displayed": the structured formats' cuts (import_oracle_tools_lib.displayed: Claude
  Code's markers, Codex's, Gemini's and Inspect's as the format readers rewrite them); a tail whose first
  line is whole keeps it for a numbered read (the shell model drops a tail's first line, which in its
  formats always starts mid-line);
- "What counts as displayed": a cut read to the file's end from a known line (`tail -n +K`, `sed -n
  'K,$p'`, as a later stage too) places its tail where the log states the output's line count N (Codex);
- the working directory is the call's (Claude Code's session `cwd`, Codex's `workdir`, the V1
  terminal's); with none (ATIF, Inspect), relative paths are repository paths;
- "Edits and line mapping": a file the structured tools edited or created is the tools oracle's
  (`lib.Run.state`): a shell read of it is *unaligned after edit* or *only agent-written lines*; a file a
  shell command writes (`sed -i`, a redirect, `tee`, `cp`/`mv`, `rm`) becomes unaligned for later
  structured reads, a here-document's (`cat > F << EOF`: created, agent lines) and a command that may
  change any file (`patch`, `git apply|checkout|…`) leave later reads of those files out.

The summary reason of a shell action the model recomputes (the shell oracle compares rows only): one
that gives rows is taken to count no reason; one that gives none, its first read's failure when that is
a path outside the repository or a numbered grep over several files that shows no line
(`first_read_reason`), else one reason the comparison allows (`Run.unreasoned`).
"""
import import_oracle_shell_cmds as S
import posixpath
import re

import import_oracle_shell_eval as E
import import_oracle_shell_sh as SH
import import_oracle_tools_lib as lib
from import_oracle_shell_tools import Left

SHELL_WRITTEN = "shell-written"  # lib.Run.state: a here-document's file, or any file after `patch`/`git apply`


class ShellRun(E.Run):
    """The shell oracle's Run, with the structured formats' displayed rules."""

    def __init__(self, roots, ws):
        super().__init__("tools", roots, ws)
        self.numbered = False

    def displayed(self, text):
        shown = lib.displayed(text)
        if not shown.cut:
            return shown.head, None
        tail = list(shown.tail)
        if self.numbered and tail and not shown.tail_partial:
            tail = [""] + tail  # the model drops a tail's first line: here it is whole, keep it
        return shown.head, tail

    def read(self, rd, cwd, output):
        self.numbered = bool(rd.numbered or rd.kind == "grepN")
        self.stated = stated(output)
        try:
            return super().read(rd, cwd, output)
        finally:
            self.numbered, self.stated = False, None


def stated(output):
    """docs "What counts as displayed" (sessions 28, 29): the output's line count the log states, which
    places the tail of a cut read to the file's end from a known line (`tail -n +K`, `sed -n 'K,$p'`,
    `cat`): older Codex's `[... omitted K of N lines ...]`, or Codex's `Total output lines: N` before
    this very text (a text built from it, polls appended, states nothing). None when not stated."""
    m = re.search(r"\n\[\.\.\. omitted \d+ of (\d+) lines \.\.\.\]\n\n", output)
    if m:
        return int(m.group(1))
    kept = lib.STATED.get(id(output), (None, None))
    return kept[1] if kept[0] is output else None


def model(run, roots):
    m = getattr(run, "shell_model", None)
    if m is None:
        ws = E.Workspace(run.replay.root) if run.replay else None
        m = run.shell_model = ShellRun(roots, ws)
    m.roots = sorted({r.rstrip("/") for r in roots if r}, key=len, reverse=True)
    return m


def replayed(run, path):
    """True when the tools oracle's replay changed the file (the model only knows its base text)."""
    if not run.replay or path not in run.replay.files:
        return False
    lines, orig = run.replay.files[path]
    return orig != list(range(1, len(orig) + 1))


def shell(run, turn, step, tool, cmd, cwd, roots, output):
    """One shell command lib.shell_read leaves out: its rows from the bash model, else left out."""
    m = model(run, roots)
    cmd = rg_filters(cmd)
    why = lister_or_stdin(cmd)
    if why:
        return run.reason(why)
    written, every = set(m.written), m.every
    m.grep_why = m.share_why = None
    try:
        try:
            _, rows = m.bash(cmd, output, cwd=cwd or "/testbed")
        finally:
            sync_writes(run, m, written, every, "<<" in cmd)
    except Left as e:
        if str(e).startswith("pipe into `") and hidden_by_filter(cmd):
            return run.reason(lib.NO_NUMBERS)
        if str(e) != "numbered and unnumbered reads in one command":
            return run.leave(step, f"shell model: {e}")
        rows = mixed(m, cmd, cwd or "/testbed", output)
        if rows is None:
            return run.leave(step, "shell model: numbered and unnumbered reads in an output the tool cut")
    if not rows and "<<" in cmd and m.written - written:
        return  # docs "Summary reasons": a here-document's file created, an edit: no reason
    paths = {p for p, _, _ in rows}
    if any(replayed(run, p) for p in paths):
        return run.leave(step, "shell read of a file the structured tools edited, with a workspace")
    kept = []
    for p in sorted(paths):
        st = run.state.get(p)
        if st == SHELL_WRITTEN or (st is None and getattr(run, "all_written", False)):
            return run.leave(step, "shell read after a shell write the oracle does not follow")
        if st is None:
            kept += [r for r in rows if r[0] == p]
    if len(kept) < len(rows) and not kept:
        st = {run.state.get(p) for p in paths}
        return run.reason(lib.UNALIGNED if "unaligned" in st else lib.AGENT_ONLY)
    if not rows:
        # docs (session 34): a grep without -n placed by text that read nothing says why
        why = m.grep_why or m.share_why or no_read_reason(cmd) \
            or first_read_reason(m, cmd, cwd or "/testbed", output)
        if why:
            return run.reason(why)
    if not kept:
        run.unreasoned = getattr(run, "unreasoned", 0) + 1
        return
    if len(kept) < len(rows):
        run.unreasoned = getattr(run, "unreasoned", 0) + 1
    for p, s, e in kept:
        run.add(turn, step, tool, p, [(s, e)])


def first_read_reason(m, cmd, cwd, output):
    """docs "Summary reasons": of a command that read nothing, the first read's failure counts (a failed read
    outranks an unknown command). Recomputed for two: a read of a path outside the repository (*path outside
    repo*, docs "Paths": `~/…`, another checkout) and a numbered grep over several files or `-r` whose output
    shows no `path:N:` line (*no lines shown*: no match; `rg: d: No such file or directory (os error 2)` does
    not end with the error, so it is no *tool error*). None for the others (not recomputed, counted)."""
    try:
        for _, pl in SH.parse(cmd):
            c = S.classify(pl)
            if c[0] == "cd":
                cwd = posixpath.normpath(posixpath.join(cwd, c[1]))
            if c[0] != "read":
                continue
            rd = c[1]
            if getattr(rd, "kind", None) == "grepT":
                # docs (session 34), the `grep` / `rg` without `-n` row: without a workspace nothing to place by
                return lib.NO_NUMBERS if m.ws is None else None
            if rd.kind == "grepN":
                head, tail = m.displayed(output)
                return lib.NO_LINES if grep_claims(head + (tail or [])) == 0 else None
            return lib.OUTSIDE if m.resolve(rd.path, cwd) is None else None
    except (Left, ValueError):
        return None
    return None


def sync_writes(run, m, written, every, heredoc):
    """The model's writes of this command, told to the tools oracle's per-file state."""
    if m.every and not every:
        run.all_written = True
    for p in m.written - written:
        if heredoc:
            run.edit_events += 1  # docs "Edits and line mapping": `cat > F << EOF` replayed as F created
        if run.state.get(p) != "unaligned":
            run.state[p] = SHELL_WRITTEN if heredoc else "unaligned"


NO_NUMBERS = ("filter hides positions", "grep without -n", "grep -l/-c/-q", "a second numbering",
              "grep without -n through a stage the docs do not list")


def no_read_reason(cmd):
    """docs "Summary reasons" of a command none of whose pipelines reads a file: *output without line
    numbers* when one is a grep without `-n` or a pipe that hides positions, *ambiguous output* for
    several files in one output, else *unknown command* (`python`, `pip`, a `cd`, a redirected
    output); None when a pipeline reads (its empty rows have another reason, not recomputed)."""
    why = lib.UNKNOWN_COMMAND
    for _, pl in SH.parse(cmd):
        c = S.classify(pl)
        if c[0] == "read":
            return None
        # docs: the first failure counts, any outranking an unknown command
        if why == lib.UNKNOWN_COMMAND and c[1] in NO_NUMBERS:
            why = lib.NO_NUMBERS
        elif why == lib.UNKNOWN_COMMAND and c[1] == "several files in one output":
            why = "ambiguous output"
    return why


RG_GLOB = re.compile(r"(?<=\s)(?:-g|--glob)(?:\s+|=)('[^']*'|\"[^\"]*\"|[^\s'\"]+)")


def rg_filters(cmd):
    """docs "What counts as a read", `grep -n` / `rg -n` (also `-rn`, `-nA5`, …): each line shown, whatever
    chooses the files searched. ripgrep's file filters (`-g`/`--glob X`, `--hidden`) are given to the model as
    grep's (`--include=X`), which it reads as such."""
    def one(m):  # an `rg` stage up to the next `|`, `;`, `&` or line break
        stage = RG_GLOB.sub(lambda g: "--include=" + g.group(1), m.group(0))
        return re.sub(r"(?<=\s)--hidden(?=\s|$)", "", stage)
    return re.sub(r"(?:^|(?<=[|;&(\n]))\s*rg\s(?:'[^']*'|\"[^\"]*\"|[^|;&\n'\"])*", one, cmd)


def hidden_by_filter(cmd):
    """docs "What counts as a read", pipes: a filter that hides positions (`grep` without `-n`, `wc`, `awk`,
    `cut`, …) after an unnumbered read reads nothing (*output without line numbers*). A command of one
    pipeline whose stage right after an unnumbered read is a program the model does not know (`jq`, …) is
    such a filter."""
    pls = SH.parse(cmd)
    if len(pls) != 1:
        return False
    pl = pls[0][1]
    for k in range(len(pl) - 1, 0, -1):
        c = S.classify(pl[:k])
        if c[0] == "read":
            return not c[1].numbered and S.classify(pl[:k + 1])[1].startswith("pipe into")
    return False


def lister_or_stdin(cmd):
    """docs "What counts as a read" (the forms decided in session 29), for a command of one pipeline (a `cd`
    aside): `rg --files` lists the files ripgrep would search, no line of any (*output without line numbers*,
    as `rg -l`, whatever stages follow); `grep -o`/`rg -o` (`--only-matching`) prints the matching parts,
    no line whole (*output without line numbers*; with `-n` and no `-l`/`-c`/`-q`, *only matched parts
    shown*, as is a `grep -on` stage reading a pipe no earlier stage numbered); `cat` with no file reads its
    standard input (`cat << 'EOF' | jq …`: a here-document, data), no file (*unknown command*). None
    otherwise."""
    try:
        pls = [pl for _, pl in SH.parse(cmd) if not (pl[0].words[:1] == ["cd"] and len(pl) == 1)]
    except ValueError:
        return None
    if len(pls) != 1 or not pls[0][0].words:
        return None
    w = pls[0][0].words
    if w[0] == "rg" and "--files" in w[1:]:
        return lib.NO_NUMBERS
    if w[0] in ("grep", "rg") and has_flag(w, "o", "--only-matching"):
        return lib.MATCHED_PARTS if numbered_grep(w) else lib.NO_NUMBERS
    for k, st in enumerate(pls[0][1:], 1):
        v = st.words
        if v[:1] in (["grep"], ["rg"]) and has_flag(v, "o", "--only-matching") and numbered_grep(v) and not any(
                x.words[:1] == ["nl"] or x.words[:1] in (["cat"], ["grep"], ["rg"])
                and has_flag(x.words, "n", "--line-number", "--number") for x in pls[0][:k]):
            return lib.MATCHED_PARTS
    if w == ["cat"] and pls[0][0].heredocs and not any(op in (">", ">>", "&>") for op, _ in pls[0][0].redirects):
        return lib.UNKNOWN_COMMAND
    return None


def has_flag(words, short, *long):
    """A short flag in a cluster (`-on`, `-nA5`: letters, then a value's digits) or a long one."""
    return any(x.split("=")[0] in long or re.fullmatch(rf"-[A-Za-z]*{short}[A-Za-z]*\d*", x) for x in words[1:])


def numbered_grep(words):
    """docs "What counts as a read": `-n` prints numbers, `-l`/`-c`/`-q` print no line at all."""
    return has_flag(words, "n", "--line-number") and not any(
        has_flag(words, c, *lg) for c, lg in (("l", ("--files-with-matches",)), ("L", ("--files-without-match",)),
                                              ("c", ("--count",)), ("q", ("--quiet",))))


def grep_claims(head):
    """Lines of a numbered grep over several files (`path:N:`, `path-N-`) in `head`, as the model's
    grep_multi finds them (a `[:-]N[:-]` pair; ripgrep's stand-in for a long line is no read line)."""
    n = 0
    for x in head:
        for mm in re.finditer(r"([:-])(\d+)\1", x):
            if not E.OMITTED.match(x[mm.end():]):
                n += 1
            break
    return n


def mixed(m, cmd, cwd, output):
    """docs "What counts as a read" (several reads in one command, session 29): a numbered grep over several
    files or `-r` (`path:N:` lines, each naming its file) is read beside unnumbered reads, and its lines are
    not theirs: the unnumbered reads share the other displayed lines in order, each at most what the earlier
    ones left; a numbered read of one file beside another read cannot be told apart (*ambiguous output*:
    nothing). None when the tool cut the output (left out)."""
    head, tail = m.displayed(output)
    if tail is not None:
        return None
    reads = []
    for _, pl in SH.parse(cmd):
        c = S.classify(pl)
        if c[0] == "cd":
            cwd = posixpath.normpath(posixpath.join(cwd, c[1]))
        elif c[0] == "read":
            reads.append((c[1], cwd))
    rows, budget = [], len(head) - grep_claims(head)
    unnumbered = [(rd, c) for rd, c in reads if rd.kind != "grepN" and not rd.numbered]
    caps = dict(zip(map(id, unnumbered), m.floors(unnumbered, budget) if len(unnumbered) > 1 else []))
    for rd, rcwd in reads:
        if rd.kind == "grepN":
            rows += m.grep_multi(rd, rcwd, head, None)
        elif not rd.numbered:
            cap = caps.get(id(rd))
            left = budget if cap is None else min(budget, cap)
            for p, a, b in m.read(rd, rcwd, output):
                take = min(b - a + 1, left)
                if take > 0:
                    rows.append((p, a, a + take - 1))
                budget -= take
                left -= take
    return rows
