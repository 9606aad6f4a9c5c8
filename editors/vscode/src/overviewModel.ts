//! The task overview's rows from a `readcov/explain` answer: one row per gold file (never-opened
//! files first-class: "never opened · 0/4"), one child row per unread run of gold lines with its
//! unit and the nearest reads. Pure: no `vscode` import, unit-tested under plain Node.

import { percent } from './view';

export interface NearRead {
  start: number;
  end: number;
  turn: number | null;
  tool: string | null;
  command: string | null;
}

export interface ExplainSpan {
  start: number;
  end: number;
  gold_lines: number;
  covered: number;
  coverage: number | null;
  unread: Array<{ start: number; end: number }>;
  unit: { kind: string; name: string; start: number; end: number } | null;
  nearest_before: NearRead | null;
  nearest_after: NearRead | null;
}

export interface ExplainFile {
  path: string;
  gold_lines: number;
  covered: number;
  coverage: number | null;
  opened: boolean;
  first_read_turn: number | null;
  reads: number;
  spans: ExplainSpan[];
}

/** The part of `readcov/explain`'s answer (the `readcov explain --format json` object) used here. */
export interface Explanation {
  task: string;
  run: string;
  runs: string[];
  verdict: string;
  threshold: number;
  line_coverage: number | null;
  file_hit: number | null;
  files: ExplainFile[];
}

export interface Row {
  label: string;
  description: string;
  tooltip: string;
}

export interface FileRow extends Row {
  path: string;
  /** 0-based line to open the file at: its first unread gold line, else its first gold line. */
  line: number;
}

export interface SpanRow extends Row {
  path: string;
  /** 0-based inclusive lines of the unread run. */
  startLine: number;
  endLine: number;
}

const lines = (s: number, e: number) => (s === e ? `line ${s}` : `lines ${s}–${e}`);

/** One row per gold file, in the explanation's order (worst first). */
export function fileRows(e: Explanation): FileRow[] {
  return e.files.map((f) => {
    const share = `${f.covered}/${f.gold_lines}`;
    const description = f.opened
      ? `${share} · ${f.coverage === null ? '—' : percent(f.coverage)}`
      : `never opened · ${share}`;
    const firstUnread = f.spans.flatMap((s) => s.unread)[0];
    const line = (firstUnread?.start ?? f.spans[0]?.start ?? 1) - 1;
    const tooltip = f.opened
      ? `${f.path}: ${share} gold lines read by run ${e.run}, ${f.reads} read(s), first in turn ${f.first_read_turn ?? '—'}`
      : `${f.path}: run ${e.run} never opened this gold file (${share} gold lines read)`;
    return { path: f.path, label: f.path, description, tooltip, line };
  });
}

function nearText(r: NearRead | null, side: string): string {
  if (!r) return `${side}: none`;
  const turn = r.turn === null ? '' : `, turn ${r.turn}`;
  return `${side}: ${lines(r.start, r.end)}${turn}${r.tool ? ` (${r.tool})` : ''}`;
}

/** One row per unread run of gold lines of `f`, with the unit around it and the nearest reads. */
export function spanRows(f: ExplainFile): SpanRow[] {
  const out: SpanRow[] = [];
  for (const s of f.spans) {
    for (const u of s.unread) {
      const unit = s.unit ? `${s.unit.kind} ${s.unit.name}` : '';
      const near = s.nearest_before || s.nearest_after;
      const tooltip = [
        `${f.path} ${lines(u.start, u.end)}: never read (span ${lines(s.start, s.end)}, ${s.covered}/${s.gold_lines} read)`,
        ...(s.unit ? [`in ${unit} (${lines(s.unit.start, s.unit.end)})`] : []),
        ...(near ? [nearText(s.nearest_before, 'nearest read before'), nearText(s.nearest_after, 'nearest read after')] : []),
      ].join('\n');
      const nearShort = near
        ? ` · read ${s.nearest_before ? `${s.nearest_before.start}–${s.nearest_before.end}` : '—'} / ${s.nearest_after ? `${s.nearest_after.start}–${s.nearest_after.end}` : '—'}`
        : '';
      out.push({
        path: f.path,
        label: lines(u.start, u.end),
        description: `${unit}${nearShort}`.replace(/^ · /, ''),
        tooltip,
        startLine: u.start - 1,
        endLine: u.end - 1,
      });
    }
  }
  return out;
}

/** The view's description: `pylint-dev__pylint-4604 · openhands · 0% < 50%`. */
export function headline(e: Explanation): string {
  const cov = e.line_coverage === null ? 'unscored' : percent(e.line_coverage);
  const cmp = e.line_coverage === null ? '' : e.line_coverage >= e.threshold ? ` ≥ ${percent(e.threshold)}` : ` < ${percent(e.threshold)}`;
  return `${e.task} · ${e.run} · ${cov}${cmp}`;
}
