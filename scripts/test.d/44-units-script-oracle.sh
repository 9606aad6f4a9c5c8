#!/usr/bin/env bash
# Cross-checks `readcov units` on the scripting languages against each language's own parser
# (scripts/units_oracle_script.py), from docs/units.md "What a unit is" and "<Lang>, exactly":
# every unit's kind, name, start, end and depth, and their order, on
# - JavaScript, JSX, TypeScript and TSX against the TypeScript compiler's parser
#   (scripts/units_oracle_js/units.js; npm `typescript` pinned by the committed package-lock.json,
#   installed here with `npm ci`): every such file under tests/ and editors/vscode's own sources,
#   the hand-made cases of scripts/units_oracle_js_cases.py (decorators, export default, overloads,
#   accessors, class fields, multi-declarator `var`, member assignments, object literals, generics,
#   JSX, TS declarations and namespaces, strings and regexes holding braces, CRLF, BOM, non-ASCII
#   names, syntax errors, the documented limits) and 100 seeded random files;
# - Ruby against Ruby's own parser (scripts/units_oracle_ruby.rb, RubyVM::AbstractSyntaxTree):
#   every Ruby file under tests/, the top-level files of the running Ruby's standard library, the
#   hand-made cases of scripts/units_oracle_ruby_cases.py (modules, classes, `class << self`,
#   singleton, endless and operator defs, defs in blocks and conditionals, heredocs and strings
#   holding `def`/`end`, `=begin`, `__END__`, pattern matching, CRLF, BOM, non-ASCII names, syntax
#   errors, the documented limits and warnings) and 100 seeded random files;
# - PHP against PHP's own parser (scripts/units_oracle_php.php: the php-ast extension's
#   ast\parse_code and PhpToken): every PHP file under tests/, the hand-made cases of
#   scripts/units_oracle_php_cases.py (namespaces with and without braces, inline HTML, attributes,
#   classes, interfaces, traits, enums, abstract and interface methods, anonymous classes,
#   closures, nested and conditional functions, heredocs, CRLF, BOM, non-ASCII names, syntax
#   errors, the documented warnings) and 100 seeded random files.
# Fails naming every disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/oracle-setup.sh
oracle_setup "units script oracle"
source tests/editors/lib.sh
need node "Node.js ≥ 20 (apt-get install -y nodejs, or https://nodejs.org)"
need npm "npm (ships with Node.js)"
js=scripts/units_oracle_js
# npm ci only when the lock file changed since the last install (cached between runs).
if ! cmp -s "$js/package-lock.json" "$js/node_modules/.readcov-lock" 2>/dev/null; then
  (cd "$js" && npm ci --no-audit --no-fund) || die "npm ci failed in $js (registry.npmjs.org must be reachable)"
  cp "$js/package-lock.json" "$js/node_modules/.readcov-lock"
fi
# Ruby and PHP (with php-ast) through the shared Debian installer (tests/editors/lib.sh: as root,
# through a passwordless sudo, or stop naming the apt-get command), so a clean machine installs
# them here, never in someone's shell.
apt_install ruby php-cli php-ast
need ruby "Ruby (apt-get install -y ruby)"
php -r 'exit(function_exists("ast\\parse_code") ? 0 : 1);' || die "php has no ast extension (apt-get install -y php-ast)"
oracle() { python3 scripts/units_oracle_script.py "$bin" "$@"; }
oracle js files tests editors/vscode/src editors/vscode/test editors/vscode/scripts
oracle js cases "$out/js" --seed 1 --count 100
oracle ruby files tests "$(ruby -e 'puts RbConfig::CONFIG["rubylibdir"]')"/*.rb
oracle ruby cases "$out/ruby" --seed 1 --count 100
oracle php files tests
oracle php cases "$out/php" --seed 1 --count 100
echo "units script oracle ok"
