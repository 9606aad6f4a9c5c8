"""Seeded random Python modules for the units oracle: definitions nested in definitions, class
bodies and compound statements (`if`/`else`, `try`/`except`/`finally`, `for`, `while`, `with`,
`match`), `async def`, decorators (with arguments over several lines), one-line bodies, docstrings,
comments at every indentation and blank lines after bodies, backslash continuations, brackets
spanning lines and strings holding `#`, `def` and column-0 text. Every module is valid Python 3.11
(CPython checks each; one it refuses is a generator bug and fails the run)."""
import random

NAMES = ["f", "g", "run", "parse", "Item", "Node", "__init__", "helper", "caf\u00e9", "_x"]


class Gen:
    def __init__(self, rng, indent_unit):
        self.rng = rng
        self.iu = indent_unit
        self.lines = []

    def emit(self, depth, text):
        self.lines.append(self.iu * depth + text)

    def noise(self, depth):
        """Comments and blank lines at random indentation between statements."""
        r = self.rng
        for _ in range(r.choice([0, 0, 0, 1, 2])):
            c = r.random()
            if c < 0.3:
                self.lines.append("")
            elif c < 0.4:
                self.lines.append(" " * r.randint(1, 6) if self.iu != "\t" else "\t")
            else:
                d = max(0, depth + r.choice([-2, -1, 0, 0, 1, 2]))
                pad = r.choice(["", "", "", " ", " \t", "\t", "\x0c"])  # mixed: a tab counts 8
                self.lines.append(pad + self.iu * d + "# note " + r.choice(["", "def x():", "@z"]))

    def simple(self, depth):
        r = self.rng
        c = r.random()
        if c < 0.45:
            self.emit(depth, f"x = {r.randint(0, 9)}")
        elif c < 0.55:
            self.emit(depth, "y = [1,")
            self.lines.append(r.choice(["# col 0 in brackets", "     2,", ""]))
            self.emit(depth, "     3]")
        elif c < 0.65:
            self.emit(depth, 's = """text')
            self.lines.append(r.choice(["def not_a_unit():", "# not a comment", "", "class No:"]))
            self.lines.append('"""')
        elif c < 0.75:
            self.emit(depth, "z = 1 + \\")
            self.emit(depth + 1, "2")
        elif c < 0.85:
            self.emit(depth, r.choice(["pass", "return None", "...", "h = lambda a: a"]))
        else:
            self.emit(depth, '"""A docstring."""')

    def body(self, depth, budget, in_class=False):
        r = self.rng
        n = r.randint(1, 3)
        for i in range(n):
            if budget > 0 and r.random() < 0.55:
                self.compound(depth, budget - 1, in_class)
            else:
                self.simple(depth)
            self.noise(depth)

    def header_def(self, depth, kind):
        r = self.rng
        for _ in range(r.choice([0, 0, 1, 2])):
            if r.random() < 0.3:
                self.emit(depth, "@deco(")
                self.emit(depth + 1, "arg=1,")
                self.emit(depth, ")")
            else:
                self.emit(depth, r.choice(["@deco", "@a.b", "@staticmethod"]))
            if r.random() < 0.2:
                self.emit(depth, "# between decorators")
        name = r.choice(NAMES)
        if kind == "class":
            head = f"class {name}" + r.choice(["", "(Base)", "(\n" + self.iu * (depth + 1) + "Base,\n"
                                               + self.iu * depth + ")"])
        else:
            head = r.choice(["def", "async def"]) + f" {name}(" + r.choice(
                ["self", "a, b", "\n" + self.iu * (depth + 1) + "a,\n" + self.iu * depth, "a, \\\n    b"]) + ")"
        return head + ":"

    def compound(self, depth, budget, in_class):
        r = self.rng
        c = r.random()
        if c < 0.55:
            kind = "class" if r.random() < 0.3 else "def"
            head = self.header_def(depth, kind)
            if r.random() < 0.12:
                self.emit(depth, head + " " + r.choice(["pass", "return 1", "x = 1; y = 2", "..."]))
                return
            self.emit(depth, head)
            self.body(depth + 1, budget, in_class=kind == "class")
        elif c < 0.68:
            self.emit(depth, "if x:")
            self.body(depth + 1, budget, in_class)
            self.noise(depth)
            if r.random() < 0.5:
                self.emit(depth, "else:")
                self.body(depth + 1, budget, in_class)
        elif c < 0.78:
            self.emit(depth, "try:")
            self.body(depth + 1, budget, in_class)
            self.emit(depth, "except E:")
            self.body(depth + 1, budget, in_class)
            if r.random() < 0.4:
                self.emit(depth, "finally:")
                self.body(depth + 1, budget, in_class)
        elif c < 0.86:
            self.emit(depth, r.choice(["for i in y:", "while y:", "with c as d:"]))
            self.body(depth + 1, budget, in_class)
        else:
            self.emit(depth, "match y:")
            self.emit(depth + 1, "case 1:")
            self.body(depth + 2, budget, in_class)
            self.emit(depth + 1, "case _:")
            self.body(depth + 2, budget, in_class)


def module(seed):
    """One random module (bytes) and the seed's description."""
    rng = random.Random(seed)
    iu = rng.choice(["    ", "    ", "  ", "\t"])
    g = Gen(rng, iu)
    g.noise(0)
    for _ in range(rng.randint(1, 5)):
        g.compound(0, rng.randint(1, 4), False)
        g.noise(0)
    text = "\n".join(g.lines) + rng.choice(["\n", "", "\n\n"])
    if rng.random() < 0.15:
        text = text.replace("\n", "\r\n")
    return text.encode()
