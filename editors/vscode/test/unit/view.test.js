// Unit tests of the extension's pure logic (compiled to out/ by `npm run build`):
// line states → decoration plan, status text, summary items, server discovery, dwell recorder.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { planDecorations, statusText, statusTooltip, share, thresholdText, summaryItems, runsOf } = require('../../out/view');
const { findServer } = require('../../out/serverPath');
const { DwellRecorder } = require('../../out/recorder');

const states = (ranges, extra = {}) => ({
  uri: 'file:///w/a.py', ranges, goldLines: 16, coveredLines: 4, coverage: 0.25, threshold: 0.5, fileHit: true, ...extra,
});

test('planDecorations groups ranges by state, sorted', () => {
  const plan = planDecorations(
    states([
      { startLine: 13, endLine: 24, state: 'gold-unread' },
      { startLine: 9, endLine: 12, state: 'gold-read' },
      { startLine: 0, endLine: 2, state: 'read' },
      { startLine: 30, endLine: 31, state: 'read' },
    ]),
    40,
  );
  assert.deepEqual(plan, { read: [[0, 2], [30, 31]], 'gold-read': [[9, 12]], 'gold-unread': [[13, 24]] });
});

test('planDecorations clips to the document and drops junk', () => {
  const check = (ranges, lineCount, expected) => assert.deepEqual(planDecorations(states(ranges), lineCount), expected);
  const empty = { read: [], 'gold-read': [], 'gold-unread': [] };
  check([{ startLine: 5, endLine: 50, state: 'read' }], 10, { ...empty, read: [[5, 9]] });
  check([{ startLine: 20, endLine: 25, state: 'read' }], 10, empty);
  check([{ startLine: -3, endLine: 1, state: 'gold-read' }], 10, { ...empty, 'gold-read': [[0, 1]] });
  check([{ startLine: 1, endLine: 2, state: 'skimmed' }], 10, empty);
  check([{ startLine: 1.5, endLine: 2, state: 'read' }], 10, empty);
  check([{ startLine: 4, endLine: 2, state: 'read' }], 10, empty);
  assert.deepEqual(planDecorations(null, 10), empty);
  assert.deepEqual(planDecorations(states([{ startLine: 0, endLine: 0, state: 'read' }]), 0), empty);
});

test('statusText follows the contract wording', () => {
  const check = (s, expected) => assert.equal(statusText(s), expected);
  check(states([]), 'readcov 25% < 50%');
  check(states([], { coverage: 1, coveredLines: 16 }), 'readcov 100% ≥ 50%');
  check(states([], { coverage: 0.5, threshold: 0.5 }), 'readcov 50% ≥ 50%');
  check(states([], { coverage: 0.4999, threshold: 0.5 }), 'readcov 49.9% < 50%');
  check(states([], { threshold: 0.2 }), 'readcov 25% ≥ 20%');
  check(states([], { coverage: null, goldLines: 0 }), 'readcov no gold');
  check(states([{ startLine: 0, endLine: 3, state: 'read' }], { coverage: null, goldLines: 0 }), 'readcov no gold · read');
  check(null, 'readcov');
});

// docs/metrics.md "How shares are printed", the cases of server/core/src/words/tests.rs.
test('share stays on its side of the threshold, all and none exact', () => {
  const check = (x, t, want) => assert.equal(share(x, t), want, `${x} ${t}`);
  check(0.2999999, null, '30%');
  check(0.2999999, 0.3, '29.9%');
  check(0.3, null, '30%');
  check(0.07, null, '7%');
  check(1, null, '100%');
  check(0, null, '0%');
  check(0.4996, 0.5, '49.9%');
  check(0.4996, null, '50%');
  check(0.5 - 1e-9, 0.5, '49.9%');
  check(0.5 + 1e-9, 0.5, '50%');
  check(0.5004, 0.5, '50%');
  check(0.9996, null, '99.9%');
  check(0.0004, null, '<0.1%');
  check(0.125, 0.125, '12.5%');
  check(0.12431, 0.1242, '12.5%');
  check(0.99999, 0.9999, '>99.9%');
  check(4 / 45, null, '9%');
  check(4 / 45, 0.09, '8.8%');
  assert.equal(thresholdText(0.125), '12.5%');
  assert.equal(thresholdText(0.5), '50%');
});

test('statusTooltip gives the counts', () => {
  assert.match(statusTooltip(states([])), /4\/16 gold lines read \(threshold 50%, file hit: yes\)/);
  assert.match(statusTooltip(states([], { coverage: null })), /no gold lines/);
  assert.match(statusTooltip(null), /no answer/);
});

test('summaryItems lists worst rows first, then totals', () => {
  const row = (task, run, cov, pass) => ({
    task, run, fileHit: 1, lineCoverage: cov, passesThreshold: pass, goldLines: 16, coveredLines: Math.round(cov * 16), unitHit: 1,
  });
  const summary = {
    threshold: 0.5,
    rows: [row('t1', 'run-b', 1, true), row('t1', 'run-a', 0.25, false)],
    totals: { rows: 2, scored: 2, passing: 1, meanLineCoverage: 0.625, meanFileHit: 1 },
  };
  const items = summaryItems(summary);
  assert.deepEqual(items.map((i) => i.label), ['$(warning) t1 · run-a', '$(check) t1 · run-b', 'Σ 1/2 passing (threshold 50%)']);
  assert.equal(items[0].description, 'line coverage 25% (4/16) · file hit 100% · unit hit 100%');
  assert.equal(items[2].description, 'mean line coverage 62% · mean file hit 100% · 2 rows');
  assert.deepEqual(runsOf(summary), ['run-a', 'run-b']);
  // The what-if layer's row and human reads are no runs to pick (issue 38).
  const layered = { ...summary, rows: [...summary.rows, { ...row('t1', 'what-if', 1, true), layer: 'what-if' }, { ...row('t1', 'human', 1, true), layer: 'human' }] };
  assert.deepEqual(runsOf(layered), ['run-a', 'run-b']);
  assert.ok(
    summaryItems(layered).some((i) => i.label === '$(beaker) t1 · what-if layer (your reads over the shown runs, not a run)'),
    JSON.stringify(summaryItems(layered).map((i) => i.label)),
  );
});

test('findServer: setting, then PATH, then bundled', () => {
  const base = { workspaceRoot: '/ws', envPath: '/usr/bin:/opt/rc/bin', extensionPath: '/ext', platform: 'linux' };
  const has = (...files) => (f) => files.includes(f);
  const check = (opts, expected) => assert.deepEqual(findServer({ ...base, ...opts }), expected);
  check({ setting: '/x/readcov', isExecutable: has('/x/readcov', '/opt/rc/bin/readcov') }, { command: '/x/readcov', origin: 'setting' });
  check({ setting: 'target/debug/readcov', isExecutable: has('/ws/target/debug/readcov') }, { command: '/ws/target/debug/readcov', origin: 'setting' });
  check({ setting: null, isExecutable: has('/opt/rc/bin/readcov', '/ext/bin/readcov') }, { command: '/opt/rc/bin/readcov', origin: 'PATH' });
  check({ setting: '  ', isExecutable: has('/ext/bin/readcov') }, { command: '/ext/bin/readcov', origin: 'bundled' });
  assert.match(findServer({ ...base, setting: '/nope', isExecutable: has('/ext/bin/readcov') }).error, /not an executable/);
  assert.match(findServer({ ...base, setting: null, isExecutable: has() }).error, /readcov binary not found/);
});

function fakeTimers() {
  const t = { now: 0, queue: [], set(fn, ms) { const h = { fn, at: t.now + ms }; t.queue.push(h); return h; },
    clear(h) { t.queue = t.queue.filter((x) => x !== h); },
    advance(ms) { t.now += ms; const due = t.queue.filter((x) => x.at <= t.now); t.queue = t.queue.filter((x) => x.at > t.now); due.forEach((x) => x.fn()); } };
  return t;
}

test('DwellRecorder sends a range only after it stayed visible for the dwell time', () => {
  const timers = fakeTimers();
  const sent = [];
  const rec = new DwellRecorder(2000, (r) => sent.push(r), timers);
  rec.visible('file:///a', [[0, 40]]);
  timers.advance(5000);
  assert.deepEqual(sent, [], 'disabled recorder must not send');
  rec.setEnabled(true);
  rec.visible('file:///a', [[0, 40]]);
  timers.advance(1500);
  rec.visible('file:///a', [[10, 50]]); // scrolled before the dwell ended
  timers.advance(1500);
  assert.deepEqual(sent, []);
  timers.advance(500);
  assert.deepEqual(sent, [{ uri: 'file:///a', startLine: 10, endLine: 50, source: 'human' }]);
  rec.visible('file:///a', [[10, 50]]); // same range again: not sent twice
  timers.advance(3000);
  assert.equal(sent.length, 1);
  rec.visible('file:///a', [[0, 5], [30, 35], [7, 3]]); // folded view: two ranges, junk dropped
  timers.advance(2000);
  assert.deepEqual(sent.slice(1).map((r) => [r.startLine, r.endLine]), [[0, 5], [30, 35]]);
  rec.visible('file:///b', [[0, 9]]);
  rec.setEnabled(false); // turning off drops pending ranges
  timers.advance(5000);
  assert.equal(sent.length, 3);
});

test('what-if lines get their own colour and the status names both figures', () => {
  const { planOverlays, subtract, belowThreshold, LEGEND } = require('../../out/view');
  const s = states(
    [{ startLine: 9, endLine: 24, state: 'gold-read' }, { startLine: 0, endLine: 2, state: 'read' }],
    { coverage: 1, coveredLines: 16, whatIf: [{ startLine: 12, endLine: 26 }], whatIfLines: 12, baseCoverage: 0.25,
      edits: [{ startLine: 20, endLine: 21, turn: 3, goldLines: 2, beforeReading: true }] },
  );
  assert.deepEqual(planDecorations(s, 40), { read: [[0, 2]], 'gold-read': [[9, 11]], 'gold-unread': [] });
  // Gold lines only what-if reads cover (12–24) apart from the other what-if lines (none here).
  assert.deepEqual(planOverlays(s, 25), { whatIf: [], whatIfGold: [[12, 24]], edits: [[20, 21]] });
  assert.deepEqual(planOverlays(s, 40).whatIf, [[25, 26]]);
  // The same words as Neovim's statusline: the agent's figure and verdict first.
  assert.equal(statusText(s), 'readcov 25% < 50% (what-if 100%)');
  assert.equal(belowThreshold(s), true, 'the agent figure (25%) decides, not the what-if one');
  assert.equal(belowThreshold(states([], { coverage: 0.5 })), false);
  assert.equal(belowThreshold(states([], { coverage: null, goldLines: 0 })), false);
  assert.match(statusTooltip(s), /12 of them only by what-if reads/);
  assert.ok(statusTooltip(s).endsWith(LEGEND));
  assert.match(LEGEND, /violet = gold line read only by your what-if reads · faint violet = other lines/);
  assert.match(statusTooltip({ ...s, gold: 'unit' }), /gold lines read \(gold unit\)/);
  assert.deepEqual(subtract([[0, 10]], [[2, 3], [5, 5], [9, 20]]), [[0, 1], [4, 4], [6, 8]]);
  assert.deepEqual(subtract([[0, 3]], []), [[0, 3]]);
});

test('overview tree: a header with figures first, then the server groups, rows opening their lines', () => {
  const { overviewTree, flatten } = require('../../out/overviewModel');
  const row = (kind, label, description, line, children = []) => ({
    kind, label, description, tooltip: null, path: description, uri: `file:///w/${description}`, startLine: line, endLine: line, children,
  });
  const answer = {
    task: 'pylint-dev__pylint-4604', run: 'openhands', below: true,
    title: 'pylint-dev__pylint-4604 · run openhands · 0% < 50% (0/6 gold lines) · file hit 1/2 · gold edit',
    gold: { label: 'edit', spans: 3, notes: [] }, note: null, error: null, needsRun: false, change: null,
    whatIf: { lineCoverage: 0.33, coveredLines: 2, text: "what-if 33% (2/6) with your what-if reads · the run's own 0%" },
    groups: [
      { id: 'gold', label: 'gold files', description: '1/2 opened · 0/6 lines read', rows: [
        row('never-opened', 'never opened · 0/4', 'pylint/constants.py', 2, [row('unread', 'unread 3–4 · 0/2 of gold 3–4', 'pylint/constants.py', 2)]),
      ] },
      { id: 'readInstead', label: 'read instead', description: '1 file(s) without gold · 48 lines', rows: [
        row('read-instead', '48 lines · turn 9 · 2 read(s)', 'tests/functional/u/unused/unused_typing_imports.py', 0),
      ] },
      { id: 'timeline', label: 'coverage per turn', description: '0% (turn 1) → 0% (turn 20) · never reached 50% · ▁▁', rows: [] },
    ],
  };
  const tree = overviewTree(answer);
  assert.deepEqual(flatten(tree.nodes), [
    '0% < 50% (0/6 gold lines) · file hit 1/2 · pylint-dev__pylint-4604 · run openhands · gold edit',
    "what-if 33% (2/6) with your what-if reads · the run's own 0%",
    'gold files · 1/2 opened · 0/6 lines read',
    '  never opened · 0/4 · pylint/constants.py',
    '    unread 3–4 · 0/2 of gold 3–4 · pylint/constants.py',
    'read instead · 1 file(s) without gold · 48 lines',
    '  48 lines · turn 9 · 2 read(s) · tests/functional/u/unused/unused_typing_imports.py',
    'coverage per turn · 0% (turn 1) → 0% (turn 20) · never reached 50% · ▁▁',
  ]);
  assert.equal(tree.nodes[0].icon, 'warning');
  assert.deepEqual(tree.nodes[3].children[0].open, { uri: 'file:///w/tests/functional/u/unused/unused_typing_imports.py', startLine: 0, endLine: 0 });
  assert.equal(tree.message, answer.title);
  // An empty gold says why; a failed explanation says what to do.
  const empty = overviewTree({ ...answer, whatIf: null, groups: [], note: 'no gold lines under gold `test`: no test-tier lines' });
  assert.deepEqual(flatten(empty.nodes).slice(1), ['no gold lines under gold `test`: no test-tier lines']);
  assert.equal(empty.message, `${answer.title} — no gold lines under gold \`test\`: no test-tier lines`);
  const failed = overviewTree({ title: 'readcov overview · gold edit', gold: answer.gold, note: null, error: 'task has 2 runs', needsRun: true, whatIf: null, change: null, groups: [] });
  assert.deepEqual(flatten(failed.nodes), ['readcov overview · gold edit', 'task has 2 runs']);
});

test('native coverage: gold lines as statements, innermost units as declarations', () => {
  const { goldCoverage, runName } = require('../../out/nativeCoverageModel');
  const e = {
    task: 't', run: 'r',
    files: [{ path: 'a.py', spans: [
      { start: 10, end: 13, unread: [{ start: 12, end: 13 }], unit: { kind: 'function', name: 'f', start: 8, end: 20 } },
      { start: 13, end: 14, unread: [], unit: { kind: 'function', name: 'f', start: 8, end: 20 } },
    ] }],
  };
  const [f] = goldCoverage(e);
  assert.deepEqual(f.statements, [
    { line: 9, read: true }, { line: 10, read: true }, { line: 11, read: false }, { line: 12, read: true }, { line: 13, read: true },
  ]);
  assert.deepEqual(f.declarations, [{ name: 'function f', startLine: 7, endLine: 19, read: 4 }]);
  assert.equal(runName(e), 'readcov · t · r');
});

test('change layer: gold, run and both lines apart, labels on the first line of each, status and tooltip', () => {
  const { planChange, statusText, statusTooltip, changeUnitAt } = require('../../out/view');
  const states = {
    uri: 'file:///w/a.py', ranges: [{ startLine: 2, endLine: 3, state: 'gold-unread' }], goldLines: 2, coveredLines: 0,
    coverage: 0, threshold: 0.5, fileHit: true,
    change: {
      verdict: 'edit', reason: 'changed 0 of 1 gold change units', source: 'patches', status: 'failed at edit',
      text: 'gold changes 3–5 · this run changed 5–7, 41–42', goldKnown: true, runKnown: true,
      gold: [{ startLine: 2, endLine: 4 }], run: [{ startLine: 4, endLine: 6 }, { startLine: 40, endLine: 41 }],
    },
  };
  const plan = planChange(states, 10);
  assert.deepEqual(plan.gold, [[2, 3]]);
  assert.deepEqual(plan.both, [[4, 4]]);
  assert.deepEqual(plan.run, [[5, 6]]);
  assert.deepEqual(plan.labels, { gold: [2], run: [5], both: [4] });
  assert.deepEqual(planChange({ ...states, change: null }, 10).gold, []);
  assert.equal(statusText(states), 'readcov 0% < 50% · failed at edit');
  assert.equal(statusText({ ...states, change: null }), 'readcov 0% < 50%');
  const tip = statusTooltip(states);
  assert.match(tip, /stages: failed at edit — changed 0 of 1 gold change units\nthis file: gold changes 3–5 · this run changed 5–7, 41–42/);
  assert.match(tip, /Click for the summary/);
  const rows = [
    { kind: 'change-unit', uri: 'file:///w/a.py', startLine: 1, endLine: 6, diff: { title: 'f', goldText: 'g', agentText: 'a' } },
    { kind: 'change-new', uri: null, startLine: 0, endLine: 0, diff: null },
  ];
  assert.equal(changeUnitAt(rows, 'file:///w/a.py', 3), rows[0]);
  assert.equal(changeUnitAt(rows, 'file:///w/a.py', 7), undefined);
});

test('overview tree: the change note and group; a gold change unit row carries its diff', () => {
  const { overviewTree, flatten } = require('../../out/overviewModel');
  const unit = {
    kind: 'change-missed', label: 'not changed by the run', description: 'method f · a.py', tooltip: null, path: 'a.py',
    uri: 'file:///w/a.py', startLine: 1, endLine: 6, children: [], diff: { title: 'f (a.py:2-7): gold ↔ run r', goldText: 'g', agentText: 'a' },
  };
  const tree = overviewTree({
    task: 't', run: 'r', below: true, title: 't · run r · 0% < 50% (0/2 gold lines) · file hit 1/1 · gold as given',
    gold: { label: 'as given', spans: 1, notes: [] }, note: null, error: null, needsRun: false, whatIf: null,
    change: { text: 'failed at edit: changed 0 of 1 gold change units', summary: 's' },
    groups: [{ id: 'change', label: 'change', description: 'gold changes 2 line(s) in 1 file(s) · this run changed 0 line(s) in 0 file(s) (from patches)', rows: [unit] }],
  });
  assert.deepEqual(flatten(tree.nodes).slice(1), [
    'failed at edit: changed 0 of 1 gold change units',
    'change · gold changes 2 line(s) in 1 file(s) · this run changed 0 line(s) in 0 file(s) (from patches)',
    '  not changed by the run · method f · a.py',
  ]);
  assert.equal(tree.nodes[2].icon, 'diff');
  assert.equal(tree.nodes[2].children[0].diff.diff.goldText, 'g');
  assert.equal(tree.nodes[2].children[0].icon, 'diff-ignored');
});

test('overview tree: every change row kind the server sends has its own icon', () => {
  // The kinds as server/lsp/src/render/change.rs writes them; a kind without an icon fell back to a blank circle
  // (session 33: `change-test` rows, the test files a run changed).
  const fs = require('fs');
  const path = require('path');
  const { ICONS } = require('../../out/overviewModel');
  const rust = fs.readFileSync(path.join(__dirname, '../../../../server/lsp/src/render/change.rs'), 'utf8');
  const kinds = [...new Set([...rust.matchAll(/"(change-[a-z-]+)"/g)].map((m) => m[1]))];
  assert.ok(kinds.includes('change-test'), `kinds found: ${kinds}`);
  for (const kind of kinds) assert.ok(ICONS[kind], `no icon for ${kind}`);
});
