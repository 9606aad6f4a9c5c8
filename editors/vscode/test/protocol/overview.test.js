// Protocol-level tests of `readcov/overview` (issue 38) against the real `readcov lsp` on the
// fixture: the files read instead with their lines, the gold shown named, the what-if layer a
// figure on the run and never a run, and the extension's own tree model over the real answer.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { start, OPTIONS } = require('./harness');
const { overviewTree, flatten } = require('../../out/overviewModel');
const { runsOf } = require('../../out/view');

test('overview of run-b: read instead, gold named, what-if a layer not a run', async (t) => {
  const s = await start({ initializationOptions: { ...OPTIONS, runs: ['run-b'] } });
  t.after(() => s.stop());
  const o = await s.request('readcov/overview', {});
  assert.equal(o.run, 'run-b');
  assert.match(o.title, /^fixture-1 · run run-b · .* · gold as given$/);
  const instead = o.groups.find((g) => g.id === 'readInstead');
  assert.ok(instead.rows.some((r) => r.description === 'src/notes.py' && /^4 lines · turn 1 · /.test(r.label)), JSON.stringify(instead));
  const notes = instead.rows.find((r) => r.description === 'src/notes.py');
  assert.equal(notes.uri, s.uri('src/notes.py'));
  assert.deepEqual([notes.startLine, notes.endLine], [0, 3]);
  const tree = flatten(overviewTree(o).nodes);
  assert.ok(tree.includes('read instead · ' + instead.description), tree.join('\n'));

  // A widen is a what-if read: a figure on the run, never a run of its own.
  const auth = s.uri('src/auth.py');
  s.open('src/auth.py');
  await s.until('diagnostics', () => s.diagnostics.get(auth)?.length);
  await s.request('workspace/executeCommand', { command: 'readcov.widen', arguments: [{ uri: auth, startLine: 9, endLine: 24 }] });
  const tasks = await s.request('readcov/tasks', {});
  assert.deepEqual(tasks.tasks[0].runs.map((r) => r.run), ['run-a', 'run-b']);
  const summary = await s.request('readcov/summary', {});
  assert.ok(summary.rows.some((r) => r.layer === 'what-if'), 'the summary keeps its what-if layer row');
  assert.deepEqual(runsOf(summary), ['run-b'], 'the run picker offers agent runs only');
  const after = await s.request('readcov/overview', {});
  assert.equal(after.run, 'run-b');
  assert.match(after.whatIf.text, /^what-if \d+% \(\d+\/23\) with your what-if reads · the run's own 0%$/);
});
