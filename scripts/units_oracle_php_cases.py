"""Hand-made and seeded random PHP files for the units oracle (scripts/units_oracle_script.py php
cases): each construct of docs/units.md "PHP, exactly" and its edges. CASES are valid to PHP's
parser (one it refuses fails the run); BROKEN have syntax errors; WARNS parse with a warning but
right units; LIMITS are forms the docs name as beyond tree-sitter-php."""
import random

CLASSES = b"""<?php
declare(strict_types=1);

namespace App\\Models;

use Foo\\Bar;
use function Foo\\baz;

/** A doc comment is not in the unit. */
#[Entity]
/** between attributes */
#[Table(
    name: 'users',
)]
final class User extends Model implements \\JsonSerializable, Countable
{
    use HasFactory, Greets {
        Greets::hi insteadof HasFactory;
    }

    public const A = 1;
    private readonly int $id;

    #[Pure]
    public function __construct(
        #[SensitiveParameter] private string $secret = '',
        public readonly ?int $n = null,
    ) {}

    abstract protected function name(): string;

    public static function make(): static
    {
        $c = function ($x) use (&$y) { return $x; };
        $s = static fn($x) => $x * 2;
        $o = new class(1) extends Base {
            public function inAnonymous() {}
        };
        $f = strlen(...);
        return new static();
    }

    public function &byRef(): array { return $this->a; }

    function noVisibility() {}
}

abstract class Shape
{
    abstract public function area(): float;
}

readonly class Point
{
    public function __construct(public int $x) {}
}

interface HasArea extends Countable
{
    const UNIT = 'm';
    public function area(): float;
    public static function make(int ...$a): self;
}

trait Greets
{
    public function hi(): string { return 'hi'; }
    abstract public function who(): string;
}

enum Suit: string implements HasColor
{
    use Greets;
    case Hearts = 'H';
    case Spades = 'S';
    const Wild = self::Spades;

    public function color(): string
    {
        return match ($this) {
            Suit::Hearts => 'Red',
            Suit::Spades => 'Black',
        };
    }
}

enum Pure { case A; }
"""

FUNCTIONS = b"""<?php
function top(int $a, ...$rest): void
{
    function nested() {}
    if ($a) {
        function conditional() {}
    }
}

if (!function_exists('helper')) {
    function helper() {}
}

function &refReturning() { static $x; return $x; }

if ($a):
    function alternative() {}
endif;

$closure = function () {
    function inClosure() {}
};

function caf\xc3\xa9(): string { return '\xc3\xa9'; }
class \xc3\x9cber { function gr\xc3\xbc\xc3\x9fe() {} }
"""

STRINGS = b"""<?php
function strings()
{
    $h = <<<EOT
    function notAFunction() {
    }
    EOT;
    $n = <<<'NOW'
    class NotAClass {}
    NOW;
    $s = "{$a['}']} ${b} }";
    $t = 'function x() {}';
    // a comment with a brace }
    # another {
    /* class C { function d() {} } */
    return $h;
}

function after() {}
"""

HTML = b"""<!DOCTYPE html>
<html>
<head><title><?= htmlspecialchars($title) ?></title></head>
<body>
<?php
function render(array $items): void
{
    foreach ($items as $i) { ?>
        <li><?= $i ?></li>
    <?php }
}
?>
<p>between</p>
<?php if ($x): ?>
  <b>yes</b>
<?php endif; ?>
<?php
class View
{
    public function show() { ?>
        <div>{not php}</div>
    <?php }
}
"""

NAMESPACES_OPEN = b"""<?php
namespace First;

function a() {}
class B { function c() {} }

namespace Second\\Sub;

function d() {}

"""

NAMESPACES_BRACED = b"""<?php
namespace First {
    function a() {}
}

namespace Second\\Sub {
    class C
    {
        function d() {}
    }
}

namespace {
    function inGlobal() {}
}
"""

NAMESPACE_HTML = b"""<?php
namespace Tpl;

function t() {}
?>
<p>html after the namespace</p>
<?php
function u() {}
"""

HALT = b"""<?php
function beforeHalt() {}
__halt_compiler();
function notParsed() { garbage ][
"""

SHAPES = {
    "crlf.php": CLASSES.replace(b"\n", b"\r\n"),
    "bom.php": b"\xef\xbb\xbf" + b"<?php\nfunction withBom() {}\nclass K {}\n",
    "no_final_newline.php": b"<?php\nnamespace N;\nfunction last() {\n}",
    "empty.php": b"",
    "html_only.php": b"<html><body>no php</body></html>\n",
    "no_close.php": b"<?php\nclass A { function b() {} }\n",
    "one_line.php": b"<?php class A { function b() {} function c() {} } function d() {} ?>\n",
    "tabs.php": b"<?php\nclass T {\n\tfunction m() {\n\t\treturn 1;\n\t}\n}\n",
    "template.phtml": b"<p><?php function inTemplate() {} ?></p>\n",
    "short_echo.php": b"<?= 1 ?>\n<?php\nfunction afterEcho() {}\n",
    "comment_close.php": b"<?php\nfunction f() {} // a comment ?> ends php here\n<?php\nfunction g() {}\n",
}

CASES = {
    "classes.php": CLASSES, "functions.php": FUNCTIONS, "strings.php": STRINGS, "html.php": HTML,
    "namespaces_open.php": NAMESPACES_OPEN, "namespaces_braced.php": NAMESPACES_BRACED,
    "namespace_html.php": NAMESPACE_HTML, **SHAPES,
}

BROKEN = {
    "missing_brace.php": b"<?php\nfunction ok() {}\nclass Fine {\n  function m() {}\n}\nfunction broken() {\n  if ($x) {\n",
    "bad_token.php": b"<?php\nnamespace N;\nfunction a() {}\nfunction b( {\n}\nfunction later() {}\n",
}

# A string offset in braces (`$s{0}`, PHP 5 and 7: PHP 8's compiler refuses it, its parser takes
# it; vfsStream's sources) is a parse error to tree-sitter-php, with the units right.
# The data after `__halt_compiler();` is parsed as PHP by tree-sitter-php: a parse-error warning
# (the units before it right).
WARNS = {
    "halt.php": HALT,
    "curly_offset.php": b"<?php\nclass V {\n  function first($name) {\n    return $name{0};\n  }\n}\nfunction after() {}\n",
}

LIMITS = {}


def random_names(seed, count):
    return [f"random_{seed}_{i}.php" for i in range(count)]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines, self.n = ["<?php"], 0

    def name(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, depth, text):
        self.lines.append("    " * depth + text)

    def noise(self, depth, member=False):
        r = self.r
        c = r.random() * (0.3 if member else 1)
        if c < 0.1:
            self.emit(depth, "// a comment { with } braces")
        elif c < 0.2:
            self.emit(depth, "/** doc { */")
        elif c < 0.25:
            self.emit(depth, "")
        elif c < 0.3 and member:
            self.emit(depth, "#[Attr(1)]")
        elif c < 0.35:
            self.emit(depth, "$s = \"}{$a} function q() {\";")
        elif c < 0.4:
            self.emit(depth, "$h = <<<EOT")
            self.emit(depth, "function inHeredoc() {")
            self.emit(depth, "EOT;")

    def body(self, depth, budget):
        r = self.r
        for _ in range(r.randint(0, 3)):
            self.noise(depth)
            c = r.random()
            if budget > 0 and c < 0.15:
                self.function(depth, budget - 1)
            elif c < 0.3:
                self.emit(depth, "$f = function ($x) use ($y) {")
                self.emit(depth + 1, "return $x;")
                self.emit(depth, "};")
            elif c < 0.4:
                self.emit(depth, "$o = new class {")
                self.emit(depth + 1, f"public function {self.name('anon')}() {{}}")
                self.emit(depth, "};")
            else:
                self.emit(depth, r.choice(["$a = 1;", "if ($a) { $b = 2; }", "echo 'x';", "$g = fn($x) => $x;"]))

    def function(self, depth, budget):
        self.emit(depth, f"function {self.name('f')}($a, int $b = 1): ?int")
        self.emit(depth, "{")
        self.body(depth + 1, budget)
        self.emit(depth, "}")

    def klass(self, depth, budget):
        r = self.r
        kind = r.choice(["class", "class", "abstract class", "final class", "interface", "trait", "enum"])
        if r.random() < 0.2:
            self.emit(depth, "#[Attr]")
        self.emit(depth, f"{kind} {self.name('C')}")
        self.emit(depth, "{")
        for _ in range(r.randint(0, 4)):
            self.noise(depth + 1, member=True)
            m = self.name("m")
            if kind == "interface" or (kind == "abstract class" and r.random() < 0.3):
                pre = "abstract public" if kind == "abstract class" else "public"
                self.emit(depth + 1, f"{pre} function {m}(): void;")
            elif kind == "enum" and r.random() < 0.3:
                self.emit(depth + 1, f"case {m.upper()};")
            else:
                self.emit(depth + 1, f"{r.choice(['public', 'private static', 'protected'])} function {m}()")
                self.emit(depth + 1, "{")
                self.body(depth + 2, budget)
                self.emit(depth + 1, "}")
        self.emit(depth, "}")

    def items(self, depth, k):
        for _ in range(k):
            if self.r.random() < 0.6:
                self.klass(depth, 1)
            else:
                self.function(depth, 2)


def random_file(seed, name):
    g = Gen(seed)
    c = g.r.random()
    if c < 0.3:
        for _ in range(g.r.randint(1, 3)):
            g.emit(0, f"namespace {g.name('N')}\\Sub;")
            g.items(0, g.r.randint(0, 3))
    elif c < 0.5:
        for _ in range(g.r.randint(1, 3)):
            g.emit(0, f"namespace {g.name('N')} {{")
            g.items(1, g.r.randint(0, 3))
            g.emit(0, "}")
    else:
        g.items(0, g.r.randint(1, 5))
    text = "\n".join(g.lines) + "\n"
    if g.r.random() < 0.1:
        text = text.replace("\n", "\r\n")
    return text.encode()
