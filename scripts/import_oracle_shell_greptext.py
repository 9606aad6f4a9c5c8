"""`grep` / `rg` without `-n`, placed by text (docs/importers.md, the `grep` / `rg` without `-n` row, session 34), for
scripts/import_oracle_shell.py; written from that row, never from readcov's Rust code.

`reader(words)` gives the read (a Read of kind "grepT") of a first stage in the shape the docs list, else None;
`stage(read, words)` applies a later stage (False: one the docs do not list); `place_one(file, shown, read, first,
last, loose)` and `place_groups(file, groups, loose)` give the current lines (1-based) shown, or a reason name.
"""
import re

from import_oracle_shell_sh import Read

# docs: "The options readcov knows to keep this shape"
GREP_FLAGS, GREP_VALUED = set("rRiywxEFGPvsIaHh0123456789"), set("ABCef")
GREP_LONG = {"recursive", "dereference-recursive", "ignore-case", "no-ignore-case", "word-regexp", "line-regexp",
             "extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "invert-match", "no-messages", "text",
             "with-filename", "no-filename", "color", "colour", "color=never", "colour=never", "color=auto",
             "colour=auto"}
GREP_LONG_VALUED = {"after-context", "before-context", "context", "regexp", "file", "include", "exclude",
                    "exclude-dir", "exclude-from", "binary-files", "directories", "devices"}
RG_FLAGS, RG_VALUED = set("iSswxFvHINuL."), set("ABCefgtTj")
RG_LONG = {"ignore-case", "smart-case", "case-sensitive", "word-regexp", "line-regexp", "fixed-strings",
           "invert-match", "with-filename", "no-filename", "no-line-number", "hidden", "no-ignore", "follow",
           "no-messages", "color=never", "color=auto"}
RG_LONG_VALUED = {"after-context", "before-context", "context", "regexp", "file", "glob", "iglob", "type",
                  "type-not", "max-depth", "threads"}

MESSAGE = re.compile(r"^((e|f)?grep|rg): |^Binary file .* matches\s*$")


def norm(t):
    return t.expandtabs(8).rstrip()


def reader(words):
    rg = words[0] == "rg"
    flags, valued = (RG_FLAGS, RG_VALUED) if rg else (GREP_FLAGS, GREP_VALUED)
    long_, long_valued = (RG_LONG, RG_LONG_VALUED) if rg else (GREP_LONG, GREP_LONG_VALUED)
    rd = Read(None)
    rd.kind, rd.files, rd.recursive, rd.with_filename, rd.context = "grepT", [], rg, None, False
    rd.start_cut, rd.head_n, rd.end_maybe, rd.ranges = False, None, False, None
    pattern, i, operands = False, 1, False
    while i < len(words):
        w = words[i]
        if operands or not w.startswith("-"):
            if pattern:
                rd.files.append(w)
            pattern = True
        elif w == "-":
            return None
        elif w == "--":
            operands = True
        elif w.startswith("--"):
            name = w[2:].split("=", 1)[0]
            if name in long_valued:
                if "=" not in w:
                    i += 1
                    if i >= len(words):
                        return None
                pattern = pattern or name in ("regexp", "file")
                rd.context = rd.context or name.endswith("context")
            elif w[2:] in long_:
                if w[2:] in ("recursive", "dereference-recursive"):
                    rd.recursive = True
                if w[2:] in ("with-filename", "no-filename"):
                    rd.with_filename = w[2:] == "with-filename"
            else:
                return None
        else:
            j = 1
            while j < len(w):
                ch = w[j]
                if ch in valued:
                    if j == len(w) - 1:
                        i += 1
                        if i >= len(words):
                            return None
                    pattern = pattern or ch in "ef"
                    rd.context = rd.context or ch in "ABC"
                    break
                if ch not in flags:
                    return None
                if ch in "rR":
                    rd.recursive = True
                elif ch == "H":
                    rd.with_filename = True
                elif (ch == "h" and not rg) or (ch == "I" and rg):
                    rd.with_filename = False
                elif ch.isdigit():
                    rd.context = True
                j += 1
        i += 1
    return rd if pattern else None


def stage(rd, w):
    """docs: later stages `head -N`, `tail -N`, `tail -n +K`, a grep of the stream without -n or context, cat, less,
    more; with context only head, tail, cat, less, more."""
    name = w[0]
    if (name == "cat" and len(w) == 1) or (name in ("less", "more") and all(x.startswith("-") for x in w[1:])):
        return True
    if name in ("head", "tail"):
        m = None
        rest = w[1:]
        if len(rest) == 2 and rest[0] in ("-n", "--lines"):
            m = rest[1]
        elif len(rest) == 1 and re.fullmatch(r"-n\+?\d+|-\d+|--lines=\+?\d+", rest[0]):
            m = re.sub(r"^(-n|--lines=|-)", "", rest[0])
        elif not rest:
            m = "10"
        if m is None or not re.fullmatch(r"\+?\d+", m):
            return False
        n, plus = int(m.lstrip("+")), m.startswith("+")
        if name == "head":
            # the end may be cut; a last `head -N` printing fewer than N lines cut nothing
            if not rd.end_maybe:
                rd.head_n = n if rd.head_n is None else min(rd.head_n, n)
            return True
        # a tail: the start may be cut (tail -n +1 cuts nothing); a head before it may have cut the end
        rd.start_cut = rd.start_cut or not plus or n > 1
        if rd.head_n is not None:
            rd.head_n, rd.end_maybe = None, True
        return True
    if name in ("grep", "egrep", "fgrep"):
        g = reader(w)
        if g is None or g.files or g.context or g.recursive or rd.context:
            return False
        if rd.head_n is not None:
            rd.head_n, rd.end_maybe = None, True
        return True
    return False


def place_one(file, shown, start_cut, end_cut, loose):
    """Without context. file: the current lines normalised; shown: the output's lines. docs: the lines shown are
    exactly the file's lines whose text is among them (a run of them when a later stage cut the output)."""
    if not shown:
        return "no lines shown"
    keys = [norm(x) for x in shown]
    first = keys[0]
    strip = loose and first != "" and not first[0].isspace()
    texts = sorted({t for t in file if t == first or (strip and t.lstrip() == first)})
    found = []
    for t0 in texts:
        want = [t0] + keys[1:]
        among = [i for i, t in enumerate(file) if t in set(want)]
        m = len(shown)
        for p in range(0, len(among) - m + 1):
            if (p > 0 and not start_cut) or (p + m < len(among) and not end_cut):
                continue
            if [file[i] for i in among[p:p + m]] == want:
                lines = [i + 1 for i in among[p:p + m]]
                if lines not in found:
                    found.append(lines)
    if not found:
        return "shown text differs from file"
    if len(found) > 1:
        return "ambiguous output"
    return found[0]


def place_groups(file, groups, loose):
    """With context: each group a run of contiguous lines, the next starting at least one line after the previous
    ends; a group read where the groups' order leaves it one place."""
    groups = [[norm(x) for x in g] for g in groups if g]
    if not groups:
        return "no lines shown"

    def fits(g, p, j):
        for t, k in enumerate(g):
            f = file[p + t]
            ok = f == k or (j == 0 and t == 0 and loose and k != "" and not k[0].isspace() and f.lstrip() == k)
            if not ok:
                return False
        return True
    places = [[p for p in range(len(file) - len(g) + 1) if fits(g, p, j)] for j, g in enumerate(groups)]
    # every whole placement, as (for each group) the set of places some placement uses
    n = len(groups)
    ok_from_left = [set() for _ in range(n)]
    for j in range(n):
        for p in places[j]:
            if j == 0 or any(q + len(groups[j - 1]) < p for q in ok_from_left[j - 1]):
                ok_from_left[j].add(p)
    if not ok_from_left[-1]:
        return "shown text differs from file"
    used = [set() for _ in range(n)]
    used[-1] = set(ok_from_left[-1])
    for j in range(n - 2, -1, -1):
        used[j] = {p for p in ok_from_left[j] if any(p + len(groups[j]) < q for q in used[j + 1])}
    lines, open_ = [], False
    for j in range(n):
        if len(used[j]) == 1:
            p = next(iter(used[j]))
            lines += range(p + 1, p + 1 + len(groups[j]))
        else:
            open_ = True
    if not lines and open_:
        return "ambiguous output"
    return sorted(lines)


def split_groups(lines):
    out, cur = [], []
    for x in lines:
        if x.rstrip() == "--":
            out.append(cur)
            cur = []
        else:
            cur.append(x)
    out.append(cur)
    return [g for g in out if g]


def by_file(lines, context, is_file):
    """docs: over several files each line is `path:text` (or, with context, `path-text`), the path the part before a
    `:` (`-`) naming a workspace file; runs of lines per file in output order, (None, lines) for a file the
    workspace lacks; "ambiguous output" for a line naming two files or a file whose lines come apart."""
    runs = []
    for x in lines:
        if x.rstrip() == "--":
            if runs:
                runs[-1][1].append(x)
            continue
        word = re.match(r"^\S*", x).group(0)
        named = {}
        for k in range(1, len(word)):
            if word[k] == ":" or (context and word[k] == "-"):
                rel = is_file(x[:k])
                if rel is not None:
                    named.setdefault(rel, x[k + 1:])
        if len(named) > 1:
            return "ambiguous output"
        rel, text = next(iter(named.items())) if named else (None, x)
        if runs and runs[-1][0] == rel:
            runs[-1][1].append(text)
        elif rel is not None and any(r == rel for r, _ in runs):
            return "ambiguous output"
        else:
            runs.append((rel, [text]))
    return runs
