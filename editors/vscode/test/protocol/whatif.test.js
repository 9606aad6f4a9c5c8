// Protocol-level tests of state changes against the real `readcov lsp`: the widen code action,
// what-if clear/toggle, recordRead (durable, 1-based rows), run selection, configuration change.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { start, OPTIONS } = require('./harness');

const states = (s, uri) => s.request('readcov/lineStates', { textDocument: { uri } });
const logRows = (s) => {
  try {
    return s.read('.readcov/reads.jsonl').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  } catch (e) {
    if (e.code === 'ENOENT') return [];
    throw e;
  }
};
/** Waits for a `readcov/didChange` naming `uri` after the `seen`-th one. */
const changed = (s, uri, seen) => s.until(`readcov/didChange for ${uri}`, () => s.didChange.slice(seen).some((p) => p.uris?.includes(uri)));

test('widen code action, what-if clear and toggle', async (t) => {
  const s = await start({ initializationOptions: OPTIONS });
  t.after(() => s.stop());
  const auth = s.uri('src/auth.py');
  s.open('src/auth.py');
  await s.until('diagnostics', () => s.diagnostics.get(auth)?.length);

  const actions = await s.request('textDocument/codeAction', {
    textDocument: { uri: auth },
    range: { start: { line: 17, character: 0 }, end: { line: 17, character: 0 } },
    context: { diagnostics: s.diagnostics.get(auth) },
  });
  const titles = actions.map((a) => a.title);
  // The unit name comes from the server's syntax units (tree-sitter): the Python function.
  const widen = actions.find((a) => a.title === 'Widen read window to `check_token` (lines 10–25) → coverage 100%');
  assert.ok(widen, `widen-to-unit action in ${JSON.stringify(titles)}`);
  assert.ok(titles.some((x) => x.startsWith('Widen by ±10 lines → ')), JSON.stringify(titles));
  assert.ok(titles.some((x) => x.startsWith('Mark lines as read')), JSON.stringify(titles));
  const cmd = typeof widen.command === 'string' ? widen : widen.command; // a Command, or a CodeAction carrying one
  assert.equal(cmd.command, 'readcov.widen');
  assert.deepEqual(cmd.arguments, [{ uri: auth, startLine: 9, endLine: 24 }]);

  let seen = s.didChange.length;
  const refreshesBefore = s.refreshes.length;
  await s.request('workspace/executeCommand', { command: cmd.command, arguments: cmd.arguments });
  await changed(s, auth, seen);
  const after = await states(s, auth);
  assert.equal(after.coverage, 1);
  assert.deepEqual(after.ranges, [{ startLine: 9, endLine: 24, state: 'gold-read' }]);
  await s.until('no warning after widening', () => !(s.diagnostics.get(auth) ?? []).some((d) => d.severity === 2));
  await s.until('inlay hint and code lens refresh', () => s.refreshes.slice(refreshesBefore).includes('inlayHint') && s.refreshes.slice(refreshesBefore).includes('codeLens'));
  const manual = logRows(s).filter((r) => r.source === 'manual');
  assert.deepEqual(manual.map((r) => [r.path, r.start, r.end]), [['src/auth.py', 10, 25]], 'what-if read logged 1-based');

  seen = s.didChange.length;
  await s.request('workspace/executeCommand', { command: 'readcov.toggleWhatIf', arguments: [] });
  await changed(s, auth, seen);
  assert.equal((await states(s, auth)).coverage, 0.25, 'what-if layer hidden');
  seen = s.didChange.length;
  await s.request('workspace/executeCommand', { command: 'readcov.toggleWhatIf', arguments: [] });
  await changed(s, auth, seen);
  assert.equal((await states(s, auth)).coverage, 1, 'what-if layer shown again');

  seen = s.didChange.length;
  await s.request('workspace/executeCommand', { command: 'readcov.clearWhatIf', arguments: [] });
  await changed(s, auth, seen);
  assert.equal((await states(s, auth)).coverage, 0.25, 'what-if reads cleared');
  await s.until('warning is back', () => (s.diagnostics.get(auth) ?? []).some((d) => d.severity === 2));
});

test('recordRead is shown at once and appended durably as a 1-based row', async (t) => {
  const s = await start({ initializationOptions: OPTIONS });
  t.after(() => s.stop());
  const auth = s.uri('src/auth.py');
  s.open('src/auth.py');
  const seen = s.didChange.length;
  s.notify('readcov/recordRead', { uri: auth, startLine: 13, endLine: 20, source: 'human' });
  await changed(s, auth, seen);
  const st = await states(s, auth);
  assert.equal(st.coveredLines, 12);
  assert.equal(st.coverage, 0.75);
  assert.deepEqual(st.ranges, [{ startLine: 9, endLine: 20, state: 'gold-read' }, { startLine: 21, endLine: 24, state: 'gold-unread' }]);
  const human = logRows(s).filter((r) => r.source === 'human');
  assert.deepEqual(human.map((r) => [r.path, r.start, r.end]), [['src/auth.py', 14, 21]]);
});

test('selectRun narrows the view to chosen runs and back', async (t) => {
  const s = await start({ initializationOptions: OPTIONS });
  t.after(() => s.stop());
  const auth = s.uri('src/auth.py');
  s.open('src/auth.py');
  const only = await s.request('readcov/selectRun', { runs: ['run-b'] });
  assert.deepEqual(only.runs, ['run-b']);
  assert.deepEqual([...only.available].sort(), ['run-a', 'run-b']);
  const b = await states(s, auth);
  assert.equal(b.coverage, 0);
  assert.equal(b.fileHit, false);
  assert.deepEqual(b.ranges, [{ startLine: 9, endLine: 24, state: 'gold-unread' }]);
  const all = await s.request('readcov/selectRun', { runs: null });
  assert.equal(all.runs, null);
  assert.equal((await states(s, auth)).coverage, 0.25);
});

test('didChangeConfiguration applies a new threshold, announced once', async () => {
  // Answering refreshes by asking again, as VS Code and Neovim do: a server that keeps announcing
  // changes then makes the client re-request everything in a loop (seen with Neovim).
  const s = await start({ initializationOptions: OPTIONS, answerRefreshes: true });
  let stopped = false;
  const stop = () => { if (!stopped) { stopped = true; return s.stop(); } };
  try {
    const auth = s.uri('src/auth.py');
    s.open('src/auth.py');
    await s.until('warning', () => (s.diagnostics.get(auth) ?? []).some((d) => d.severity === 2));
    await s.settled();
    const seen = s.didChange.length;
    const refreshed = s.refreshes.length;
    s.notify('workspace/didChangeConfiguration', { settings: { readcov: { ...OPTIONS, threshold: 0.2 } } });
    await changed(s, auth, seen);
    assert.equal((await states(s, auth)).threshold, 0.2, 'lineStates reports the new threshold');
    // The refresh requests that follow the announcement, then the client's pulls and re-requests
    // they caused, all answered: everything the change set off has been handled.
    await s.until('the refresh requests after the change', () => s.refreshes.slice(refreshed).includes('diagnostic'));
    await s.settled();
    const d = s.diagnostics.get(auth) ?? [];
    assert.ok(d.length === 1 && d[0].severity === 3, `Information instead of Warning at 25% ≥ 20%: ${JSON.stringify(d)}`);
    // One change: one announcement and one round of refresh requests, no more.
    const after = () => JSON.stringify(s.didChange.slice(seen));
    assert.equal(s.didChange.length - seen, 1, `readcov/didChange after one configuration change: ${after()}`);
    assert.deepEqual(s.refreshes.slice(refreshed), ['inlayHint', 'codeLens', 'diagnostic']);
    // Still one once the server has exited (everything it sent has been read by then).
    await stop();
    assert.equal(s.didChange.length - seen, 1, `readcov/didChange up to the server's exit: ${after()}`);
  } finally {
    await stop();
  }
});
