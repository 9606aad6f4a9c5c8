// The units oracle's JavaScript/TypeScript recomputation (scripts/units_oracle_js.py): the syntax
// units docs/units.md "JavaScript and TypeScript, exactly" defines, from the TypeScript compiler's
// own parser (ts.createSourceFile), never from readcov's query. One JSON line per file on stdout:
// {path, errors, first_error, units: [{kind, name, start, end, depth}]}.
// usage: node units.js FILE...   (the ScriptKind comes from the extension, as readcov's language)
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const KINDS = {
  ".js": ts.ScriptKind.JS, ".mjs": ts.ScriptKind.JS, ".cjs": ts.ScriptKind.JS, ".jsx": ts.ScriptKind.JSX,
  ".ts": ts.ScriptKind.TS, ".mts": ts.ScriptKind.TS, ".cts": ts.ScriptKind.TS, ".tsx": ts.ScriptKind.TSX,
};

// Lines as readcov counts them: 1 + the `\n`s before a position (TypeScript also breaks at a lone
// `\r`, U+2028 and U+2029; docs/units.md: lines are split at `\n` only).
function lineOf(starts, pos) {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid; else hi = mid - 1;
  }
  return lo + 1;
}

// An arrow function or an anonymous function expression (a generator too), not parenthesized.
function anonFunction(e) {
  return e && (ts.isArrowFunction(e) || (ts.isFunctionExpression(e) && !e.name));
}

function unitsOf(text, kind, name) {
  const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, kind);
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  const units = [];
  const add = (kind, name, node, depth, from) => {
    const start = lineOf(starts, (from || node).getStart(sf));
    // The last character's line (the end position is just after it).
    const end = lineOf(starts, Math.max(node.getEnd() - 1, node.getStart(sf)));
    units.push({ kind, name, start, end, depth });
  };
  const text_ = (n) => n.getText(sf);
  const isMember = (n) => n.parent && (ts.isClassLike(n.parent) || ts.isObjectLiteralExpression(n.parent));
  const hasModifier = (n, k) => (ts.getModifiers(n) || []).some((m) => m.kind === k);

  function unit(n) {
    // [kind, name] when `n` is a unit, else null.
    if ((ts.isClassDeclaration(n) || ts.isClassExpression(n)) && n.name) return ["class", text_(n.name)];
    if (ts.isInterfaceDeclaration(n)) return ["interface", text_(n.name)];
    if (ts.isEnumDeclaration(n)) return ["enum", text_(n.name)];
    if (ts.isTypeAliasDeclaration(n)) return ["type", text_(n.name)];
    if (ts.isModuleDeclaration(n)) {
      if (ts.isModuleDeclaration(n.parent) && n.parent.body === n) return null; // `A.B.C`: one unit
      if (n.flags & ts.NodeFlags.GlobalAugmentation) return null;
      let full = text_(n.name), b = n.body;
      while (b && ts.isModuleDeclaration(b)) { full += "." + text_(b.name); b = b.body; }
      return [n.flags & ts.NodeFlags.Namespace ? "namespace" : "module", full];
    }
    if ((ts.isMethodDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n)) && isMember(n)) {
      if (n.body || hasModifier(n, ts.SyntaxKind.AbstractKeyword)) return ["method", text_(n.name)];
      return null;
    }
    if (ts.isConstructorDeclaration(n) && n.body) return ["method", "constructor"];
    if (ts.isPropertyDeclaration(n) && anonFunction(n.initializer)) return ["method", text_(n.name)];
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && anonFunction(n.initializer)) return ["method", text_(n.name)];
    if (ts.isFunctionDeclaration(n) && n.name && n.body) return ["function", text_(n.name)];
    if (ts.isFunctionExpression(n) && n.name) return ["function", text_(n.name)];
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && anonFunction(n.initializer)) return ["function", text_(n.name)];
    if (ts.isExpressionStatement(n) && ts.isBinaryExpression(n.expression) &&
        n.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(n.expression.left) && ts.isIdentifier(n.expression.left.name) &&
        anonFunction(n.expression.right)) return ["function", text_(n.expression.left.name)];
    return null;
  }

  function range(n) {
    // The node whose lines the unit spans: a sole declarator's whole declaration.
    if (ts.isVariableDeclaration(n) && n.parent.declarations.length === 1) {
      const list = n.parent;
      return ts.isVariableStatement(list.parent) ? list.parent : list;
    }
    return n;
  }

  function visit(n, depth) {
    const u = unit(n);
    if (u) {
      add(u[0], u[1], range(n), depth);
      depth += 1;
    }
    ts.forEachChild(n, (c) => visit(c, depth));
  }
  visit(sf, 0);
  units.sort((a, b) => a.start - b.start || a.depth - b.depth);
  const diags = sf.parseDiagnostics || [];
  const first = diags.length ? Math.min(...diags.map((d) => lineOf(starts, d.start))) : null;
  return { errors: diags.length, first_error: first, units };
}

for (const p of process.argv.slice(2)) {
  const kind = KINDS[path.extname(p).toLowerCase()];
  let r;
  try {
    const text = fs.readFileSync(p).toString("utf8");
    r = kind === undefined ? { error: "unknown extension" } : unitsOf(text, kind, p);
  } catch (e) {
    r = { error: String(e && e.message) };
  }
  process.stdout.write(JSON.stringify({ path: p, ...r }) + "\n");
}
