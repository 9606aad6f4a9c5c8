"""Hand-made Python files for the units oracle (scripts/units_oracle.py): each stresses one rule of
docs/units.md "What a unit is" (Python). `CASES` maps a file name to its bytes; `BROKEN` are files
CPython refuses (syntax errors), for which the docs promise only that readcov still lists the units
it could parse and warns with the parse-error count; `big()` is a valid file of ≥ 4,000 lines, so
readcov takes its chunked path (docs/units.md "Session 3: chunked parsing")."""

CASES = {
    "decorators.py": b'''import functools


@functools.lru_cache(
    maxsize=None,
    typed=True,
)
def cached(x):
    return x


@a
# a comment between decorators
@b(1,
   2)

def blank_after_decorator():
    pass


@(
    deco
)
def parenthesised():
    pass


@\\
deco
def continued():
    pass


class K:
    @property
    def p(self):
        return 1

    @staticmethod
    @functools.wraps(
        print)
    def s():
        pass


@dataclass(
    frozen=True)
class D:
    x: int = 0
''',
    "trailing_comments.py": b'''def body_level():
    x = 1
    # body-level comment


    # after blanks, still body level
  # less indented: ends it
# column 0


def deeper():
    if x:
        y = 1
        # deeper than the body
    # body level
z = 1


class A:
    def f(self):
        x = 1
        # in f
    # in A
# out


def last():
    x = 1
    # trailing at end of file
''',
    "nested.py": b'''def outer(a):
    def inner(b):
        class Local:
            def m(self):
                def deepest():
                    return 0
                return deepest
        return Local
    return inner


class Outer:
    class Inner:
        class Innermost:
            def m(self):
                pass

        def n(self):
            lambda: 0

    def method(self):
        def helper():
            pass
        return helper

    square = lambda self, x: x * x
    handlers = [lambda: 1, lambda: 2]
''',
    "async_defs.py": b'''import asyncio


async def top():
    await asyncio.sleep(0)


class C:
    async def am(self):
        async def inner():
            pass
        return [x async for x in inner()]

    @decorator
    async def decorated(self):
        pass


@decorator
async def decorated_top():
    async with lock:
        pass
''',
    "conditional.py": b'''from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from os import PathLike

    def only_for_types() -> None: ...

    class Protocolish:
        def m(self) -> int: ...
else:
    def only_for_types():
        pass

try:
    from fast import impl
except ImportError:
    def impl():
        return None
else:
    def other():
        pass
finally:
    def cleanup():
        pass

with ctx():
    def in_with():
        pass

for i in range(3):
    def in_for():
        pass

while False:
    class InWhile:
        pass


class Configured:
    if sys.version_info >= (3, 8):
        def new_way(self):
            pass
    else:
        def old_way(self):
            pass

    try:
        def guarded(self):
            pass
    except Exception:
        pass

    def plain(self):
        pass


match command:
    case "go":
        def go():
            pass
    case _:
        class Fallback:
            pass
''',
    "one_line.py": b'''def f(): pass
def g(): return 1; x = 2
class A: pass
class B: x = 1; y = 2
class C:
    def m(self): return 0
    def n(self): pass
    # a comment after a one-line method, at the class body's indentation
def h(a,
      b): return a + b
''',
    "docstring_only.py": b'''class OnlyDoc:
    """Just a docstring."""


class MultiLineDoc:
    """A docstring
    over several lines.
    """


def only_doc():
    """Nothing else."""


def ends_in_string():
    return """
text at column 0
"""
''',
    "continuation.py": b'''def header_continues(a, \\
                     b):
    return a + \\
        b


def multi_line_signature(
    a: int,
    b: str = "x",
) -> dict[
    str, int
]:
    pass


class Base(
    object,
    metaclass=Meta,
):
    x = [
        1,
# a comment inside brackets at column 0
        2,
    ]
''',
    "names.py": '''def caf\u00e9(x):
    return "\u00e9t\u00e9"


class \u00c9t\u00e9:
    def m\u00e9thode(self):
        pass


def overload(x: int) -> int: ...
def overload(x: str) -> str: ...
def overload(x):
    return x
'''.encode(),
    "empty.py": b"",
    "comments_only.py": b"# just a comment\n\n# another\n",
    "no_final_newline.py": b"def f():\n    return 1",
    "bom.py": b"\xef\xbb\xbfdef f():\n    return 1\n\n\nclass A:\n    pass\n",
    "crlf.py": b"def f():\r\n    x = 1\r\n    # trailing\r\n\r\nclass A:\r\n    def m(self):\r\n        pass\r\n",
    "latin1.py": b"# -*- coding: latin-1 -*-\ndef f():\n    return '\xe9t\xe9'  # \xe9\n\n\nclass A:\n    pass\n",
    "tabs.py": b"class A:\n\tdef f(self):\n\t\tx = 1\n\t\t# tab comment\n\n\tdef g(self):\n\t\tif x:\n\t\t\treturn 1\n\t# class level\n\ndef h():\n\tpass\n",
    "form_feed.py": b"def f():\n    pass\n\x0c\ndef g():\n    pass\n",
    "form_feed_indent.py": b"def f():\n    x = 1\n\x0c    # after a form feed: CPython counts 4 columns\n\x0c# column 0\n",
    "no_newline_comment.py": b"def f():\n    x = 1\n    # last line, no line break",
    # inside brackets, a line ending in an operator or `.` continued below the block's indentation
    # (tree-sitter-python alone takes it as a dedent; readcov re-parses: docs/units.md)
    "dedented_continuation.py": b"class A:\n    def f(self):\n        x = (a +\n    b)\n        return x\n\n    def g(self):\n        pass\n",
    "dedented_attribute.py": b"def f():\n    if x:\n        y = (bar.\nbaz)\n    return y\n\n\ndef g():\n    pass\n",
    "dedented_comment_blank.py": b"class B:\n    def f(self):\n        return (a +  # why\n\n  b) and [c.\nd]\n    # trailing\n\n    def g(self):\n        pass\n",
    "whitespace_lines.py": b"def f():\n    x = 1\n    \n        \n    # after whitespace-only lines\n\t\ny = 2\n",
}

BROKEN = {
    "broken_signature.py": b"def ok():\n    return 1\n\n\nx = 1\n\n\ndef broken(:\n    pass\n\n\nclass After:\n    pass\n",
    "broken_indent.py": b"class A:\n    def f(self):\n        pass\nx = 1\nclass B:\n    def f(self):\n        pass\n   def g(self):\n        pass\n",
    "broken_unclosed.py": b"def f():\n    x = (1,\n\n\ndef g():\n    pass\n",
    "broken_tail.py": b"def fine():\n    return 1\n\n\nclass Fine:\n    def m(self):\n        pass\ny = 2\n\n\nif x\n",
    "broken_latin1_name.py": b"# -*- coding: latin-1 -*-\ndef f():\n    pass\nx = 1\n\n\nclass \xc9:\n    pass\n",
    "broken_nul.py": b"def ok():\n    pass\nx = 1\n\n\ndef f():\n    x = \"\x00\"\n\n\ny = 1\n\n\ndef g():\n    pass\n",
    "broken_string.py": b"@deco\ndef f():\n    return 1\nz = 0\ndef g():\n    return \"unclosed\n\n\ndef h():\n    pass\n",
}

# Lines are split at `\n` only for readcov; CPython also breaks lines at a lone `\r`. Left out of
# the field comparison (counted): the two count different lines.
CR_ONLY = {"cr_only.py": b"def f():\r    x = 1\r\rclass A:\r    def m(self):\r        pass\r"}


def big(blank_lines=True):
    """A valid file of ≥ 4,500 lines built from valid cases that CPython 3 parses as one module:
    readcov cuts it into chunks (docs/units.md, chunked parsing), which must not change a unit.
    Without `blank_lines`, every blank line is dropped (cuts then fall before a top-level `def` or
    `class` after an indented line)."""
    parts = [CASES[n].decode() for n in ("decorators.py", "trailing_comments.py", "nested.py",
                                         "async_defs.py", "conditional.py", "docstring_only.py",
                                         "continuation.py", "one_line.py")]
    block = "\n\n".join(parts) + "\n\n"
    if not blank_lines:
        block = "".join(line + "\n" for line in block.split("\n") if line.strip())
    text = ""
    while text.count("\n") < 4500:
        text += block
    return text.encode()


def big_variants():
    """The large file as is, without blank lines, with CRLF, a BOM, tabs and form feeds, and twice
    with a dedented continuation between."""
    b = big()
    return {"big.py": b, "big_noblank.py": big(False), "big_crlf.py": b.replace(b"\n", b"\r\n"),
            "big_bom.py": b"\xef\xbb\xbf" + b, "big_tabs.py": b.replace(b"    ", b"\t"),
            "big_form_feed.py": b.replace(b"\n\n\ndef", b"\n\n\x0c\ndef"),
            # a dedented continuation in the middle: its chunk cannot parse clean, so the whole
            # file is parsed once, then again with the breaks hidden
            "big_dedented.py": b + CASES["dedented_attribute.py"] + b"\n\n" + b}


def broken_big():
    """The large file with a broken `def` between two top-level statements near line 2,000: a chunk
    that does not parse sends readcov back to one whole parse (docs/units.md, chunked parsing)."""
    lines = big().decode().split("\n")
    i = next(k for k in range(2000, len(lines))
             if lines[k].startswith("def ") and not lines[k - 1].startswith("@"))
    return "\n".join(lines[:i] + ["x = 0", "def broken(:", "    pass", ""] + lines[i:]).encode()
