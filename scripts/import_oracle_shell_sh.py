"""Shell side of scripts/import_oracle_shell.py: a command line cut into pipelines and words, and
the read each pipeline makes, written from docs/importers.md "What counts as a read" (the bash
rows), never from readcov's code.

`parse(cmd)` gives a list of (op_before, pipeline) where a pipeline is a list of Simple commands
(words, redirect targets, here-document bodies). `classify(pipeline)` says what one pipeline is:
('cd', dir), ('read', Read), ('write', paths), ('quiet',) a command with no read semantics,
('unmodelled', why) a command the oracle does not model.
"""
import re

OPS = ("&&", "||", ";", "|", "\n")


class Simple:
    def __init__(self):
        self.words = []
        self.redirects = []  # (op, target)
        self.heredocs = []  # bodies


def _tokens(cmd):
    """Words and operators; here-document bodies are attached to the command that opened them."""
    out = []  # ('w', text) | ('op', op) | ('redir', op) | ('heredoc', delim)
    i, n = 0, len(cmd)
    pending = []  # here-doc delimiters waiting for the end of the line
    word, in_word = "", False
    while i < n:
        c = cmd[i]
        if c in " \t":
            if in_word:
                out.append(("w", word)); word, in_word = "", False
            i += 1
            continue
        if c == "\\" and i + 1 < n:
            if cmd[i + 1] == "\n":
                i += 2
                continue
            word += cmd[i + 1]; in_word = True; i += 2
            continue
        if c == "'":
            j = cmd.find("'", i + 1)
            if j < 0:
                raise ValueError("unclosed quote")
            word += cmd[i + 1:j]; in_word = True; i = j + 1
            continue
        if c == '"':
            j = i + 1
            buf = ""
            while j < n and cmd[j] != '"':
                if cmd[j] == "\\" and j + 1 < n and cmd[j + 1] in '"\\$`':
                    buf += cmd[j + 1]; j += 2
                    continue
                buf += cmd[j]; j += 1
            if j >= n:
                raise ValueError("unclosed quote")
            word += buf; in_word = True; i = j + 1
            continue
        if c == "#" and not in_word:
            while i < n and cmd[i] != "\n":
                i += 1
            continue
        op = None
        for o in ("&&", "||", "2>&1", "&>", ">>", "<<-", "<<", "2>", ">", "<", "|", ";", "\n", "&"):
            if cmd.startswith(o, i):
                op = o
                break
        if op == "2>&1" or (op in (">", "2>") and cmd.startswith(op + "&", i)):
            if in_word:
                out.append(("w", word)); word, in_word = "", False
            i += len(op) + (0 if op == "2>&1" else 2)
            continue
        if op is None or (op == "2>" and in_word):
            word += c; in_word = True; i += 1
            continue
        if in_word:
            out.append(("w", word)); word, in_word = "", False
        i += len(op)
        if op in ("<<", "<<-"):
            while i < n and cmd[i] in " \t":
                i += 1
            m = re.match(r"""(['"]?)([A-Za-z_0-9]+)\1""", cmd[i:])
            if not m:
                raise ValueError("here-document without a delimiter")
            pending.append(m.group(2)); out.append(("heredoc", m.group(2)))
            i += m.end()
            continue
        if op == "\n":
            out.append(("op", "\n"))
            for d in pending:
                body = []
                while i < n:
                    j = cmd.find("\n", i)
                    line = cmd[i:] if j < 0 else cmd[i:j]
                    i = n if j < 0 else j + 1
                    if line.strip() == d:
                        break
                    body.append(line)
                out.append(("body", "\n".join(body)))
            pending = []
            continue
        if op in (">", ">>", "&>", "<", "2>"):
            out.append(("redir", op))
        else:
            out.append(("op", op))
    if in_word:
        out.append(("w", word))
    if pending:
        raise ValueError("here-document without its body")
    return out


def parse(cmd, out=None):
    """[(op_before, [Simple, ...])]: pipelines joined by &&, ||, ; or a newline. `out`: the command's
    output (a wrapper it says bash did not find ran nothing)."""
    toks = _tokens(cmd)
    pipelines, cur, simple = [], [], Simple()
    op_before = None
    heredoc_owner = []
    i = 0
    while i < len(toks):
        kind, v = toks[i]
        if kind == "w":
            simple.words.append(v)
        elif kind == "redir":
            if i + 1 < len(toks) and toks[i + 1][0] == "w":
                simple.redirects.append((v, toks[i + 1][1])); i += 1
            else:
                raise ValueError("redirect without a target")
        elif kind == "heredoc":
            heredoc_owner.append(simple)
        elif kind == "body":
            heredoc_owner.pop(0).heredocs.append(v)
        elif kind == "op":
            if v == "|":
                cur.append(simple); simple = Simple()
            else:
                if simple.words or simple.redirects:
                    cur.append(simple)
                if cur:
                    pipelines.append((op_before, cur))
                cur, simple = [], Simple()
                op_before = v
        i += 1
    if simple.words or simple.redirects:
        cur.append(simple)
    if cur:
        pipelines.append((op_before, cur))
    for _, pl in pipelines:
        for sm in pl:
            unwrap(sm, out)
    return pipelines


# docs "Edits and line mapping" (session 39): words before a command that run it unchanged, and
# the options of each that take a value
WRAPPERS = {"sudo": {"-u", "-g", "-C", "-D", "-p", "-r", "-t", "-U", "-T"}, "env": {"-u", "-C", "-S"},
            "timeout": {"-s", "-k"}, "nohup": set(), "time": set(), "command": set()}
ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def not_found(word, out):
    """docs *Wrappers and `cd -`*: bash's (or sh's) line saying it did not find `word`."""
    return any(x.rstrip() in (f"{word}: command not found", f"{word}: not found")
               or x.rstrip().endswith((f": {word}: command not found", f": {word}: not found"))
               for x in (out or "").split("\n"))


def unwrap(sm, out=None):
    """The command after its wrappers (`PYTHONPATH=. python x.py`, `sudo mv a b`, `timeout 5 cat f`);
    words left as they are when no command follows, for `command -v` (runs nothing), or when the
    output says bash did not find a wrapper (`sudo: command not found`: nothing ran)."""
    w, i = sm.words, 0
    while i < len(w):
        if ASSIGN.match(w[i]):
            i += 1
            continue
        name = w[i]
        if name not in WRAPPERS or (name == "command" and i + 1 < len(w) and w[i + 1].startswith("-")
                                    and w[i + 1] != "-p"):
            break
        i += 1
        while i < len(w):
            if w[i] == "--":
                i += 1
                break
            if name == "env" and ASSIGN.match(w[i]):
                i += 1
            elif w[i].startswith("-") and len(w[i]) > 1:
                i += 2 if w[i] in WRAPPERS[name] else 1
            else:
                break
        if name == "timeout":
            if i < len(w) and re.match(r"^[0-9.]", w[i]):
                i += 1
            else:
                return
    if 0 < i < len(w) and not any(not_found(x, out) for x in w[:i]):
        sm.words = w[i:]


class Read:
    """One read a pipeline makes. numbered: its lines come from the output's numbers
    (grep -n / cat -n); else span (start, end) with end None = to the end of the file and
    start None with tail=N = the last N lines."""

    def __init__(self, path, numbered=False, start=1, end=None, tail=None, grep_multi=False,
                 offset=0, sed_regex=None, cmd=None):
        self.path, self.numbered, self.start, self.end, self.tail = path, numbered, start, end, tail
        self.grep_multi, self.offset, self.sed_regex, self.cmd = grep_multi, offset, sed_regex, cmd
        # docs "pipes" (compose): when stages follow one another beyond one selection, the stages
        # as [(op, value)] (see import_oracle_shell_cmds.compose); grep -n of that stream numbers
        # its lines from its first line.
        self.ops = None


QUIET = {"ls", "find", "python", "python3", "pip", "pip3", "echo", "mkdir", "pytest", "cd", "pwd",
         "export", "which", "true", "false", "wc", "sort", "uniq", "xargs", "pyreverse", "pylint",
         "javac", "java", "mvn", "gradle", "./gradlew", "./mvnw", "git", "submit", "C-c", "source",
         "touch", "chmod", "conda", "diff", "env", "sleep", "printf", "kill", "ps", "file", "stat",
         "du", "df", "whoami", "date", "id", "tree", "npm", "node", "make", "cargo", "go", "rustc",
         "search_dir", "find_file", "cut", "tr", "timeout", "bash", "sh", "apt-get", "apt", "test",
         "[", "mvn", "javap", "jar", "clear", "exit"}
WRITE_CMDS = {"rm", "cp", "mv", "install", "truncate", "tee"}
ALL_FILES = {"patch"}
GIT_ALL = {"apply", "checkout", "stash", "reset", "restore"}
GREP_NUM_OPTS = set("ABCefmd")  # options that take a value


def _int(s):
    try:
        return int(s)
    except (TypeError, ValueError):
        return None


def head_tail(words):
    """(n, plus, files) for head/tail words, or None when the oracle does not model them."""
    n, plus, files = 10, False, []
    i = 1
    while i < len(words):
        w = words[i]
        if w == "-n" and i + 1 < len(words):
            v = words[i + 1]; i += 2
        elif w.startswith("--lines="):
            v = w[8:]; i += 1
        elif re.fullmatch(r"-n[+]?\d+", w):
            v = w[2:]; i += 1
        elif re.fullmatch(r"-\d+", w):
            v = w[1:]; i += 1
        elif w.startswith("-") and w != "-":
            return None
        else:
            files.append(w); i += 1
            continue
        plus = v.startswith("+")
        n = _int(v.lstrip("+"))
        if n is None:
            return None
    return n, plus, files


def grep_args(words):
    """(numbered, recursive, files) of a grep/rg command, or None if unparsable. docs (the `grep -h`
    row): `-h` (`--no-filename`, ripgrep's `-I`; the last of it and `-H` wins) only drops the path,
    so of one file (or of a pipe) it is `grep -n`; over several files or `-r` numbered is "nofilename"."""
    numbered = words[0] == "rg" and False
    recursive = words[0] == "rg"
    quiet_kinds = False
    no_filename = False
    pattern_seen, files = False, []
    i = 1
    while i < len(words):
        w = words[i]
        if w == "--":
            files += words[i + 1:]
            break
        if w.startswith("--"):
            if w in ("--line-number",):
                numbered = True
            elif w in ("--recursive",):
                recursive = True
            elif w in ("--no-filename", "--with-filename"):
                no_filename = w == "--no-filename"
            elif w.split("=")[0] in ("--files-with-matches", "--count", "--quiet", "--files-without-match"):
                quiet_kinds = True
            elif w.split("=")[0] in ("--context", "--after-context", "--before-context", "--include",
                                     "--exclude", "--exclude-dir", "--color", "--colour", "--max-count",
                                     "--ignore-case", "--extended-regexp", "--fixed-strings", "--word-regexp"):
                if "=" not in w and w.split("=")[0] in ("--context", "--after-context", "--before-context",
                                                        "--max-count"):
                    i += 1
            else:
                return None
            i += 1
            continue
        if w.startswith("-") and len(w) > 1:
            j = 1
            while j < len(w):
                ch = w[j]
                if ch == "n":
                    numbered = True
                elif ch in "rR":
                    recursive = True
                elif ch in "lLcq":
                    quiet_kinds = True
                elif ch in GREP_NUM_OPTS:
                    if j + 1 < len(w):
                        if ch == "e":
                            pattern_seen = True
                        break
                    i += 1
                    if ch == "e":
                        pattern_seen = True
                    break
                elif ch in "iwEFhHsvxIoaPzZ":
                    if ch == "h" and words[0] == "rg":
                        return None  # ripgrep's help
                    if ch in "hH" or (ch == "I" and words[0] == "rg"):
                        no_filename = ch != "H"
                    if ch in "o":
                        return None
                else:
                    return None
                j += 1
            i += 1
            continue
        if not pattern_seen:
            pattern_seen = True
        else:
            files.append(w)
        i += 1
    if quiet_kinds:
        return ("quiet", recursive, files)
    if numbered is True and no_filename and files and (recursive or len(files) > 1):
        return ("nofilename", recursive, files)
    return (numbered, recursive, files)
