//! Turns server answers into what the user sees: decoration line ranges per state, status bar
//! text and the summary list. Pure functions, unit-tested under plain Node (test/unit).

import { LINE_STATES, LineState, LineStates, OverviewRow, Summary } from './protocol';

/** Inclusive 0-based line ranges, grouped by state, clipped to the document and sorted. */
export type DecorationPlan = Record<LineState, Array<[number, number]>>;

/**
 * Groups `ranges` by state. Ranges outside the document (a stale answer after an edit that
 * removed lines) are clipped to `lineCount`, so VS Code never gets a range past the end; ranges
 * with an unknown state are dropped rather than drawn wrongly.
 */
export function planDecorations(states: LineStates | null, lineCount: number): DecorationPlan {
  const plan: DecorationPlan = { read: [], 'gold-read': [], 'gold-unread': [] };
  if (!states || lineCount <= 0) return plan;
  for (const r of states.ranges) {
    if (!(LINE_STATES as readonly string[]).includes(r.state)) continue;
    if (!Number.isInteger(r.startLine) || !Number.isInteger(r.endLine)) continue;
    const start = Math.max(0, r.startLine);
    const end = Math.min(lineCount - 1, r.endLine);
    if (end < start) continue;
    plan[r.state].push([start, end]);
  }
  for (const s of LINE_STATES) plan[s].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // What-if lines get their own colour: they are taken out of the read states (never blended).
  const whatIf = clipRanges(states.whatIf ?? [], lineCount);
  if (whatIf.length > 0) {
    plan.read = subtract(plan.read, whatIf);
    plan['gold-read'] = subtract(plan['gold-read'], whatIf);
  }
  return plan;
}

type Lines = Array<[number, number]>;

function clipRanges(ranges: Array<{ startLine: number; endLine: number }>, lineCount: number): Lines {
  const out: Lines = [];
  for (const r of ranges) {
    if (!Number.isInteger(r.startLine) || !Number.isInteger(r.endLine)) continue;
    const start = Math.max(0, r.startLine);
    const end = Math.min(lineCount - 1, r.endLine);
    if (end >= start) out.push([start, end]);
  }
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** `ranges` without the lines of `cuts` (both inclusive). */
export function subtract(ranges: Lines, cuts: Lines): Lines {
  const out: Lines = [];
  for (const [a, b] of ranges) {
    let start = a;
    for (const [c, d] of cuts) {
      if (d < start || c > b) continue;
      if (c > start) out.push([start, c - 1]);
      start = Math.max(start, d + 1);
      if (start > b) break;
    }
    if (start <= b) out.push([start, b]);
  }
  return out;
}

/** `a` ∩ `b`, both sorted inclusive ranges. */
function intersect(a: Lines, b: Lines): Lines {
  const out: Lines = [];
  for (const [s, e] of a) {
    for (const [c, d] of b) {
      const lo = Math.max(s, c);
      const hi = Math.min(e, d);
      if (lo <= hi) out.push([lo, hi]);
    }
  }
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/**
 * The overlays drawn beside the line states: what-if lines — gold lines only what-if reads
 * cover (`whatIfGold`, a strong violet) apart from the other lines they cover (`whatIf`, a
 * faint one), so after a widen the gold lines still stand out from the rest of the method —
 * and the agent's edits.
 */
export function planOverlays(
  states: LineStates | null,
  lineCount: number,
): { whatIf: Lines; whatIfGold: Lines; edits: Lines } {
  if (!states || lineCount <= 0) return { whatIf: [], whatIfGold: [], edits: [] };
  const all = clipRanges(states.whatIf ?? [], lineCount);
  const gold = clipRanges(
    states.ranges.filter((r) => r.state === 'gold-read' || r.state === 'gold-unread'),
    lineCount,
  );
  const whatIfGold = intersect(all, gold);
  return { whatIf: subtract(all, whatIfGold), whatIfGold, edits: clipRanges(states.edits ?? [], lineCount) };
}

/**
 * The change layer as three sets of lines — changed by the gold only, by the run only, by both —
 * and the first line of each run of lines of one kind (where its label goes).
 */
export function planChange(
  states: LineStates | null,
  lineCount: number,
): { gold: Lines; run: Lines; both: Lines; labels: { gold: number[]; run: number[]; both: number[] } } {
  const empty = { gold: [], run: [], both: [], labels: { gold: [], run: [], both: [] } };
  const c = states?.change;
  if (!c || lineCount <= 0) return empty;
  const gold = merge(clipRanges(c.gold ?? [], lineCount));
  const run = merge(clipRanges(c.run ?? [], lineCount));
  const both = intersect(gold, run);
  const out = { gold: subtract(gold, both), run: subtract(run, both), both };
  return { ...out, labels: { gold: out.gold.map((r) => r[0]), run: out.run.map((r) => r[0]), both: both.map((r) => r[0]) } };
}

/** Sorted ranges with touching or overlapping ones joined. */
function merge(ranges: Lines): Lines {
  const out: Lines = [];
  for (const [a, b] of ranges) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The row of the overview's `change` group (with both texts) holding 0-based `line` of `uri`. */
export function changeUnitAt(rows: OverviewRow[], uri: string, line: number): OverviewRow | undefined {
  return rows.find((r) => r.diff && r.uri === uri && r.startLine <= line && line <= r.endLine);
}

/** Whether the agent's own figure (what-if reads left out) is below the threshold. */
export function belowThreshold(states: LineStates | null): boolean {
  if (!states || states.coverage === null || states.goldLines === 0) return false;
  const own = states.whatIfLines ? (states.baseCoverage ?? states.coverage) : states.coverage;
  return own < states.threshold;
}

/** What each colour means, for the status tooltip and the docs. */
export const LEGEND =
  'Colours: green = gold line read · red = gold line nobody read · blue = read, not gold · ' +
  'violet = gold line read only by your what-if reads · faint violet = other lines only what-if reads cover · ' +
  'amber bar = the agent\'s edit · cyan underline = a line the gold change changed · ' +
  'orange dashed underline = a line the run\'s change changed · double underline = both.';

/**
 * A share as readcov prints it everywhere (docs/metrics.md "How shares are printed"): the whole
 * percent rounded to nearest (ties to even, as the CLI), unless that puts it on the other side of
 * `threshold` or prints 100% / 0% for a share that is neither; then one decimal truncated toward
 * its side (0.4996 at 50% → `49.9%`), past that `<0.1%` / `>99.9%`. Before session 35 it was
 * floored (0.999 → `99%`, 4/45 → `8%` where the CLI printed `9%`).
 */
export function share(x: number, threshold: number | null = null): string {
  const p = x * 100;
  let k = Math.round(p);
  if (Math.abs(p % 1) === 0.5 && k % 2 !== 0) k -= 1;
  if (!(x >= 0 && x <= 1)) return `${k}%`;
  const keeps = (shown: number) =>
    (shown < 1 || x >= 1) && (shown > 0 || x <= 0) && (threshold === null || shown < threshold === x < threshold);
  if (keeps(k / 100)) return `${k}%`;
  let down = Math.floor(x * 1000);
  if ((down + 1) / 1000 <= x) down += 1;
  let up = Math.ceil(x * 1000);
  if (up > 0 && (up - 1) / 1000 >= x) up -= 1;
  const tenth = (m: number) => `${Math.floor(m / 10)}.${m % 10}%`;
  if (keeps(down / 1000)) return tenth(down);
  if (threshold !== null && x >= threshold && keeps(up / 1000)) return tenth(up);
  return x < 0.5 ? '<0.1%' : '>99.9%';
}

/** A threshold as the CLI prints it: the decimals it needs, up to two (0.125 → `12.5%`). */
export function thresholdText(t: number): string {
  const p = t * 100;
  if (Math.abs(p - Math.round(p)) < 1e-9) return `${Math.round(p)}%`;
  return `${p.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}%`;
}

/**
 * Status bar text for the active file: `readcov 25% < 50%`, `readcov 100% ≥ 50%`, or
 * `readcov no gold` (file hit only) / `readcov` when there is nothing for this file.
 */
export function statusText(states: LineStates | null): string {
  if (!states) return 'readcov';
  // The stage diagnosis after the figures when there is a change layer (the same words as
  // Neovim's statusline): `readcov 0% < 50% · failed at search`.
  if (states.change) return `${statusText({ ...states, change: null })} · ${states.change.status}`;
  if (states.coverage === null || states.goldLines === 0) {
    return states.ranges.length > 0 ? 'readcov no gold · read' : 'readcov no gold';
  }
  if (states.whatIfLines && states.baseCoverage !== undefined && states.baseCoverage !== null) {
    // The agent's figure and verdict first; what the what-if reads make of it in brackets (the
    // same words as Neovim's statusline).
    const own = states.baseCoverage >= states.threshold ? '≥' : '<';
    const t = states.threshold;
    return `readcov ${share(states.baseCoverage, t)} ${own} ${thresholdText(t)} (what-if ${share(states.coverage, t)})`;
  }
  const cmp = states.coverage >= states.threshold ? '≥' : '<';
  return `readcov ${share(states.coverage, states.threshold)} ${cmp} ${thresholdText(states.threshold)}`;
}

/** Tooltip with the numbers behind the status text. */
export function statusTooltip(states: LineStates | null): string {
  if (!states) return 'readcov: no answer from the server for this file';
  const c = states.change;
  const change = c ? `\n\nstages: ${c.status}${c.reason ? ` — ${c.reason}` : ''}\nthis file: ${c.text}` : '';
  if (c) {
    const base = statusTooltip({ ...states, change: null });
    return base.includes('\n\n') ? base.replace('\n\n', `${change}\n\n`) : base + change;
  }
  const gold = states.gold ? ` (gold ${states.gold})` : '';
  if (states.coverage === null) return `readcov: this file has no gold lines${gold}`;
  return (
    `readcov: ${states.coveredLines}/${states.goldLines} gold lines read${gold}` +
    ` (threshold ${thresholdText(states.threshold)}, file hit: ${states.fileHit ? 'yes' : 'no'}).` +
    (states.whatIfLines ? ` ${states.whatIfLines} of them only by what-if reads.` : '') +
    ' Click for the summary of all tasks and runs.\n\n' +
    LEGEND
  );
}

/** One quick-pick entry per (task, run) row, worst coverage first, then the totals. */
export function summaryItems(summary: Summary): Array<{ label: string; description: string }> {
  const fmt = (v: number | null, t: number | null = null) => (v === null ? '—' : share(v, t));
  const rows = [...summary.rows].sort(
    (a, b) => (a.lineCoverage ?? 2) - (b.lineCoverage ?? 2) || a.task.localeCompare(b.task) || a.run.localeCompare(b.run),
  );
  // The what-if row is a layer over the shown runs (yours), never a run: it says so.
  const items = rows.map((r) => ({
    label:
      r.layer === 'what-if'
        ? `$(beaker) ${r.task} · what-if layer (your reads over the shown runs, not a run)`
        : `${r.passesThreshold === false ? '$(warning)' : '$(check)'} ${r.task} · ${r.run}`,
    description:
      `line coverage ${fmt(r.lineCoverage, summary.threshold)} (${r.coveredLines}/${r.goldLines}) · ` +
      `file hit ${fmt(r.fileHit)} · unit hit ${fmt(r.unitHit)}`,
  }));
  const t = summary.totals;
  items.push({
    label: `Σ ${t.passing}/${t.scored} passing (threshold ${thresholdText(summary.threshold)})`,
    description: `mean line coverage ${fmt(t.meanLineCoverage)} · mean file hit ${fmt(t.meanFileHit)} · ${t.rows} rows`,
  });
  return items;
}

/** Distinct agent run ids named in a summary, sorted: the what-if layer and human reads are
 * layers over a run, never runs to pick. */
export function runsOf(summary: Summary): string[] {
  return [...new Set(summary.rows.filter((r) => (r.layer ?? 'agent') === 'agent').map((r) => r.run))].sort();
}
