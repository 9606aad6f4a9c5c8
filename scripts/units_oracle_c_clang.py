"""Lists the syntax units of C and C++ files with libclang (the PyPI `libclang` wheel; not
tree-sitter), from docs/units.md "C, exactly" and "C++, exactly": one JSON line per file,
{path, error, error_line, left_out, units: [{kind, name, start, end, depth}]}.

usage: python units_oracle_c_clang.py c|cpp|auto FILE...   (run in the suite's venv; `auto`: by
       extension, a `.h` by docs/units.md's C++ sniff)

readcov does not preprocess: it sees every branch of `#if`/`#ifdef` and no macro expanded. So the
file is handed to clang with every preprocessor directive line (and its `\\` continuations)
blanked, line numbers kept, and no include path: clang then parses what tree-sitter parses.
Missing declarations (unknown types, undeclared names) are semantic errors clang recovers from
with the same cursors and extents; a file with a syntax error ("expected …", unbalanced brackets)
is reported as refused (`error`, its first line), and so is one where an unexpanded macro stands
where a type belongs (an all-capitals unknown type name: `LLVM_NODISCARD`, `__BEGIN_DECLS`).
"""
import json
import re
import sys

import clang.cindex as ci

K = ci.CursorKind
FUNCS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.CONVERSION_FUNCTION,
         K.FUNCTION_TEMPLATE}
RECORDS = {K.STRUCT_DECL: "struct", K.UNION_DECL: "union", K.CLASS_DECL: "class",
           K.ENUM_DECL: "enum", K.CLASS_TEMPLATE: None, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION: None}
CLASSLIKE = {K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE,
             K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
SYNTAX = re.compile(r"^(expected|extraneous|unterminated|missing terminating|unknown type name .* in"
                    r"|invalid preprocessing|unexpected)")

MACRO = re.compile(r"^unknown type name '_*[A-Z][A-Z0-9_]*'$")


def blank_directives(text):
    """Every preprocessor directive line (with its `\\` continuations) as an empty line."""
    out, cont = [], False
    for line in text.split("\n"):
        stripped = line.lstrip(" \t")
        if cont or stripped.startswith("#"):
            cont = line.rstrip("\r").endswith("\\")
            out.append("\r" if line.endswith("\r") else "")
        else:
            out.append(line)
    return "\n".join(out)


class File:
    def __init__(self, path, lang):
        raw = open(path, "rb").read()
        self.text = raw.decode("utf-8", "replace")
        src = blank_directives(self.text)
        args = ["-x", "c", "-std=gnu17"] if lang == "c" else ["-x", "c++", "-std=gnu++20"]
        args += ["-nostdinc", "-nostdinc++", "-ferror-limit=0", "-Wno-everything"]
        self.tu = ci.Index.create().parse(path, args=args, unsaved_files=[(path, src.encode())],
                                          options=ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES * 0)
        self.src = src.encode()
        self.lang = lang
        self.units = []
        self.seen = set()
        self.typedef_named = set()
        self.left_out = 0

    def error(self):
        """clang's first syntax error; else the first sign that an unexpanded macro hides the
        code (an all-capitals name where a type belongs, `LLVM_NODISCARD int f()`,
        `__BEGIN_DECLS`): both parsers then guess, so the file is left out as refused too."""
        errors = [d for d in self.tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        for d in errors:
            if SYNTAX.match(d.spelling):
                return d.spelling, d.location.line
        for d in errors:
            if MACRO.match(d.spelling):
                return "macro-hidden: " + d.spelling, d.location.line
        return None, 0

    def mine(self, c):
        return c.location.file is not None and c.location.file.name == self.tu.spelling

    def text_of(self, a, b):
        return self.src[a:b].decode("utf-8", "replace")

    def written_name(self, c):
        """The name as written at the cursor's location: qualifiers before it (`A::`, `A<T>::`,
        `::`), template arguments after a class name (`S<int>`), an operator's symbol; up to the
        parameter list or the body."""
        toks = list(c.get_tokens())
        at = next((i for i, t in enumerate(toks) if t.location.offset == c.location.offset), None)
        if at is None:
            return c.spelling
        i = at
        while i >= 2 and toks[i - 1].spelling == "::":
            j = i - 2
            if toks[j].spelling == ">":
                depth = 0
                while j >= 0:
                    depth += {">": 1, "<": -1}.get(toks[j].spelling, 0)
                    if depth == 0:
                        break
                    j -= 1
                j -= 1
            if j < 0 or toks[j].kind != ci.TokenKind.IDENTIFIER:
                break
            i = j
        if i >= 1 and toks[i - 1].spelling == "::" and (i < 2 or toks[i - 2].kind != ci.TokenKind.IDENTIFIER):
            i -= 1
        k = at
        conversion = c.kind == K.CONVERSION_FUNCTION or (
            toks[at].spelling == "operator" and at + 1 < len(toks)
            and toks[at + 1].kind in (ci.TokenKind.IDENTIFIER, ci.TokenKind.KEYWORD)
            and toks[at + 1].spelling not in ("new", "delete"))
        if conversion:
            # docs: named through its parameter list and qualifiers, `operator bool() const`
            while k + 1 < len(toks) and toks[k + 1].spelling not in ("{", "=", ":", "try", ";"):
                k += 1
        elif toks[at].spelling == "operator":
            k = at + 1
            if toks[k].spelling in ("(", "["):
                k += 1
            while k + 1 < len(toks) and toks[k + 1].spelling != "(":
                k += 1
        elif toks[at].spelling == "~":
            k = at + 1
        elif (c.kind in CLASSLIKE or c.kind in FUNCS) and k + 1 < len(toks) and toks[k + 1].spelling == "<":
            # a specialization's arguments, as written: `Box<int>`, `write<float>`
            depth = 0
            k += 1
            while k < len(toks):
                depth += {"<": 1, ">": -1, ">>": -2}.get(toks[k].spelling, 0)
                if depth <= 0:
                    break
                k += 1
        start = toks[i].extent.start.offset
        end = toks[k].extent.end.offset
        return self.text_of(start, end)

    def defaulted(self, c):
        """`… = default;` / `… = delete;` (clang: not a definition; docs: a unit in a class)."""
        toks = [t.spelling for t in c.get_tokens()]
        return len(toks) >= 2 and toks[-2] == "=" and toks[-1] in ("default", "delete")

    def named(self, c):
        """A record with a name of its own (not `struct { … }`, which clang calls "unnamed")."""
        toks = [t for t in c.get_tokens() if t.location.offset == c.location.offset]
        return bool(toks) and toks[0].kind == ci.TokenKind.IDENTIFIER

    def add(self, kind, name, start, end, depth):
        # an anonymous record under a typedef is reached twice (as the typedef's child and as its
        # sibling): the same unit once
        key = (kind, name, start, end, depth)
        if key in self.seen:
            return
        self.seen.add(key)
        self.units.append({"kind": kind, "name": name, "start": start, "end": end, "depth": depth})

    def walk(self, c, depth, in_class):
        kids = [ch for ch in c.get_children() if self.mine(ch)]
        # an anonymous record a typedef names is visited through the typedef (clang also lists
        # it as the typedef's sibling)
        typedefd = {r.extent.start.offset for t in kids if t.kind == K.TYPEDEF_DECL
                    for r in t.get_children() if r.kind in RECORDS and not self.named(r)}
        for ch in kids:
            if ch.kind in RECORDS and ch.extent.start.offset in typedefd and not self.named(ch):
                continue
            self.visit(ch, depth, in_class)

    def visit(self, c, depth, in_class):
        k = c.kind
        ext = c.extent
        if k in FUNCS and not c.is_definition() and self.defaulted(c):
            if not in_class:  # docs: tree-sitter-cpp cannot parse these outside a class body
                self.left_out += 1
                return
            self.add("method", self.written_name(c), ext.start.line, ext.end.line, depth)
            return
        if k in FUNCS and c.is_definition():
            kind = "method" if in_class else "function"
            self.add(kind, self.written_name(c), ext.start.line, ext.end.line, depth)
            return self.walk(c, depth + 1, False)
        if k in RECORDS and c.is_definition() and self.named(c):
            kind = RECORDS[k] or self.template_kind(c)
            # the name as written: clang calls a record it takes for a redefinition (both branches
            # of an `#if`, blanked) "unnamed"
            self.add(kind, self.written_name(c), ext.start.line, ext.end.line, depth)
            return self.walk(c, depth + 1, k in CLASSLIKE)
        if k == K.TYPEDEF_DECL:
            under = [ch for ch in c.get_children() if ch.kind in RECORDS and ch.is_definition()
                     and not self.named(ch)]
            if under and under[0].extent.start.offset not in self.typedef_named:
                rec = under[0]
                # docs: the first declarator names it, and only a plain name (`*P` first: none)
                self.typedef_named.add(rec.extent.start.offset)
                T = ci.TypeKind
                plain = c.underlying_typedef_type.get_canonical().kind not in (
                    T.POINTER, T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY, T.FUNCTIONPROTO,
                    T.FUNCTIONNOPROTO, T.MEMBERPOINTER, T.LVALUEREFERENCE, T.RVALUEREFERENCE)
                if not plain:
                    return self.walk(rec, depth, rec.kind in CLASSLIKE)
                kind = RECORDS[rec.kind]
                # docs: a typedef names an anonymous struct, union or enum (C and C++)
                self.add(kind, c.spelling, ext.start.line, max(ext.end.line, rec.extent.end.line), depth)
                return self.walk(rec, depth + 1, rec.kind in CLASSLIKE)
            return self.walk(c, depth, in_class)
        if k == K.NAMESPACE and c.spelling:
            kids = [ch for ch in c.get_children() if self.mine(ch)]
            name, inner = c.spelling, c
            # `namespace a::b { }`: clang nests b in a with one extent; tree-sitter has one name
            while (len(kids) == 1 and kids[0].kind == K.NAMESPACE
                   and kids[0].extent.end.offset == inner.extent.end.offset
                   and kids[0].extent.start.offset > inner.extent.start.offset
                   and "{" not in self.text_of(inner.location.offset, kids[0].location.offset)):
                inner = kids[0]
                name += "::" + inner.spelling
                kids = [ch for ch in inner.get_children() if self.mine(ch)]
            self.add("namespace", name, ext.start.line, ext.end.line, depth)
            return self.walk(inner, depth + 1, False)
        if k == K.LAMBDA_EXPR:
            return self.walk(c, depth, False)
        return self.walk(c, depth, in_class and k in (K.CXX_ACCESS_SPEC_DECL,))

    def template_kind(self, c):
        toks = [t.spelling for t in c.get_tokens()]
        for t in toks:
            if t in ("class", "struct", "union"):
                pass
        # the keyword right before the name
        before = [t for t in c.get_tokens() if t.location.offset < c.location.offset]
        for t in reversed(before):
            if t.spelling in ("class", "struct", "union"):
                return t.spelling
        return "class"


CPP_LINE = re.compile(r"^\s*(namespace([ \t<{]|$)|template([ \t<{]|$)|using namespace |public:|private:|"
                      r"protected:|class [A-Za-z_]\w*(\s*[{;:,]|\s*$|\s+final\b))", re.M)


def lang_of(path, lang):
    """`auto`: docs/units.md's rule — `.c` is C, a `.h` is C++ when a line starts with `class X`,
    `namespace`, `template`, `using namespace` or an access specifier, else C; others C++."""
    if lang != "auto":
        return lang
    if path.endswith(".c"):
        return "c"
    if path.endswith(".h"):
        with open(path, "rb") as fh:
            return "cpp" if CPP_LINE.search(fh.read().decode("utf-8", "replace")) else "c"
    return "cpp"


def main(argv):
    lang, paths = argv[0], argv[1:]
    for p in paths:
        f = File(p, lang_of(p, lang))
        err, line = f.error()
        if not err:
            f.walk(f.tu.cursor, 0, False)
        print(json.dumps({"path": p, "error": err, "error_line": line, "left_out": f.left_out,
                          "units": [] if err else f.units}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
