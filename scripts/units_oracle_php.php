<?php
// The units oracle's PHP recomputation (scripts/units_oracle_script.py php): the syntax units
// docs/units.md "PHP, exactly" defines, from PHP's own parser (the php-ast extension's
// ast\parse_code, with each declaration's endLineno) and PHP's own tokenizer (the braces of a
// `namespace X { }`, where an unbraced `namespace X;` ends), never from readcov's query. One JSON
// line per file on stdout: {path, errors, first_error, units: [{kind, name, start, end, depth}]};
// for a file PHP refuses, the units of its longest prefix PHP parses (lines dropped from the end).
// usage: php -d extension=ast units_oracle_php.php FILE...

const AST_VERSION = 90;

/** 1-based line of byte offset $pos: 1 + the "\n"s before it (readcov's lines). */
function line_of(string $src, int $pos): int
{
    return 1 + substr_count($src, "\n", 0, $pos);
}

/** Where each `namespace` statement starts, and the line of its closing brace if braced. */
function namespaces(string $src): array
{
    $toks = PhpToken::tokenize($src);
    $out = [];
    $n = count($toks);
    for ($i = 0; $i < $n; $i++) {
        if ($toks[$i]->id !== T_NAMESPACE) {
            continue;
        }
        $j = $i + 1;
        while ($j < $n && in_array($toks[$j]->id, [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT, T_STRING,
            T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED], true)) {
            $j++;
        }
        if ($j >= $n || ($toks[$j]->id !== ord('{') && $toks[$j]->id !== ord(';'))) {
            continue; // `namespace\f()`: a relative name, not a statement
        }
        $ns = ['pos' => $toks[$i]->pos, 'line' => $toks[$i]->line, 'close' => null];
        if ($toks[$j]->id === ord('{')) {
            $depth = 0;
            for ($k = $j; $k < $n; $k++) {
                $t = $toks[$k];
                // single-character tokens only: a string's text may be a lone brace
                if ($t->id === ord('{') || $t->id === T_CURLY_OPEN || $t->id === T_DOLLAR_OPEN_CURLY_BRACES) {
                    $depth++;
                } elseif ($t->id === ord('}')) {
                    if (--$depth === 0) {
                        $ns['close'] = $t->line;
                        break;
                    }
                }
            }
        }
        $out[$ns['line']][] = $ns;
    }
    return $out;
}

function units_of(string $src): array
{
    $ast = ast\parse_code($src, AST_VERSION);
    $nss = namespaces($src);
    $starts = array_merge(...array_values($nss ?: [[]]));
    $units = [];
    $walk = function ($node, int $depth) use (&$walk, &$units, $src, &$nss, $starts) {
        if (!$node instanceof ast\Node) {
            if (is_array($node)) {
                foreach ($node as $c) {
                    $walk($c, $depth);
                }
            }
            return;
        }
        $unit = null;
        $start = $node->lineno;
        if ($node->kind === ast\AST_NAMESPACE && $node->children['name'] !== null) {
            $ns = array_shift($nss[$node->lineno]);
            if ($ns['close'] !== null) {
                $end = $ns['close'];
            } else {
                // to the next namespace statement (the line before it when it starts a line), or
                // the end of the file
                $next = null;
                foreach ($starts as $s) {
                    if ($s['pos'] > $ns['pos']) {
                        $next = $s;
                        break;
                    }
                }
                if ($next === null) {
                    $end = line_of($src, strlen($src));
                    if ($end > 1 && str_ends_with($src, "\n")) {
                        $end--;
                    }
                } else {
                    $col0 = $next['pos'] === 0 || $src[$next['pos'] - 1] === "\n";
                    $end = $col0 ? $next['line'] - 1 : $next['line'];
                }
            }
            $unit = ['namespace', $node->children['name'], $end];
        } elseif ($node->kind === ast\AST_CLASS && !($node->flags & ast\flags\CLASS_ANONYMOUS)) {
            $kind = ($node->flags & ast\flags\CLASS_INTERFACE) ? 'interface'
                : (($node->flags & ast\flags\CLASS_TRAIT) ? 'trait'
                : (($node->flags & ast\flags\CLASS_ENUM) ? 'enum' : 'class'));
            $unit = [$kind, $node->children['name'], $node->endLineno];
        } elseif ($node->kind === ast\AST_METHOD) {
            $unit = ['method', $node->children['name'], $node->endLineno];
        } elseif ($node->kind === ast\AST_FUNC_DECL) {
            $unit = ['function', $node->children['name'], $node->endLineno];
        }
        if ($unit !== null) {
            $attrs = $node->children['attributes'] ?? null;
            if ($attrs instanceof ast\Node) {
                $start = min($start, $attrs->lineno);
                foreach ($attrs->children as $a) {
                    $start = min($start, $a->lineno);
                }
            }
            $units[] = ['kind' => $unit[0], 'name' => $unit[1], 'start' => $start, 'end' => $unit[2], 'depth' => $depth];
            $depth++;
        }
        foreach ($node->children as $c) {
            $walk($c, $depth);
        }
    };
    // An unbraced `namespace X;` holds the statements after it, which PHP's tree lists beside it.
    $base = 0;
    foreach ($ast->children as $stmt) {
        $isNs = $stmt instanceof ast\Node && $stmt->kind === ast\AST_NAMESPACE;
        $walk($stmt, $isNs ? 0 : $base);
        if ($stmt instanceof ast\Node && $stmt->kind === ast\AST_NAMESPACE && $stmt->children['stmts'] === null) {
            $base = $stmt->children['name'] !== null ? 1 : 0;
        }
    }
    usort($units, fn($a, $b) => [$a['start'], $a['depth']] <=> [$b['start'], $b['depth']]);
    return $units;
}

/** The line of PHP's first syntax error. */
function error_line(string $src): int
{
    try {
        ast\parse_code($src, AST_VERSION);
    } catch (ParseError $e) {
        return $e->getLine();
    }
    return 1;
}

foreach (array_slice($argv, 1) as $path) {
    $r = ['path' => $path];
    $src = @file_get_contents($path);
    if ($src === false) {
        $r['error'] = 'unreadable';
    } else {
        if (str_starts_with($src, "\xEF\xBB\xBF")) {
            $src = substr($src, 3);
        }
        try {
            $r += ['errors' => 0, 'first_error' => null, 'units' => units_of($src)];
        } catch (ParseError $e) {
            $first = $e->getLine();
            $lines = array_slice(explode("\n", $src), 0, $first - 1);
            $units = [];
            while ($lines) {
                try {
                    $units = units_of(implode("\n", $lines) . "\n");
                    // an unbraced namespace still open at the prefix's end runs on past the error
                    foreach ($units as &$u) {
                        if ($u['kind'] === 'namespace' && $u['end'] >= count($lines)) {
                            $u['end'] = $first;
                        }
                    }
                    unset($u);
                    break;
                } catch (ParseError $e2) {
                    array_pop($lines);
                }
            }
            $r += ['errors' => 1, 'first_error' => $first, 'units' => $units];
        }
    }
    echo json_encode($r, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
