//! Records what a person actually looked at: a visible range that stays on screen for the dwell
//! time becomes one `readcov/recordRead` (source `human`). Scrolling past does not count, and the
//! same range is not sent twice in a row. Timers are injected so tests need no clock.

import { RecordRead } from './protocol';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export class DwellRecorder {
  private pending = new Map<string, { handle: unknown; key: string }>();
  private lastSent = new Map<string, string>();
  enabled = false;

  constructor(
    private readonly dwellMs: number,
    private readonly send: (read: RecordRead) => void,
    private readonly timers: Timers,
  ) {}

  /** Call on every visible-range change of an editor; `ranges` are 0-based inclusive lines. */
  visible(uri: string, ranges: Array<[number, number]>): void {
    this.cancel(uri);
    if (!this.enabled) return;
    const valid = ranges.filter(([s, e]) => Number.isInteger(s) && Number.isInteger(e) && s >= 0 && e >= s);
    if (valid.length === 0) return;
    const key = JSON.stringify(valid);
    const handle = this.timers.set(() => {
      this.pending.delete(uri);
      if (this.lastSent.get(uri) === key) return;
      this.lastSent.set(uri, key);
      for (const [startLine, endLine] of valid) this.send({ uri, startLine, endLine, source: 'human' });
    }, this.dwellMs);
    this.pending.set(uri, { handle, key });
  }

  /** Turns recording on or off; off drops every pending range. */
  setEnabled(on: boolean): void {
    this.enabled = on;
    if (!on) {
      for (const uri of [...this.pending.keys()]) this.cancel(uri);
      this.lastSent.clear();
    }
  }

  private cancel(uri: string): void {
    const p = this.pending.get(uri);
    if (p) {
      this.timers.clear(p.handle);
      this.pending.delete(uri);
    }
  }
}
