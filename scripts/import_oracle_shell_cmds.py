"""What one pipeline does, for scripts/import_oracle_shell.py (docs/importers.md "What counts as a
read", the bash rows; "Edits and line mapping" for the writes): `classify(pipeline)` gives ('cd',
dir), ('read', Read), ('none', why) or ('unmodelled', why); `_writes(pipeline)` the paths it writes.
"""
from import_oracle_shell_sed import sed_n
from import_oracle_shell_sh import ALL_FILES, GIT_ALL, Read, grep_args, head_tail

SILENT = {"cd", "mkdir", "touch", "export", "rm", "cp", "mv", "true"}
READERS = {"cat", "nl", "less", "more", "bat", "head", "tail", "sed", "grep", "rg"}
HIDERS = {"wc", "awk", "sort", "uniq", "cut", "tr", "xargs", "less", "more"}


def _writes(pl):
    """Paths a pipeline writes (redirects, sed -i, rm/cp/mv/tee/...), and whether it may change
    every file (patch, git apply|checkout|stash|reset|restore)."""
    paths, every = [], False
    for s in pl:
        for op, t in s.redirects:
            if op in (">", ">>", "&>") and t != "/dev/null":
                paths.append(t)
        w = s.words
        if not w:
            continue
        if w[0] == "sed" and any(x == "-i" or x.startswith("-i") or x == "--in-place" for x in w[1:]):
            paths += [x for x in w[2:] if not x.startswith("-")][1:] or ["*"]
        elif w[0] in ("rm", "truncate", "tee"):
            paths += [x for x in w[1:] if not x.startswith("-")]
        elif w[0] in ("cp", "mv", "install"):
            args = [x for x in w[1:] if not x.startswith("-")]
            if args:
                paths.append(args[-1])
        elif w[0] in ALL_FILES or (w[0] == "git" and len(w) > 1 and w[1] in GIT_ALL):
            every = True
    return paths, every


def classify(pl):
    """What one pipeline does: ('cd', dir) | ('read', Read) | ('none', why) |
    ('unmodelled', why). Writes are found apart (_writes)."""
    first = pl[0].words
    if not first:
        return ("unmodelled", "pipeline starting with a redirect")
    name = first[0]
    if name == "cd" and len(pl) == 1:
        if len(first) == 2 and not pl[0].redirects:
            return ("cd", first[1])
        return ("none", "bare cd")
    if any(op in (">", ">>", "&>") and t != "/dev/null" for s in pl for op, t in s.redirects):
        return ("none", "output redirected to a file")
    if name not in READERS:
        if name in ("for", "while", "until", "if", "do", "then", "else", "elif", "case", "{", "(",
                    "function") or "$(" in " ".join(first) or "`" in " ".join(first):
            return ("unmodelled", "a compound command or command substitution")
        # "Only the tools above are understood; other file readers … read nothing"
        return ("none", "no read semantics")
    r = _reader(first)
    if r is None:
        return ("unmodelled", f"{name} options the oracle does not model")
    if r[0] == "none":
        return r
    read = r[1]
    for s in pl[1:]:
        w = s.words
        if not w:
            return ("unmodelled", "empty pipe stage")
        if w[0] in ("head", "tail") and not read.numbered and read.start == 1 and read.end is None \
                and read.tail is None and read.sed_regex is None:
            ht = head_tail(w)
            if ht is None or ht[2]:
                return ("unmodelled", "head/tail stage with options")
            n, plus, _ = ht
            if w[0] == "head":
                read.end = n
            elif plus:
                read.start = n
            else:
                read.start, read.tail = None, n
        elif w[0] in ("grep", "rg"):
            g = grep_args(w)
            if g is None or g[2]:
                return ("unmodelled", "grep stage with options")
            if read.numbered:
                if g[0] is True or g[0] == "quiet":
                    return ("unmodelled", "grep -n/-l/-c of numbered output")
                continue  # a filter that only drops lines: the numbers shown stay

            if g[0] is True:
                if read.tail is not None or (read.start != 1 and read.end is None) or read.sed_regex:
                    return ("unmodelled", "grep -n after a tail")
                if read.end is not None and read.offset == 0 and isinstance(read.ranges, list) and len(read.ranges) > 1:
                    return ("unmodelled", "grep -n after several sed ranges")
                read.offset = read.start - 1
                read.numbered, read.kind = True, "grep1"
            else:
                return ("none", "filter hides positions")
        elif w[0] == "sed" and not read.numbered and read.start == 1 and read.end is None and read.tail is None:
            r2 = sed_n(w)
            if r2 is None or r2[1]:
                return ("unmodelled", "sed stage")
            if r2[0][0] == "regex":
                read.sed_regex = r2[0][1]
                read.end = -1
                continue
            read.ranges = r2[0]
            read.end = -1
        elif w[0] in HIDERS or w[0] in ("grep",):
            return ("none", "filter hides positions")
        elif read.numbered and w[0] in ("head", "tail") and head_tail(w) and not head_tail(w)[2] \
                and not head_tail(w)[1]:
            continue  # keeps numbered lines as they are
        else:
            return ("unmodelled", f"pipe into `{w[0]}`")
    return ("read", read)


def _reader(w):
    name = w[0]
    if name in ("cat", "nl", "less", "more", "bat"):
        flags = [x for x in w[1:] if x.startswith("-")]
        files = [x for x in w[1:] if not x.startswith("-")]
        if len(files) != 1:
            return None
        if name == "cat" and flags == ["-n"]:
            rd = Read(files[0], numbered=True); rd.kind = "catn"; rd.ranges = None
            return ("read", rd)
        if flags:
            return None
        rd = Read(files[0]); rd.kind = "span"; rd.ranges = None
        return ("read", rd)
    if name in ("head", "tail"):
        ht = head_tail(w)
        if ht is None or len(ht[2]) != 1:
            return None
        n, plus, files = ht
        rd = Read(files[0]); rd.kind = "span"; rd.ranges = None
        if name == "head":
            if plus:
                return None
            rd.end = n
        elif plus:
            rd.start = n
        else:
            rd.start, rd.tail = None, n
        return ("read", rd)
    if name == "sed":
        if any(x == "-i" or x.startswith("-i") or x == "--in-place" for x in w[1:]):
            return ("none", "sed -i (a write)")
        r = sed_n(w)
        if r is None or len(r[1]) != 1:
            return None
        rd = Read(r[1][0]); rd.kind = "span"
        if r[0][0] == "regex":
            rd.sed_regex = r[0][1]; rd.ranges = None; rd.end = -1
            return ("read", rd)
        rd.ranges = r[0]
        rd.start = r[0][0][0]
        rd.end = -1
        return ("read", rd)
    if name in ("grep", "rg"):
        g = grep_args(w)
        if g is None:
            return None
        numbered, recursive, files = g
        if numbered == "quiet":
            return ("none", "grep -l/-c/-q")
        if not files:
            return None
        if numbered is not True:
            return ("none", "grep without -n")
        rd = Read(files[0] if len(files) == 1 else None, numbered=True)
        rd.ranges = None
        if len(files) == 1 and not recursive:
            rd.kind = "grep1"
        else:
            rd.kind = "grepN"; rd.files = files
        return ("read", rd)
    return None
