// Unit tests of `readcov: Open HTML report`'s argument building (compiled to out/).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { reportArgs, reportPath, reportFolderProblem } = require('../../out/report');

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

test('the report is written only into a real .readcov folder, never through a link the repository planted', () => {
  const stat = (dir, link) => ({ isDirectory: () => dir, isSymbolicLink: () => link });
  assert.equal(reportFolderProblem('/w/.readcov', undefined), null);
  assert.equal(reportFolderProblem('/w/.readcov', stat(true, false)), null);
  assert.match(reportFolderProblem('/w/.readcov', stat(false, true)), /\/w\/\.readcov is a symbolic link/);
  assert.match(reportFolderProblem('/w/.readcov', stat(false, false)), /is not a folder/);
});

test('a .readcov link on disk is refused (lstat, as the command calls it)', () => {
  const fs = require('fs');
  const os = require('os');
  const path = require('path');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'readcov-report-'));
  try {
    fs.mkdirSync(path.join(tmp, 'outside'));
    fs.mkdirSync(path.join(tmp, 'ws'));
    fs.symlinkSync('../outside', path.join(tmp, 'ws', '.readcov'));
    const dir = path.dirname(reportPath(path.join(tmp, 'ws')));
    assert.match(reportFolderProblem(dir, fs.lstatSync(dir, { throwIfNoEntry: false })), /symbolic link/);
    fs.mkdirSync(path.join(tmp, 'ws2', '.readcov'), { recursive: true });
    const real = path.dirname(reportPath(path.join(tmp, 'ws2')));
    assert.equal(reportFolderProblem(real, fs.lstatSync(real, { throwIfNoEntry: false })), null);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
