// Unit tests of `readcov: Open HTML report`'s argument building (compiled to out/).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { reportArgs, reportPath } = require('../../out/report');

const inputs = (extra = {}) => ({
  root: '/w', gold: ['gold.jsonl'], reads: ['runs/reads.jsonl'], readLog: '.readcov/reads.jsonl', task: 'fixture-1',
  sources: ['agent', 'human'], ...extra,
});

test('reportArgs points readcov report at the configured files, under the workspace', () => {
  assert.deepEqual(reportArgs(inputs(), 0.5), {
    args: ['report', '--gold', '/w/gold.jsonl', '--reads', '/w/runs/reads.jsonl', '--workspace', '/w', '--threshold', '0.5',
      '--sources', 'agent,human', '--title', 'readcov report — fixture-1', '--html', '/w/.readcov/report.html'],
    out: '/w/.readcov/report.html',
  });
  const abs = reportArgs(inputs({ gold: ['/data/g.jsonl'], task: null, sources: [] }), 0.8);
  assert.deepEqual(abs.args, ['report', '--gold', '/data/g.jsonl', '--reads', '/w/runs/reads.jsonl', '--workspace', '/w',
    '--threshold', '0.8', '--html', '/w/.readcov/report.html']);
  assert.equal(reportPath('/w'), '/w/.readcov/report.html');
});

test('reportArgs refuses set-ups readcov report cannot read, saying why', () => {
  assert.match(reportArgs(inputs({ root: null }), 0.5).error, /workspace folder/);
  assert.match(reportArgs(inputs({ gold: ['a.jsonl', 'b.jsonl'] }), 0.5).error, /exactly one gold file/);
  assert.match(reportArgs(inputs({ reads: [] }), 0.5).error, /0 reads/);
  assert.match(reportArgs(inputs({ gold: ['fix.diff'] }), 0.5).error, /convert fix.diff/);
  assert.match(reportArgs(inputs({ reads: ['runs/openhands.json'] }), 0.5).error, /convert runs\/openhands\.json/);
});
