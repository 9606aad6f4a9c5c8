"""Python units recomputed with CPython's own parser (stdlib `ast`), from docs/units.md "What a unit
is" and its Python rules (grammars/README.md's conventions): never from readcov's query or code.

- a unit is a `def`, `async def` or `class` statement, wherever it stands (module, class body,
  function body, under `if`/`try`/`with`/`for`/`while`/`match`); lambdas, comprehensions and
  assignments are not units;
- kind: `class` for a class; `method` for a function whose statement sits directly in a class's
  body (decorated or not); `function` for every other function (module level, nested in a function,
  or inside an `if`/`try`/... block of a class body);
- name: the defined identifier;
- start: the first line of the first decorator's `@`, else the `def`/`async`/`class` line;
- end: the last line of the body's last statement (ast's `end_lineno`), or of the comment lines
  after it that are indented at least as deep as the body (blank lines between them do not stop
  them; the first code line or less indented comment does). A body on the header's line
  (`def f(): pass`) takes no comments after it;
- depth: how many units enclose it (0 at top level);
- order: by (start, depth).

Lines are counted as readcov counts them: by `\\n` (a lone `\\r` is not a line break for readcov,
but it is one for CPython's tokenizer; such files are left out by the caller, counted).
"""
import ast


def decorator_start(lines, dec):
    """The line of the `@` that opens decorator `dec` (its expression may start below a `@\\`)."""
    ln = dec.lineno
    while ln > 1 and not lines[ln - 1].lstrip().startswith("@"):
        ln -= 1
    return ln


def indent(line):
    """Columns of leading whitespace as docs/units.md counts them for trailing comments: a space 1,
    a tab 8 wherever it stands (tree-sitter-python's count; CPython's tokenizer goes to the next
    multiple of 8 instead, the same unless spaces precede a tab), a form feed back to 0."""
    col = 0
    for ch in line:
        if ch == " ":
            col += 1
        elif ch == "\t":
            col += 8
        elif ch == "\x0c":
            col = 0  # a form feed resets the count
        else:
            break
    return col


def body_end(lines, node):
    """The unit's last line: its last statement's, then the trailing comments of an indented body."""
    end = node.end_lineno
    first = node.body[0]
    head = lines[first.lineno - 1].encode()[: first.col_offset]
    if head.strip():
        return end  # the body shares the header's line: no indented block
    want = indent(lines[first.lineno - 1])
    ln = end + 1
    while ln <= len(lines):
        text = lines[ln - 1]
        st = text.strip()
        if st.startswith("#") and indent(text) >= want:
            end = ln
        elif st:
            break
        ln += 1
    return end


def units_of(data):
    """The units of a Python file's bytes, as dicts {kind, name, start, end, depth}; raises
    SyntaxError (or ValueError) when CPython cannot parse it. The bytes are read as docs/units.md
    says readcov reads them: a leading BOM skipped, bytes that are not UTF-8 replaced by U+FFFD (no
    `coding:` declaration honoured, so a Latin-1 identifier is a syntax error)."""
    text = data.decode("utf-8", "replace").removeprefix("\ufeff")
    tree = ast.parse(text)
    lines = text.split("\n")
    out = []

    def visit(node, depth, in_class_body):
        # `in_class_body`: node's statement list is a ClassDef's body itself
        for field, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for child in children:
                if not isinstance(child, ast.AST):
                    continue
                direct = isinstance(node, ast.ClassDef) and field == "body"
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    if isinstance(child, ast.ClassDef):
                        kind = "class"
                    else:
                        kind = "method" if direct else "function"
                    start = child.lineno
                    if child.decorator_list:
                        start = min(start, *(decorator_start(lines, d) for d in child.decorator_list))
                    out.append({"kind": kind, "name": child.name, "start": start,
                                "end": body_end(lines, child), "depth": depth})
                    visit(child, depth + 1, False)
                else:
                    visit(child, depth, False)

    visit(tree, 0, False)
    out.sort(key=lambda u: (u["start"], u["depth"]))
    return out


def innermost(units, line):
    """The deepest unit whose lines hold `line`, or None (docs/units.md "Unit coverage")."""
    best = None
    for u in units:
        if u["start"] <= line <= u["end"] and (best is None or u["depth"] > best["depth"]):
            best = u
    return best
