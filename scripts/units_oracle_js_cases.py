"""Hand-made and seeded random JavaScript/JSX/TypeScript/TSX files for the units oracle
(scripts/units_oracle_script.py js cases): each construct of docs/units.md "JavaScript and
TypeScript, exactly" and its edges. CASES are valid to the TypeScript parser (one it refuses fails
the run); BROKEN have syntax errors; LIMITS are forms the docs name as beyond tree-sitter's grammar."""
import random

DECORATORS = b"""/** JSDoc is not in the unit. */
@Component({
  selector: 'app',
})
export class AppComponent {
  @Input() name: string;
  @Input()
  // a comment between the decorator and the member
  @Output() changed = () => 1;

  @HostListener('click', ['$event'])
  @Other()
  onClick(e: Event) {
    return e;
  }

  @Get() get value() { return 1; }
  @Dec(() => 1) set value(v) {}
  @Dec() static make = function () {};
  overload(a: string): void;
  overload(a: any) {}
}

@Injectable()
export default class Service {
  @Dec() private readonly handler = async (x: number) => x;
}

@A @B
abstract class Base {
  abstract run(): void;
  protected abstract size(): number;
}

@sealed
class Plain {}
"""

DECORATORS_JS = b"""@dec
export class Foo {
  @dec2
  @dec3
  m() {}
  @dec field = () => 1;
}

@dec export default class Bar {}

@dec({
  a: 1,
})
class Baz {}
"""

TS = b"""interface Named {
  name: string;
  greet(): void;
  cb: () => void;
}

type Pair<T> = {
  a: T;
  b: T;
};

enum Color { Red, Green }
const enum Flag {
  A = 1,
}
declare enum Ambient { X }

namespace Outer {
  export namespace Inner {
    export function f() {}
  }
}
namespace A.B.C {
  export class D {}
}
declare module "ext" {
  export function x(): void;
  class Decl {
    m(): void;
  }
}
declare global {
  interface Window { readcov: number }
}
module Legacy {
  function inside() {}
}
export declare namespace Exported {
  const v: number;
}

export function over(a: string): string;
export function over(a: number): number;
export function over(a: any) {
  return a;
}
declare function ambient(): void;

export abstract class Shape<T extends object = {}> implements Named {
  name = "";
  constructor(private readonly id: number) {}
  greet(): void {}
  cb = (): void => {};
  abstract area(): number;
  static create<U>(this: void, u: U): U { return u; }
  get size(): number { return 1; }
  set size(v: number) {}
  #secret() {}
  [Symbol.iterator]() {}
  "quoted"() {}
  42() {}
  declare d: number;
  static {
    function inStaticBlock() {}
  }
}

const generic = <T,>(x: T): T => x;
let typed: (n: number) => number = (n) => n * 2;
const asserted = (() => 1) as () => number;
const satisfied = { f: () => 1 } satisfies object;
export const exported = async (a: number) => {
  const nested = () => a;
  return nested();
};
function withThis(this: Window, x?: number): asserts x {}
"""

JS = b"""function plain(a, b = {}) {
  return a;
}
async function* agen() {}
function* gen() {}
const arrow = () => {};
let fn = function () {};
var gfn = function* () {};
const named = function inner() {};
const agfn = async function* () {};
var a = function () {
  return 1;
},
  b = 2,
  c = () => {
    return 3;
  };
let d, e = () => 1;
const parenthesized = (() => 1);
const called = wrap(() => 1);

exports.f = function () {};
module.exports = function exported() {};
module.exports.g = () => {};
this.h = async () => {};
Foo.prototype.bar = function () {
  return this;
};
obj["key"] = function () {};
x = () => 1;

const obj = {
  method() {},
  async amethod() {},
  *gmethod() {},
  get g() { return 1; },
  set g(v) {},
  arrow: () => 1,
  fn: function () {},
  named: function realName() {},
  'string': () => 1,
  [computed]: () => 1,
  1: () => 1,
  nested: {
    deep() {},
  },
};

class Klass extends Base {
  static s = () => 1;
  #p = function () {};
  field = 1;
  constructor() { super(); }
  static async *sgen() {}
  static {
    this.init = function () {};
  }
}
const Expr = class NamedExpr {
  m() {}
};
const Anon = class {
  m() {}
};

export default function () {}
(function iife() {
  function hoisted() {}
})();
(() => {
  const insideIife = () => 1;
})();
label: function labelled() {}
if (a) { function inIf() {} }
for (const loopFn = () => 1; ; ) { break; }
"""

JSX = b"""import React from 'react';

export const App = () => (
  <div onClick={() => 1}>
    {items.map(function row(i) { return <Row key={i} />; })}
    <p>{'function notAUnit() {}'}</p>
  </div>
);

export default function Page({ title }) {
  const handler = () => {};
  return <h1 onClick={handler}>{title}</h1>;
}

class Widget extends React.Component {
  render() {
    return <span>{this.props.x}</span>;
  }
  handle = (e) => {
    this.setState({ e });
  };
}
"""

TSX = b"""import * as React from 'react';

interface Props { title: string }

export const Card: React.FC<Props> = ({ title }) => {
  const Inner = () => <em>{title}</em>;
  return <div><Inner /></div>;
};

export function List<T,>({ items }: { items: T[] }) {
  return <ul>{items.map((i) => <li>{String(i)}</li>)}</ul>;
}

export default class Board extends React.Component<Props> {
  state = { n: 0 };
  onClick = (): void => this.setState({ n: 1 });
  render() { return <p onClick={this.onClick}>{this.props.title}</p>; }
}
"""

TRICKY = b"""// class NotAUnit { m() {} }
/* function alsoNot() {} */
const s = "function inString() {}";
const t = `class InTemplate {} ${(() => 1)()} function x() {}`;
const r = /function inRegex\\(\\) \\{\\}/g;
const q = 'const f = () => 1';
function after() {
  const inner = `}`;
  return /}/.test(inner);
}
"""

MODULES = {
    "esm.mjs": b"export function m() {}\nexport const n = () => 1;\n",
    "common.cjs": b"module.exports.run = function () {\n  return 1;\n};\n",
    "module.mts": b"export function m(): void {}\nexport type T = string;\n",
    "common.cts": b"export = class Exported {\n  m() {}\n};\n",
}

SHAPES = {
    "crlf.ts": TS.replace(b"\n", b"\r\n"),
    "crlf.js": JS.replace(b"\n", b"\r\n"),
    "bom.ts": b"\xef\xbb\xbf" + b"export function first() {}\nclass Second {}\n",
    "bom_crlf.jsx": b"\xef\xbb\xbf" + JSX.replace(b"\n", b"\r\n"),
    "non_ascii.ts": "export function caf\u00e9(): void {}\nclass \u00dcber {\n  gr\u00fc\u00dfe() {}\n}\n"
                    "const \u65e5\u672c = () => '\u00e9';\nconst \U0001d4d0x = 1; // astral in a comment \U0001f600\n"
                    "function astral() { return '\U0001f600'; }\n".encode(),
    "no_final_newline.js": b"function last() {\n  return 1;\n}",
    "empty.ts": b"",
    "only_comments.js": b"// nothing here\n/* at all */\n",
    "tabs.ts": b"class T {\n\tm() {\n\t\treturn 1;\n\t}\n}\n",
    "one_line.js": b"function a() {} function b() {} class C { m() {} n() {} }\n",
    "latin1.js": b"// caf\xe9\nfunction afterLatin1() { return '\xe9'; }\n",
    "separators.js": "const s = 'a\u2028b';\nfunction afterSep() {}\n".encode(),
    "lone_cr.js": b"function a() {}\rfunction b() {}\n",
}

CASES = {
    "decorators.ts": DECORATORS, "decorators.js": DECORATORS_JS, "typescript.ts": TS, "javascript.js": JS,
    "jsx.jsx": JSX, "js_with_jsx.js": JSX, "tsx.tsx": TSX, "tricky.js": TRICKY, "tricky.ts": TRICKY,
    **MODULES, **SHAPES,
}

BROKEN = {
    "missing_brace.js": b"function ok() {}\nclass Fine {\n  m() {}\n}\nfunction broken() {\n  if (x) {\n",
    "bad_params.ts": b"export function ok(): void {}\nfunction bad( {\n}\nfunction later() {}\n",
    "stray.tsx": b"const A = () => <div />;\nconst B = () => <div>;\nfunction C() {}\n",
    "garbage.js": b"const a = () => 1;\n@@@ ###\nfunction b() {}\n",
}

# tree-sitter-typescript 0.23.2 takes decorators only before a member with a body or a field
# (TypeScript's checker refuses the others too, but its parser takes them).
LIMITS = {
    # a `;` on its own line after a comment ends a declaration to JavaScript; tree-sitter's scanner
    # inserts one before the comment, so the unit ends a few lines early (minipass's output)
    "semicolon_after_comment.js": b"const isStream = (s) => !!s &&\n    typeof s === 'object'\n/**\n * doc\n */\n;\nfunction after() {}\n",
    "decorated_abstract.ts": b"abstract class A {\n  @Dec() abstract run(): void;\n  later() {}\n}\n",
    "decorated_overload.ts": b"class A {\n  @Dec() f(a: string): void;\n  f(a: any) {}\n}\n",
}

# Forms tree-sitter-javascript 0.25.0 / tree-sitter-typescript 0.23.2 warn on, with the units
# right (each seen in editors/vscode/node_modules or TypeScript's own lib): `keyof readonly T[]`,
# `export type * from`, `global {}` inside `declare module`, type arguments or `[]` after
# `import("m").T`, a member named `abstract?`, and the semicolon JavaScript inserts before a line
# starting with `[` that tree-sitter does not (`let x` then `[a, x] = f()`; a field `#abort` then
# `[k] = null`).
WARNS = {
    "export_type_star.ts": b"export type * from './types.js';\nexport function after() {}\n",
    "global_in_module.ts": b"declare module 'buffer' {\n  global {\n    interface Buffer {}\n  }\n}\nfunction after() {}\n",
    "import_type_args.ts": b"class P {\n  readonly onFailure: import('./e').Event<void>;\n  run() {}\n}\n",
    "import_type_array.ts": b"declare const f: (s: import('./t.js').S[][]) => void;\nfunction after() {}\n",
    "abstract_property.ts": b"interface Flags {\n  abstract?: boolean;\n}\nfunction after() {}\n",
    "asi_bracket.js": b"function parse(args) {\n  let argv\n  [ args, argv ] = split(args)\n  return argv\n}\nfunction after() {}\n",
    "asi_computed_field.js": b"class Handler {\n  #reason = null\n  #abort\n\n  [kResume] = null\n  constructor() {}\n  run() {}\n}\n",
    "keyof_readonly.ts": b"interface A {\n  readonly [Symbol.unscopables]: {\n    [K in keyof readonly any[]]?: boolean;\n  };\n}\n"
                         b"function after() {}\n",
}


def random_names(seed, count):
    rng = random.Random(seed)
    return [f"random_{seed}_{i}{rng.choice(['.js', '.jsx', '.ts', '.tsx', '.mjs'])}" for i in range(count)]


class Gen:
    def __init__(self, seed, ts, jsx):
        self.r, self.ts, self.jsx = random.Random(seed), ts, jsx
        self.lines, self.n = [], 0

    def name(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def noise(self, depth, member=False):
        r = self.r
        c = r.random() * (0.3 if member else 1)
        if c < 0.15:
            self.emit(depth, "// a comment { with } braces")
        elif c < 0.25:
            self.emit(depth, "/** JSDoc")
            self.emit(depth, " * @param x { not code }")
            self.emit(depth, " */")
        elif c < 0.3:
            self.emit(depth, "")
        elif c < 0.35:
            self.emit(depth, "const s" + str(self.n) + " = `}${'{'}` + '}' + \"function q() {}\";")
            self.n += 1

    def dec(self, depth):
        if self.ts and self.r.random() < 0.3:
            if self.r.random() < 0.5:
                self.emit(depth, f"@Dec{self.n}()")
            else:
                self.emit(depth, "@Multi({")
                self.emit(depth + 1, "a: () => 1,")
                self.emit(depth, "})")

    def body(self, depth, budget):
        r = self.r
        for _ in range(r.randint(0, 3)):
            self.noise(depth)
            c = r.random()
            if budget > 0 and c < 0.25:
                self.function(depth, budget - 1)
            elif budget > 0 and c < 0.4:
                self.arrow(depth, budget - 1)
            elif budget > 0 and c < 0.5:
                self.klass(depth, budget - 1)
            elif c < 0.6 and self.jsx:
                self.emit(depth, f"const el{self.n} = <div onClick={{() => 1}}>{{'}}'}}</div>;")
                self.n += 1
            else:
                self.emit(depth, r.choice(["let x = 1;", "if (a) { b(); }", "return;", "call(() => 1);",
                                           "const o = { k: 1, m() {} };"]).replace("return;", "void 0;"))

    def params(self):
        return "(a: number, b?: string)" if self.ts else "(a, b = {})"

    def function(self, depth, budget):
        r = self.r
        kw = r.choice(["function", "async function", "function*", "export function"] if depth == 0
                      else ["function", "async function"])
        self.emit(depth, f"{kw} {self.name('f')}{self.params()} {{")
        self.body(depth + 1, budget)
        self.emit(depth, "}")

    def arrow(self, depth, budget):
        r = self.r
        kw = r.choice(["const", "let", "var"])
        name = self.name("a")
        if r.random() < 0.3:
            self.emit(depth, f"{kw} {name} = () => 1;")
            return
        val = r.choice(["async () =>", "function ()", "(x) =>"])
        self.emit(depth, f"{kw} {name} = {val} {{")
        self.body(depth + 1, budget)
        self.emit(depth, "};")

    def klass(self, depth, budget):
        r = self.r
        self.dec(depth)
        prefix = "export " if depth == 0 and r.random() < 0.3 else ""
        self.emit(depth, f"{prefix}class {self.name('C')} {{")
        for _ in range(r.randint(0, 4)):
            self.noise(depth + 1, member=True)
            self.dec(depth + 1)
            c = r.random()
            m = self.name("m")
            if c < 0.5:
                mod = r.choice(["", "static ", "async ", "get ", "*"])
                self.emit(depth + 1, f"{mod}{m}() {{")
                self.body(depth + 2, budget)
                self.emit(depth + 1, "}")
            elif c < 0.8:
                self.emit(depth + 1, f"{m} = () => {{")
                self.body(depth + 2, budget)
                self.emit(depth + 1, "};")
            else:
                self.emit(depth + 1, f"{m} = 1;")
        self.emit(depth, "}")

    def ts_decl(self):
        r = self.r
        c = r.random()
        if c < 0.3:
            self.emit(0, f"interface {self.name('I')} {{")
            self.emit(1, "m(): void;")
            self.emit(0, "}")
        elif c < 0.5:
            self.emit(0, f"type {self.name('T')} = {{ a: number }};")
        elif c < 0.7:
            self.emit(0, f"enum {self.name('E')} {{ A, B }}")
        else:
            self.emit(0, f"namespace {self.name('N')} {{")
            self.function(1, 1)
            self.emit(0, "}")


def random_file(seed, name):
    ts = name.endswith((".ts", ".tsx"))
    jsx = name.endswith((".jsx", ".tsx", ".js"))
    g = Gen(seed, ts, jsx)
    for _ in range(g.r.randint(1, 6)):
        c = g.r.random()
        if ts and c < 0.2:
            g.ts_decl()
        elif c < 0.5:
            g.function(0, 2)
        elif c < 0.7:
            g.arrow(0, 2)
        else:
            g.klass(0, 2)
    text = "\n".join(g.lines) + "\n"
    if g.r.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()
