//! Timing rules of the live views, kept free of `vscode` so they are unit-tested with fake timers:
//! a burst of changes costs one refresh, and an answer that a change overtook is asked for again.

import { Timers } from './recorder';

/** Runs `fn` once, `ms` after the last of a burst of `trigger()` calls. */
export class Debounced {
  private handle: unknown;
  private armed = false;

  constructor(
    private readonly ms: number,
    private readonly fn: () => void,
    private readonly timers: Timers,
  ) {}

  trigger(): void {
    if (this.armed) this.timers.clear(this.handle);
    this.armed = true;
    this.handle = this.timers.set(() => {
      this.armed = false;
      this.fn();
    }, this.ms);
  }

  /** Whether a call is waiting for its quiet time. */
  get pending(): boolean {
    return this.armed;
  }

  /** Drops the waiting call, if any (on dispose: nothing fires after the view is gone). */
  cancel(): void {
    if (this.armed) this.timers.clear(this.handle);
    this.armed = false;
  }
}

/** Tells when an answer must be asked for again: a change landed after it was asked and no
 * request has asked since that change. A stale answer whose change a later request already covers
 * asks nothing: re-asking there (by bumping as a change does) made each overlapping answer stale
 * in turn, a refresh every time an answer came back, for ever, once answers took longer than the
 * quiet time. */
export class Versions {
  private current = 0;
  private latestAsked = -1;

  /** A change landed. */
  bump(): void {
    this.current++;
  }

  /** Call when asking; hand the result to `askAgain` when the answer is back. */
  ask(): number {
    this.latestAsked = this.current;
    return this.current;
  }

  /** Whether the answer to `asked` is behind a change that no request has asked about yet. */
  askAgain(asked: number): boolean {
    return asked !== this.current && this.latestAsked !== this.current;
  }
}

/** The real clock, for the extension; tests pass their own. */
export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};
