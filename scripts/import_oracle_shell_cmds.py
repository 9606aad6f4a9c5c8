"""What one pipeline does, for scripts/import_oracle_shell.py (docs/importers.md "What counts as a
read", the bash rows; "Edits and line mapping" for the writes): `classify(pipeline)` gives ('cd',
dir), ('read', Read), ('none', why) or ('unmodelled', why); `_writes(pipeline)` the paths it writes.
"""
import re

import import_oracle_shell_awk as AWK
import import_oracle_shell_greptext as GT
from import_oracle_shell_sed import script_lines, sed_n
from import_oracle_shell_sh import ALL_FILES, GIT_ALL, Read, grep_args, head_tail

SILENT = {"cd", "mkdir", "touch", "export", "rm", "cp", "mv", "true"}
READERS = {"cat", "nl", "less", "more", "bat", "batcat", "head", "tail", "sed", "grep", "rg", *AWK.AWKS}
HIDERS = {"wc", "awk", "sort", "uniq", "cut", "tr", "xargs"}


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
    if any(op in (">", ">>", "&>") for s in pl for op, t in s.redirects):
        # docs "What counts as a read" (session 29): a read whose output goes to a file, /dev/null
        # too, shows nothing
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
    if r[0] in ("none", "unmodelled"):
        return r
    read = r[1]
    for s in pl[1:]:
        w = s.words
        if not w:
            return ("unmodelled", "empty pipe stage")
        if getattr(read, "kind", None) == "grepT":
            if not GT.stage(read, w):
                return ("none", "grep without -n through a stage the docs do not list")
            continue
        if getattr(read, "banner", False) and not (w[0] in ("less", "more") and all(
                x.startswith("-") for x in w[1:])):
            # docs: the banner is in the stream a later stage selects from or numbers
            return ("none", "a stage after more's banner")
        if read.numbered:
            # docs: after a numbered read a filter that only drops (or reorders) whole lines keeps
            # the numbers shown, and they are read
            if w[0] in ("head", "tail") and head_tail(w) and not head_tail(w)[2]:
                continue
            if w[0] == "sed" and sed_n(w) is not None and not sed_n(w)[1]:
                continue
            if w[0] in ("sort", "uniq") and len(w) == 1:
                continue
            if _stage_op(w) is not None and _stage_op(w)[0] == "awk":
                continue  # docs (session 31): an awk choosing whole lines by NR drops lines only
            if w[0] in ("grep", "rg") and grep_args(w) is not None and grep_args(w)[0] is True:
                # docs: a second numbering numbers the output's lines, not the file's
                return ("none", "a second numbering")
        elif read.sed_regex is None and (read.ops is not None or _second_selection(read, w)):
            op = _stage_op(w)
            if op is not None and op[0] == "awkn":
                # docs (session 31): awk prints NR, the stream's place, before each line it prints
                if read.ops is None:
                    read.ops = _ops(read)
                read.numbered, read.kind, read.prog = True, "awkn", op[1]
                continue
            if op == "grep -n":
                if read.ops is None:
                    read.ops = _ops(read)
                read.numbered, read.kind = True, "grep1"
                continue
            if op is not None:
                if read.ops is None:
                    read.ops = _ops(read)
                read.ops.append(op)
                continue
        if w[0] in ("head", "tail") and _verbose(w):
            # docs (the cat/…/bat row): a later stage's `head -v` prints `==> standard input <==`
            return ("none", "head -v / tail -v as a later stage")
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
        elif w[0] in ("grep", "rg") and not read.numbered and GT.reader(w) is not None and \
                (grep_args(w) is None or grep_args(w)[0] is False):
            # docs (session 35, the `grep` / `rg` without `-n` row): a grep of the stream an earlier stage printed
            gt = GT.reader(w)
            if gt.files or gt.with_filename is True or (gt.recursive and w[0] != "rg"):
                return ("none", "grep without -n of the stream in a form the docs do not place")
            gt.src, read = read, gt
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
            if r2[0][0] == "script":
                read.ops = [r2[0]]
                read.end = -1
                continue
            read.ranges = r2[0]
            read.end = -1
        elif w[0] in ("less", "more") and all(x.startswith("-") for x in w[1:]):
            continue  # docs "pipes": with no terminal they copy the pipe unchanged
        elif w[0] in HIDERS or w[0] in ("grep",):
            return ("none", "filter hides positions")
        elif read.numbered and w[0] in ("head", "tail") and head_tail(w) and not head_tail(w)[2] \
                and not head_tail(w)[1]:
            continue  # keeps numbered lines as they are
        else:
            return ("unmodelled", f"pipe into `{w[0]}`")
    return ("read", read)


def _ops(read):
    """The selection a simple read already holds, as compose() stages."""
    if read.ranges:
        return [("ranges", list(read.ranges))]
    if read.tail is not None:
        return [("tail", read.tail)]
    if read.start not in (None, 1):
        return [("from", read.start)]
    if read.end not in (None, -1):
        return [("head", read.end)]
    return []


def _second_selection(read, w):
    """A stage selecting positions after a read that already selected some (the single-stage
    forms above keep their own handling): head/tail/sed -n after head/tail/sed, grep -n after
    a tail or a composed stream."""
    if w[0] in AWK.AWKS:
        return _stage_op(w) is not None
    simple = read.start == 1 and read.end is None and read.tail is None and not read.ranges
    if simple:
        return False
    if w[0] in ("grep", "rg"):
        g = grep_args(w)
        return g is not None and g[0] is True and not g[2] and (
            read.tail is not None or (read.start != 1 and read.end is None))
    return w[0] in ("head", "tail", "sed")


def _stage_op(w):
    """One pipe stage as a compose() op, "grep -n", or None (not a selection the docs give)."""
    if w[0] in ("head", "tail"):
        ht = head_tail(w)
        if ht is None or ht[2]:
            return None
        n, plus, _ = ht
        if w[0] == "head":
            return None if plus else ("head", n)
        return ("from", max(n, 1)) if plus else ("tail", n)
    if w[0] == "sed":
        r = sed_n(w)
        if r is None or r[1] or r[0][0] == "regex":
            return None
        if r[0][0] == "script":
            return r[0]
        return ("ranges", list(r[0]))
    if w[0] in AWK.AWKS:
        p = AWK.parse(w)
        if p is None or p[1]:
            return None
        return ("awkn" if p[0].sep else "awk", p[0])
    if w[0] in ("grep", "rg"):
        g = grep_args(w)
        if g is not None and g[0] is True and not g[2]:
            return "grep -n"
    return None


def compose(ops, length):
    """docs/importers.md "pipes": each stage selects from the lines the stage before printed
    (`head -N` its first N, `tail -N` its last N, `tail -n +K` from its K-th, `sed -n 'a,bp'` its
    a-th to b-th, `b` before `a` printing the a-th alone). The file lines shown, in order, or None
    when that needs the unknown length: a `tail -N` counts from the end ("needs the length"), and
    a stream left open to the file's end has no known last line. Without the length, stages
    counted from the start read as if the file were long enough (the output's line count then
    trims what the file did not have)."""
    if length is None:
        if any(op in ("tail", "script") for op, _ in ops):
            return None  # docs: `$` and `first~step` need the length, as `tail -N` does
        virtual = 2 + sum(_nums(ops))
    else:
        virtual = length
    seq = list(range(1, virtual + 1))
    for op, v in ops:
        if op == "head":
            seq = seq[:v]
        elif op == "tail":
            seq = seq[-v:] if v else []
        elif op == "from":
            seq = seq[v - 1:]
        elif op == "script":
            # docs (session 31): `$` is the stream's last line, `first~step` every step-th
            seq = [seq[i - 1] for i in script_lines(v, len(seq))]
        elif op == "awk":
            seq = [seq[i - 1] for i in AWK.printed(v, len(seq))]
        else:
            # docs: GNU sed runs the whole script on each line in turn, so a line comes once per
            # range that selects it, in the stream's order (`'10,12p;1,3p'`: 1-3 then 10-12)
            seq = [x for i, x in enumerate(seq, 1) for a, b in v
                   if a <= i <= (len(seq) if b is None else max(a, b))]
    if length is None and virtual in seq:
        return None
    return seq


def compose_open(ops, n):
    """docs "pipes" and "What counts as displayed": the first n lines of a stream that runs to the
    file's unknown end from a known line (no `tail -N` stage), or None when it has a `tail -N`."""
    if any(op in ("tail", "script") for op, _ in ops):
        return None
    return compose(ops, 2 + n + sum(_nums(ops)))[:n]


def _nums(ops):
    """The numbers the stages name (a length past them all is long enough to show their shape)."""
    return [x for op, v in ops for x in (
        [v] if op in ("head", "from") else [x for a, b in v for x in (a, b or 0)] if op == "ranges"
        else v.nums() if op in ("awk", "awkn") else [])]


def _verbose(w):
    """docs: `head -v` / `tail -v` print the `==> f <==` header; a later `-q` turns it off."""
    last = [x for x in w[1:] if x in ("-v", "-q", "--quiet", "--silent")]
    return bool(last) and last[-1] == "-v"


def _bat(w):
    """docs (the cat/…/bat row): `bat`/`batcat` to a pipe prints the plain text, `-n`, `--style`,
    `-p` ignored; `-r`/`--line-range` `a:b`, `a:`, `:b`, `a`, `a:+k` (one range) narrows it;
    `--decorations=always`, `--color=always`, `-f`, `-d`, unknown options: nothing."""
    rng, files, i = None, [], 1
    while i < len(w):
        x = w[i]
        name, val = (x.split("=", 1) + [None])[:2] if x.startswith("--") else (x, None)
        if name in ("-r", "--line-range") or (x.startswith("-r") and not x.startswith("--")):
            if name in ("-r", "--line-range") and val is None:
                i += 1
                val = w[i] if i < len(w) else None
            elif val is None:
                val = x[2:]
            if val is None or rng is not None:
                return ("none", "bat: several ranges")
            m = re.fullmatch(r"(\d*)(?::(\+?)(\d*))?", val)
            if not m or (not m.group(1) and not m.group(3)):
                return ("none", "bat: a range it cannot read")
            a = max(int(m.group(1) or 1), 1)
            if m.group(0).find(":") < 0:
                rng = (a, a)
            elif m.group(2):
                rng = (a, a + int(m.group(3)))
            else:
                rng = (a, int(m.group(3)) if m.group(3) else None)
        elif name in ("--color", "--decorations"):
            if val is None:
                i += 1
                val = w[i] if i < len(w) else None
            if val == "always":
                return ("none", "bat prints decorations")
        elif name == "--style" and val is None:
            i += 1
        elif name in ("-n", "--number", "-p", "--plain", "-pp", "--style"):
            pass
        elif x.startswith("-") and len(x) > 1:
            return ("none", "bat option readcov does not read")  # docs: unknown options: nothing
        else:
            files.append(x)
        i += 1
    if len(files) != 1:
        return ("none", "bat of several files")
    rd = Read(files[0]); rd.kind = "span"; rd.ranges = None
    if rng is not None:
        a, b = rng
        # bat prints nothing for an end before the start (not sed's line a alone)
        rd.ranges = [(a, b)] if b is None or b >= a else []
        rd.start, rd.end = a, -1
    return ("read", rd)


def _reader(w):
    name = w[0]
    if name in ("bat", "batcat"):
        return _bat(w)
    if name in ("cat", "nl", "less", "more"):
        flags = [x for x in w[1:] if x.startswith("-")]
        files = [x for x in w[1:] if not x.startswith("-")]
        if len(files) > 1:
            # docs: ambiguous output (so is `more +N F`: where it starts depends on the version)
            return ("none", "several files in one output")
        if len(files) != 1:
            return None
        short = "".join(x[1:] for x in flags if not x.startswith("--"))
        if name == "cat" and flags and all(re.fullmatch(r"-[nbsAETv]+|--number(-nonblank)?|--squeeze-blank", x)
                                           for x in flags):
            if "s" in short or "--squeeze-blank" in flags:
                return ("none", "cat -s squeezes blank lines")  # docs: output without line numbers
            if "b" in short or "--number-nonblank" in flags:
                flags = []  # docs: `cat -b` numbers non-blank lines only: read as the file
            else:
                rd = Read(files[0], numbered=True); rd.kind = "catn"; rd.ranges = None
                return ("read", rd)
        # docs: `more`'s options change nothing with no terminal
        if flags and name != "more":
            return None
        rd = Read(files[0]); rd.kind = "span"; rd.ranges = None
        # docs: util-linux `more` to a pipe opens with a banner, which is no line of the file
        rd.banner = name == "more"
        return ("read", rd)
    if name in ("head", "tail"):
        verbose = _verbose(w)
        ht = head_tail([x for x in w if x not in ("-v", "-q", "--quiet", "--silent")])
        if ht is None or len(ht[2]) != 1:
            return None
        n, plus, files = ht
        rd = Read(files[0]); rd.kind = "span"; rd.ranges = None
        # docs: `head -v` / `tail -v` print `==> f <==` first, which is no line
        rd.banner = ["==> " + files[0] + " <=="] if verbose else False
        if name == "head":
            if plus:
                return None
            rd.end = n
        elif plus:
            rd.start = n
        else:
            rd.start, rd.tail = None, n
        return ("read", rd)
    if name in AWK.AWKS:
        p = AWK.parse(w)
        if p is None or len(p[1]) != 1:
            return ("none", "awk program or files readcov does not read")  # docs: unknown command
        prog, (path,) = p
        if prog.sep:
            rd = Read(path, numbered=True); rd.kind = "awkn"; rd.prog = prog; rd.ranges = None
            return ("read", rd)
        rd = Read(path); rd.kind = "span"; rd.ranges = None; rd.end = -1
        rd.ops = [("awk", prog)]
        return ("read", rd)
    if name == "sed":
        if any(x == "-i" or x.startswith("-i") or x == "--in-place" for x in w[1:]):
            return ("none", "sed -i (a write)")
        r = sed_n(w)
        if r is None or len(r[1]) != 1:
            return None
        rd = Read(r[1][0]); rd.kind = "span"
        if r[0][0] == "script":
            rd.ranges = None; rd.end = -1; rd.ops = [r[0]]
            return ("read", rd)
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
        if numbered == "nofilename":
            if len(files) == 1 and not (files[0].endswith("/") or files[0] == "."):
                # `grep -rhn x P`: one file or a folder, which only the workspace tells
                return ("unmodelled", "grep -rh of one path")
            return ("none", "grep -h over several files")  # docs: ambiguous output
        if numbered is not True:
            # docs (session 34, the `grep` / `rg` without `-n` row): placed by text in the shape the row lists
            gt = GT.reader(w)
            return ("read", gt) if gt is not None else ("none", "grep without -n")
        if not files:
            return None
        rd = Read(files[0] if len(files) == 1 else None, numbered=True)
        rd.ranges = None
        if len(files) == 1 and not recursive and any(c in files[0] for c in "*?["):
            # docs "Glob operands" (session 38): over the files a glob matched grep names each line's file
            rd.kind = "grepG"; rd.files = files
        elif len(files) == 1 and not recursive:
            rd.kind = "grep1"
        else:
            rd.kind = "grepN"; rd.files = files
        return ("read", rd)
    return None
