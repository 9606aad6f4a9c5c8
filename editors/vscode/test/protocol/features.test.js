// Protocol-level tests against the real `readcov lsp`: initialize, diagnostics (push + pull),
// inlay hints, code lens, hover, lineStates, summary — read-only features on the fixture.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const cp = require('node:child_process');
const { start, OPTIONS, BIN, labelText, hoverText } = require('./harness');

const WARNING = 2;
const INFORMATION = 3;

test('readcov lsp: read-only features on the fixture', async (t) => {
  const s = await start({ initializationOptions: OPTIONS });
  t.after(() => s.stop());
  const auth = s.uri('src/auth.py');
  const util = s.uri('src/util.py');
  const notes = s.uri('src/notes.py');

  await t.test('initialize advertises every feature the clients use', () => {
    const c = s.init.capabilities;
    assert.ok(c.inlayHintProvider, 'inlayHintProvider');
    assert.ok(c.codeLensProvider, 'codeLensProvider');
    assert.ok(c.codeActionProvider, 'codeActionProvider');
    assert.ok(c.hoverProvider, 'hoverProvider');
    assert.ok(c.diagnosticProvider, 'diagnosticProvider (pull diagnostics)');
    for (const cmd of ['readcov.widen', 'readcov.clearWhatIf', 'readcov.toggleWhatIf']) {
      assert.ok(c.executeCommandProvider.commands.includes(cmd), `executeCommand ${cmd}`);
    }
  });

  s.open('src/auth.py');
  s.open('src/util.py');
  s.open('src/notes.py');

  await t.test('published diagnostics: Warning below threshold with unread ranges', async () => {
    const diags = await s.until('diagnostics for auth.py', () => s.diagnostics.get(auth)?.length && s.diagnostics.get(auth));
    const w = diags.filter((d) => d.source === 'readcov');
    assert.equal(w.length, 1, JSON.stringify(diags));
    assert.equal(w[0].severity, WARNING);
    assert.equal(w[0].message, 'gold lines 10–25: 4/16 read (25%) — below 50%');
    assert.equal(w[0].range.start.line, 9);
    assert.equal(w[0].range.end.line >= 24, true, `range ends at ${w[0].range.end.line}`);
    const related = (w[0].relatedInformation ?? []).map((r) => [r.location.uri, r.location.range.start.line, r.location.range.end.line]);
    assert.equal(related.length, 1, JSON.stringify(w[0].relatedInformation));
    assert.equal(related[0][0], auth);
    assert.equal(related[0][1], 13);
    assert.ok(related[0][2] === 24 || related[0][2] === 25, `unread range ends at ${related[0][2]}`);
  });

  await t.test('published diagnostics: Information at or above threshold', async () => {
    const diags = await s.until('diagnostics for util.py', () => s.diagnostics.get(util)?.length && s.diagnostics.get(util));
    assert.equal(diags.length, 1);
    assert.equal(diags[0].severity, INFORMATION);
    assert.equal(diags[0].source, 'readcov');
    assert.match(diags[0].message, /^gold lines 4–10: 7\/7 read \(100%\)/);
  });

  await t.test('pull diagnostics match the pushed ones', async () => {
    const r = await s.request('textDocument/diagnostic', { textDocument: { uri: auth } });
    assert.equal(r.kind, 'full');
    assert.deepEqual(r.items.map((d) => [d.severity, d.message]), [[WARNING, 'gold lines 10–25: 4/16 read (25%) — below 50%']]);
    const n = await s.request('textDocument/diagnostic', { textDocument: { uri: notes } });
    assert.deepEqual(n.items, [], 'a file without gold has no readcov diagnostics');
  });

  await t.test('inlay hints: file summary on line 0 and the unit header', async () => {
    const hints = await s.request('textDocument/inlayHint', {
      textDocument: { uri: auth }, range: { start: { line: 0, character: 0 }, end: { line: 37, character: 0 } },
    });
    const byLine = hints.map((h) => [h.position.line, labelText(h)]);
    assert.ok(byLine.some(([l, x]) => l === 0 && x.includes('gold 16 · read 25% < 50% · file hit')), JSON.stringify(byLine));
    assert.ok(byLine.some(([l, x]) => l === 9 && x.includes('read 4/16 gold (25%)')), JSON.stringify(byLine));
  });

  await t.test('code lens above the unit with gold lines', async () => {
    let lenses = await s.request('textDocument/codeLens', { textDocument: { uri: auth } });
    lenses = await Promise.all(lenses.map((l) => (l.command ? l : s.request('codeLens/resolve', l))));
    const titles = lenses.map((l) => [l.range.start.line, l.command?.title]);
    assert.ok(titles.some(([line, x]) => line === 9 && x === 'gold 16 · 25% read · widen → 100%'), JSON.stringify(titles));
  });

  await t.test('hover names the read that covered a line, or says none did', async () => {
    const covered = hoverText(await s.request('textDocument/hover', { textDocument: { uri: auth }, position: { line: 11, character: 4 } }));
    assert.match(covered, /run-a/);
    assert.match(covered, /sed -n 10,13p src\/auth\.py/);
    const uncovered = hoverText(await s.request('textDocument/hover', { textDocument: { uri: auth }, position: { line: 20, character: 4 } }));
    assert.match(uncovered, /no read covered this line/);
  });

  await t.test('readcov/lineStates: gold-read, gold-unread, read, and no-gold files', async () => {
    // Only the contract's keys are compared: the server may add fields (e.g. `stale`).
    const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k]]));
    const a = await s.request('readcov/lineStates', { textDocument: { uri: auth } });
    const keys = ['uri', 'ranges', 'goldLines', 'coveredLines', 'coverage', 'threshold', 'fileHit'];
    assert.deepEqual(pick(a, keys), {
      uri: auth,
      ranges: [{ startLine: 9, endLine: 12, state: 'gold-read' }, { startLine: 13, endLine: 24, state: 'gold-unread' }],
      goldLines: 16, coveredLines: 4, coverage: 0.25, threshold: 0.5, fileHit: true,
    });
    const u = await s.request('readcov/lineStates', { textDocument: { uri: util } });
    assert.deepEqual(u.ranges, [{ startLine: 0, endLine: 2, state: 'read' }, { startLine: 3, endLine: 9, state: 'gold-read' }]);
    assert.equal(u.coverage, 1);
    const n = await s.request('readcov/lineStates', { textDocument: { uri: notes } });
    assert.deepEqual(n.ranges, [{ startLine: 0, endLine: 3, state: 'read' }]);
    assert.equal(n.coverage, null);
    assert.equal(n.goldLines, 0);
  });

  await t.test('readcov/summary agrees with `readcov score`', async () => {
    const summary = await s.request('readcov/summary', {});
    const cli = JSON.parse(cp.execFileSync(BIN, ['score', '--gold', 'gold.jsonl', '--reads', 'reads.jsonl', '--workspace', '.', '--format', 'json'], { cwd: s.root, encoding: 'utf8' }));
    assert.equal(summary.threshold, 0.5);
    assert.equal(cli.rows.length, 2);
    for (const want of cli.rows) {
      const got = summary.rows.find((r) => r.task === want.task && r.run === want.run);
      assert.ok(got, `summary row for ${want.task}/${want.run} in ${JSON.stringify(summary.rows)}`);
      assert.equal(got.goldLines, want.gold_lines);
      assert.equal(got.coveredLines, want.covered_lines);
      assert.ok(Math.abs(got.lineCoverage - want.line_coverage) < 1e-9);
      assert.ok(Math.abs(got.fileHit - want.file_hit) < 1e-9);
      assert.equal(got.passesThreshold, want.passes_threshold);
    }
    assert.equal(summary.totals.passing, cli.totals.passing);
    assert.equal(summary.totals.scored, cli.totals.scored);
  });
});

test('readcov lsp: readcov.toml alone configures the server', async (t) => {
  const s = await start({});
  t.after(() => s.stop());
  s.open('src/auth.py');
  const a = await s.request('readcov/lineStates', { textDocument: { uri: s.uri('src/auth.py') } });
  assert.equal(a.goldLines, 16);
  assert.equal(a.coverage, 0.25);
});
