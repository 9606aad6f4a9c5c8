// Unit tests of the live views' timing (src/debounce.ts), on a fake clock: the overview's
// 150 ms and the Test Coverage view's 500 ms refresh, and the overview's stale-answer rule.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { Debounced, Versions } = require('../../out/debounce');

/** A fake clock: `advance(ms)` runs every timer due by then, in order. */
function clock() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    timers: {
      set(fn, ms) {
        const id = next++;
        timers.set(id, { at: now + ms, fn });
        return id;
      },
      clear(id) {
        timers.delete(id);
      },
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    get waiting() {
      return timers.size;
    },
  };
}

test('a burst of changes costs one refresh, after the last one', () => {
  const c = clock();
  let fired = 0;
  const d = new Debounced(150, () => fired++, c.timers);
  for (let i = 0; i < 10; i++) {
    d.trigger();
    c.advance(100); // each change lands before the previous one's quiet time is over
  }
  assert.equal(fired, 0);
  assert.equal(c.waiting, 1, 'one timer waits, not ten');
  assert.equal(d.pending, true);
  c.advance(49);
  assert.equal(fired, 0);
  c.advance(1);
  assert.equal(fired, 1);
  assert.equal(d.pending, false);
  c.advance(10_000);
  assert.equal(fired, 1, 'nothing more without a change');
});

test('a change after the refresh refreshes again', () => {
  const c = clock();
  let fired = 0;
  const d = new Debounced(500, () => fired++, c.timers);
  d.trigger();
  c.advance(500);
  d.trigger();
  c.advance(499);
  assert.equal(fired, 1);
  c.advance(1);
  assert.equal(fired, 2);
});

test('cancel drops the waiting refresh (a disposed view is never refreshed)', () => {
  const c = clock();
  let fired = 0;
  const d = new Debounced(150, () => fired++, c.timers);
  d.trigger();
  d.cancel();
  assert.equal(d.pending, false);
  assert.equal(c.waiting, 0);
  c.advance(1000);
  assert.equal(fired, 0);
  d.cancel(); // twice, or with nothing waiting: harmless
  d.trigger();
  c.advance(150);
  assert.equal(fired, 1, 'usable again after a cancel');
});

test('an answer a change overtook asks again unless a later request asked since', () => {
  const v = new Versions();
  const first = v.ask();
  assert.equal(v.askAgain(first), false, 'current');
  v.bump(); // a change lands while the answer is on its way
  assert.equal(v.askAgain(first), true, 'behind, and nothing asked since');
  const second = v.ask();
  assert.equal(v.askAgain(first), false, 'behind, but the second request covers the change');
  assert.equal(v.askAgain(second), false);
});

/** The overview's wiring (src/overview.ts) on a fake clock: refresh() bumps and debounces; the
 * debounced fire fetches (unless `fold` says the view folds it into a fetch on its way); each
 * answer is back `latency` ms later and asks again when `askAgain` says so. */
function overview(c, latency, fold) {
  const v = new Versions();
  const fetches = [];
  let inFlight = 0;
  const soon = new Debounced(150, () => {
    if (fold && inFlight > 0) return; // the view folds this fire into the fetch on its way
    const asked = v.ask();
    fetches.push(asked);
    inFlight++;
    c.timers.set(() => {
      inFlight--;
      if (v.askAgain(asked) && !soon.pending) soon.trigger();
    }, latency);
  }, c.timers);
  const refresh = () => {
    v.bump();
    soon.trigger();
  };
  return { fetches, refresh, v };
}

test('slow answers that overlap settle: no refresh loop', () => {
  // Answers slower than the quiet time, a change landing mid-request: the old rule (re-ask by
  // bumping the version) made every answer on its way stale in turn: 45 fetches in these 10 s,
  // one per answer, never settling.
  const c = clock();
  const o = overview(c, 300, false);
  o.refresh();
  c.advance(150);
  assert.equal(o.fetches.length, 1);
  c.advance(100);
  o.refresh(); // lands while the first answer is on its way
  c.advance(150);
  assert.equal(o.fetches.length, 2, 'its own fetch');
  c.advance(10_000);
  assert.deepEqual(o.fetches, [1, 2], 'the first answer is stale but covered by the second');
});

test('a change folded into a fetch on its way is asked for again', () => {
  const c = clock();
  const o = overview(c, 300, true);
  o.refresh();
  c.advance(150); // fetch 1 asks version 1
  c.advance(100);
  o.refresh(); // version 2: its fire at 400 is folded into fetch 1, still on its way
  c.advance(150);
  assert.equal(o.fetches.length, 1);
  c.advance(150); // fetch 1's answer at 450 is behind version 2, nothing asked since: again
  c.advance(150);
  assert.deepEqual(o.fetches, [1, 2]);
  c.advance(10_000);
  assert.deepEqual(o.fetches, [1, 2], 'then settles');
});
