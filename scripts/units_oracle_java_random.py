"""Seeded random Java files for the units oracle's Java check: classes, interfaces, enums (constants
with bodies), records (compact and canonical constructors), annotation types (elements are not
units), nested, local and anonymous classes, generic methods and constructors, annotations over
several lines, Javadoc and comments, strings, chars and text blocks holding braces, lambdas,
abstract and interface methods ending in `;`, initializer blocks. Every file is valid Java 17
(javac checks each; one it refuses fails the run)."""
import random


class JGen:
    def __init__(self, rng):
        self.r = rng
        self.lines = []
        self.n = 0

    def name(self, prefix):
        self.n += 1
        return f"{prefix}{self.n}"

    def emit(self, depth, text):
        self.lines.append("    " * depth + text)

    def annotations(self, depth):
        r = self.r
        if r.random() < 0.2:
            self.emit(depth, "/** Javadoc { with a brace. */")
        for _ in range(r.choice([0, 0, 1, 2])):
            if r.random() < 0.3:
                self.emit(depth, "@SuppressWarnings({")
                self.emit(depth + 1, '"unchecked",')
                self.emit(depth, "})")
            else:
                self.emit(depth, r.choice(["@Deprecated", "@SafeVarargs", "@Override"]).replace(
                    "@SafeVarargs", "@Deprecated(since = \"1\")"))

    def statements(self, depth, budget):
        r = self.r
        for _ in range(r.randint(0, 3)):
            c = r.random()
            if c < 0.3:
                self.emit(depth, r.choice(['String s = "} {";', "char c = '{';", "int x = 1; // }"]))
            elif c < 0.4:
                self.emit(depth, 'String t = """')
                self.emit(depth + 1, "class NotAUnit { void no() {} }")
                self.emit(depth + 1, '""";')
            elif c < 0.55:
                self.emit(depth, "Runnable f = () -> {")
                self.emit(depth + 1, "int y = 2;")
                self.emit(depth, "};")
            elif c < 0.7 and budget > 0:
                self.emit(depth, "Object o = new Object() {")
                self.members(depth + 1, budget - 1, "class", anonymous=True)
                self.emit(depth, "};")
            elif c < 0.8 and budget > 0:
                self.type_decl(depth, budget - 1, local=True)
            else:
                self.emit(depth, "/* { */ if (true) { int z = 3; }")

    def method(self, depth, budget, owner, owner_kind):
        r = self.r
        self.annotations(depth)
        generic = r.choice(["", "", "<T> "])
        if owner_kind == "interface":
            c = r.random()
            if c < 0.4:
                self.emit(depth, f"{generic}void {self.name('m')}();")
                return
            head = r.choice(["default ", "static ", "private "]) + f"{generic}void {self.name('m')}()"
        elif owner_kind == "annotation":
            self.emit(depth, f"String {self.name('e')}() default \"\";")
            return
        elif r.random() < 0.2 and owner:
            head = f"{generic}{owner}(int a)"
            if owner_kind == "record":
                head = f"{owner}" if r.random() < 0.5 else f"{owner}(int v)"
        else:
            head = r.choice(["public ", "", "static "]) + generic + r.choice(
                ["void", "int", "java.util.List<\n" + "    " * (depth + 2) + "String>"]) + f" {self.name('m')}(" + r.choice(
                ["", "int a,\n" + "    " * (depth + 2) + "int b"]) + ")"
        self.emit(depth, head + " {")
        self.statements(depth + 1, budget)  # parse only: no return needed
        self.emit(depth, "}")

    def members(self, depth, budget, owner_kind, owner=None, anonymous=False):
        r = self.r
        for _ in range(r.randint(0, 4)):
            c = r.random()
            if c < 0.55:
                self.method(depth, budget, None if anonymous else owner, owner_kind)
            elif c < 0.7 and budget > 0:
                self.type_decl(depth, budget - 1, in_annotation=owner_kind == "annotation")
            elif c < 0.8 and owner_kind in ("class", "enum"):
                self.emit(depth, r.choice(["static {", "{"]))
                self.statements(depth + 1, 0)
                self.emit(depth, "}")
            else:
                self.emit(depth, r.choice(["static int f = 1;", "// { a comment",
                                           "static String g = \"{\";"]))

    def type_decl(self, depth, budget, local=False, in_annotation=False):
        r = self.r
        kind = r.choice(["class", "class", "interface", "enum", "record", "annotation"])
        if (local and kind == "annotation") or (kind == "record" and in_annotation):
            kind = "class"  # no local annotation types; a record in an @interface: docs/units.md
        name = self.name(kind[0].upper())
        self.annotations(depth)
        mods = "" if local else r.choice(["", "public ", "static ", "abstract "])
        if kind in ("interface", "annotation", "enum", "record") or local:
            mods = mods.replace("abstract ", "").replace("public ", "")
        if mods == "abstract " and kind == "class":
            mods = ""
        head = {"class": f"class {name}", "interface": f"interface {name}",
                "enum": f"enum {name}", "record": f"record {name}(int v)",
                "annotation": f"@interface {name}"}[kind]
        self.emit(depth, mods + head + " {")
        if kind == "enum":
            self.emit(depth + 1, "A,")
            self.emit(depth + 1, "B {")
            self.emit(depth + 2, "void inB() {}")
            self.emit(depth + 1, "};")
            self.members(depth + 1, budget, "enum", name)
        else:
            self.members(depth + 1, budget, kind, name)
        self.emit(depth, "}")


def java_file(seed):
    """One random Java file (bytes)."""
    rng = random.Random(seed)
    g = JGen(rng)
    g.lines.append("package demo;")
    g.lines.append("")
    for _ in range(rng.randint(1, 3)):
        g.type_decl(0, rng.randint(0, 3))
        g.lines.append("")
    text = "\n".join(g.lines) + "\n"
    if rng.random() < 0.15:
        text = text.replace("\n", "\r\n")
    return text.encode()
