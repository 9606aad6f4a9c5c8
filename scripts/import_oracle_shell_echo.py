"""Plain `echo`s beside a read, for scripts/import_oracle_shell.py (docs/importers.md "What counts as
a read", session 31): the lines such an echo prints, and the output without them where they ran.
"""
def echo_lines(pl):
    """docs "What counts as a read" (session 31): `echo WORD…` of plain words (no option, no `$`,
    backquote, glob, `~`, brace or backslash) prints them joined by a space on one line (more when a
    word holds a line break); None for any other printing pipeline."""
    if len(pl) != 1 or not pl[0].words or pl[0].words[0] != "echo" or pl[0].heredocs:
        return None
    args = pl[0].words[1:]
    if (args and args[0].startswith("-")) or any(c in a for a in args for c in "$`\\*?[{~"):
        return None
    return " ".join(args).split("\n")


def strip_echoes(head, tail, pre, post):
    """(head, tail) without the echoes' lines: `pre` the output's first whole lines, `post` its last
    ones (the tail's when the tool cut the middle; a cut that dropped the end hides them); None
    when they are not there."""
    same = lambda got, want: [x.rstrip() for x in got] == [x.rstrip() for x in want]
    whole = len(head) - (1 if tail is not None else 0)  # a cut's head ends mid-line
    if len(pre) > whole or not same(head[:len(pre)], pre):
        return None
    head = head[len(pre):]
    if post:
        if tail is None:
            if len(post) > len(head) or not same(head[len(head) - len(post):], post):
                return None
            head = head[:len(head) - len(post)]
        else:
            if len(post) >= len(tail) or not same(tail[len(tail) - len(post):], post):
                return None  # the tail's first line starts mid-line; `[]`: the end was not shown
            tail = tail[:len(tail) - len(post)]
    return head, tail
