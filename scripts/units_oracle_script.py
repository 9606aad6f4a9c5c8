#!/usr/bin/env python3
"""Cross-checks readcov's syntax units of the scripting languages against each language's own
parser, from docs/units.md "What a unit is" and its "<Lang>, exactly" sections, never from
readcov's queries or code:
- JavaScript (+JSX), TypeScript, TSX: the TypeScript compiler's parser (`ts.createSourceFile`,
  scripts/units_oracle_js/units.js; npm `typescript` pinned by its package-lock.json).
- Ruby: Ruby's own parser (`RubyVM::AbstractSyntaxTree`, scripts/units_oracle_ruby.rb; Debian
  `ruby`).
- PHP: PHP's own parser and tokenizer (the php-ast extension's `ast\\parse_code`, which gives each
  declaration's end line, and `PhpToken`; scripts/units_oracle_php.php; Debian `php-cli`,
  `php-ast`).

usage: units_oracle_script.py READCOV LANG files PATH...   every file of LANG under each PATH
       units_oracle_script.py READCOV LANG cases DIR [--seed N] [--count K]
                                    the hand-made cases and K seeded random files
LANG: js (JavaScript, JSX, TypeScript, TSX by extension), ruby, php.

Every unit is compared field by field (kind, name, start, end, depth) and in order; a unit either
side lacks is printed. A file the parser refuses: in `files`, left out, counted and named (shipped
data need not be valid); in `cases`, the BROKEN cases, the oracle checks only what the docs promise
(exit 0, the documented warning, and every unit that ends before the parser's first error line
listed unchanged). WARNS cases are forms tree-sitter takes with a parse-error warning but right
units: compared, and the warning required. Left out, counted and printed on every run: LIMITS
cases, forms the docs name as beyond tree-sitter's grammar (each checked to be valid to the
parser, so a limit that is not one fails); in broken files, the units from the first error line
on; files holding a line break of the language that is none to readcov (JavaScript: a lone `\\r`,
U+2028, U+2029; docs/units.md: lines are split at `\\n`).
"""
import os
import sys

from oracle_io import finish
import units_oracle as base  # readcov_units, key and compare: one comparison for every language

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = base.PROBLEMS  # one list: base.compare appends to it
CHECKED = {"broken files": 0, "units before an error": 0}
LEFT = {}


def left_out(what, n=1):
    LEFT[what] = LEFT.get(what, 0) + n


# Each language's parser helper, as a command the file paths are appended to.
JS_HELPER = [os.environ.get("NODE", "node"), os.path.join(HERE, "units_oracle_js", "units.js")]
RUBY_HELPER = [os.environ.get("RUBY", "ruby"), os.path.join(HERE, "units_oracle_ruby.rb")]
PHP_HELPER = [os.environ.get("PHP", "php"), os.path.join(HERE, "units_oracle_php.php")]


LANGS = {
    "js": {"exts": (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"), "helper": JS_HELPER,
           "cases": "units_oracle_js_cases", "breaks": ("\r", "\u2028", "\u2029")},
    "ruby": {"exts": (".rb", ".rake", ".gemspec", ".ru", "/Rakefile", "/Gemfile"), "helper": RUBY_HELPER,
             "cases": "units_oracle_ruby_cases", "breaks": ()},
    "php": {"exts": (".php", ".phtml", ".php5", ".php7", ".phps"), "helper": PHP_HELPER,
            "cases": "units_oracle_php_cases", "breaks": ()},
}


def oracle_units(lang, paths):
    """{path: {errors, first_error, units}} by the language's own parser, in batches."""
    return base.helper_units(LANGS[lang]["helper"], paths)


def odd_breaks(lang, path):
    """A lone `\\r` (and in JavaScript U+2028, U+2029): a line break to the parser, none to readcov."""
    with open(path, "rb") as f:
        data = f.read().replace(b"\r\n", b"")
    return any(c.encode() in data for c in LANGS[lang]["breaks"])


def check(rc, lang, paths, strict=False, broken=(), limits=(), warns=()):
    """`readcov units` against the oracle on `paths`; `broken`/`limits`/`warns`: names of those
    cases (`warns`: forms tree-sitter takes with a parse-error warning, units still right)."""
    want = oracle_units(lang, paths)
    got, err, code = base.readcov_units(rc, paths)
    if code != 0:
        PROBLEMS.append(f"readcov units exited {code}: {err.strip()[-2000:]}")
    for path in paths:
        name, w = os.path.basename(path), want[path]
        warned = f"warning: {path}: " in err  # the path and its colon: no other file's
        if "error" in w:
            PROBLEMS.append(f"{path}: the oracle could not read it: {w['error']}")
        elif name in limits:
            if w["errors"]:
                PROBLEMS.append(f"{name}: the parser refuses this documented-limit case")
            left_out("documented limits")
        elif name in broken:
            check_broken(path, w, got[path], err)
        elif w["errors"]:
            if strict:
                PROBLEMS.append(f"{path}: the parser refuses it (line {w['first_error']}): move it to BROKEN")
            else:
                left_out("files the parser refuses")
                print(f"left out (the parser refuses it, line {w['first_error']}): {path}")
        elif odd_breaks(lang, path):
            left_out("files with a lone \\r, U+2028 or U+2029 line break")
        elif name in warns:
            CHECKED["warned files"] = CHECKED.get("warned files", 0) + 1
            if not warned:
                PROBLEMS.append(f"{name}: no parse-error warning: tree-sitter takes this form now; "
                                "move it to CASES and update docs/units.md")
            base.compare(path, w["units"], got.get(path, []))
        else:
            if warned:
                PROBLEMS.append(f"{path}: readcov warns about a file the parser takes: "
                                + next(ln for ln in err.splitlines() if ln.startswith(f"warning: {path}: ")))
            base.compare(path, w["units"], got.get(path, []))


def check_broken(path, w, got, err):
    name = os.path.basename(path)
    CHECKED["broken files"] += 1
    if not w["errors"]:
        PROBLEMS.append(f"{name}: the parser takes this 'broken' case")
        return
    for u in w["units"]:
        if u["end"] >= w["first_error"]:
            left_out("units of broken files from the first error line on")
            continue
        CHECKED["units before an error"] += 1
        if base.key(u) not in [base.key(g) for g in got]:
            PROBLEMS.append(f"{name}: the unit {u} before the parser's first error (line "
                            f"{w['first_error']}) is not listed unchanged: readcov {got}")
    for ln in err.splitlines():
        if ln.startswith(f"warning: {path}: ") and not ln.endswith(
                " parse error(s); units from the rest of the file"):
            PROBLEMS.append(f"{name}: warning not as documented: {ln}")


def files_under(lang, roots):
    out = []
    for p in roots:
        if os.path.isdir(p):
            for d, dirs, names in os.walk(p):
                dirs.sort()
                out += [os.path.join(d, n) for n in sorted(names)
                        if ("/" + n).lower().endswith(tuple(e.lower() for e in LANGS[lang]["exts"]))]
        else:
            out.append(p)
    return out


def write_cases(lang, d, seed, count):
    mod = __import__(LANGS[lang]["cases"])
    os.makedirs(d, exist_ok=True)
    written = {}
    for name, data in {**mod.CASES, **mod.BROKEN, **mod.LIMITS, **mod.WARNS,
                       **{n: mod.random_file(seed * 100003 + i, n)
                          for i, n in enumerate(mod.random_names(seed, count))}}.items():
        path = os.path.join(d, name)
        with open(path, "wb") as f:
            f.write(data)
        written[name] = path
    return mod, list(written.values())


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    rc, lang, mode, *rest = argv
    opt = lambda name, default: int(rest[rest.index(name) + 1]) if name in rest else default
    if lang not in LANGS:
        sys.exit(__doc__)
    if mode == "files":
        check(rc, lang, files_under(lang, rest))
    elif mode == "cases":
        mod, paths = write_cases(lang, rest[0], opt("--seed", 1), opt("--count", 100))
        check(rc, lang, paths, strict=True, broken=set(mod.BROKEN), limits=set(mod.LIMITS),
              warns=set(mod.WARNS))
    else:
        sys.exit(__doc__)
    print(f"units script oracle {lang} {mode}:")
    finish({"files": base.STATS["files"], "units": base.STATS["units"], **CHECKED}, LEFT, PROBLEMS)


if __name__ == "__main__":
    main(sys.argv[1:])
