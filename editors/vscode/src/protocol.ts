//! Shapes of the readcov custom LSP messages (the contract in docs/editors.md), shared by the
//! extension and its tests. Pure: no `vscode` import, so unit tests run under plain Node.

/** One run of lines with the same state; 0-based inclusive LSP lines. */
export interface LineRange {
  startLine: number;
  endLine: number;
  state: LineState;
}

export type LineState = 'read' | 'gold-read' | 'gold-unread';

export const LINE_STATES: readonly LineState[] = ['read', 'gold-read', 'gold-unread'];

/** Response of `readcov/lineStates`. */
export interface LineStates {
  uri: string;
  ranges: LineRange[];
  goldLines: number;
  coveredLines: number;
  /** null when the file has no gold lines. */
  coverage: number | null;
  threshold: number;
  fileHit: boolean;
  /** Lines only what-if reads cover (painted in their own colour). */
  whatIf?: Array<{ startLine: number; endLine: number }>;
  /** Gold lines only what-if reads cover. */
  whatIfLines?: number;
  /** Coverage without what-if reads (null without gold). */
  baseCoverage?: number | null;
  /** The shown agent runs' edits of this file. */
  edits?: Array<{ startLine: number; endLine: number; turn: number | null; goldLines: number; beforeReading: boolean }>;
  /** The gold shown: `edit`, `unit`, `test`, `consensus`, a NAME of `NAME=FILE`, or `as given`. */
  gold?: string;
  /** The change layer: the gold's and the run's changed lines here, the verdict (null: none). */
  change?: ChangeLayer | null;
}

/** `readcov/lineStates` → `change`: what the gold change and the run's change changed here. */
export interface ChangeLayer {
  verdict: string | null;
  reason: string | null;
  /** Where the run's change came from: `patches`, `log`, `replay`, `none`. */
  source: string;
  /** The verdict in words: `failed at search`, `every stage passed`, `stage unknown`. */
  status: string;
  /** This file's part: `gold changes 1828–1829 · this run changed nothing here`. */
  text: string;
  gold: Array<{ startLine: number; endLine: number }>;
  run: Array<{ startLine: number; endLine: number }>;
  goldKnown: boolean;
  runKnown: boolean;
}

/** A gold change unit's text after the gold patch and after the run's change. */
export interface UnitDiff {
  title: string;
  goldText: string;
  agentText: string;
}

/** One row of `readcov/overview`: figures first (`label`), the path after (`description`). */
export interface OverviewRow {
  kind: string;
  label: string;
  description: string;
  tooltip: string | null;
  path: string;
  uri: string | null;
  /** 0-based inclusive current lines a click opens. */
  startLine: number;
  endLine: number;
  children: OverviewRow[];
  /** Rows of the `change` group: both texts of the gold change unit, for the diff editor. */
  diff?: UnitDiff | null;
}

export interface OverviewGroup {
  id: 'gold' | 'readInstead' | 'edits' | 'timeline' | string;
  label: string;
  description: string;
  rows: OverviewRow[];
}

/** Response of `readcov/overview`. */
export interface Overview {
  task?: string;
  run?: string;
  title: string;
  verdict?: string;
  below?: boolean;
  gold: { label: string; spans: number; notes: string[] };
  /** Why nothing is shown when the gold gave no line (as `readcov gold` says it). */
  note: string | null;
  /** Set when the task cannot be explained; `needsRun`: pick a run. */
  error: string | null;
  needsRun: boolean;
  whatIf: { lineCoverage: number | null; coveredLines: number; text: string } | null;
  /** The stage diagnosis (what the run changed beside the fix): `text` the verdict and its
   * reason, `summary` the whole change in one line; null without a change layer. */
  change: { text: string; summary?: string; status?: string; verdict?: string | null; reason?: string | null } | null;
  timeline?: string;
  groups: OverviewGroup[];
}

/** Response of `readcov/nextUnread` (null: no unread gold line). */
export interface UnreadSpan {
  uri: string;
  path: string;
  startLine: number;
  endLine: number;
}

/** Response of `readcov/tasks`. */
export interface Tasks {
  selected: { task: string | null; run: string | null };
  tasks: Array<{
    task: string;
    status: string;
    gold_files: number;
    gold_lines: number;
    runs: Array<{ run: string; verdict: string; file_hit: number | null; line_coverage: number | null }>;
  }>;
}

export interface SummaryRow {
  task: string;
  run: string;
  /** `agent`, `human` or `what-if` (the what-if layer's own row, left out of the totals). */
  layer?: string;
  fileHit: number | null;
  lineCoverage: number | null;
  passesThreshold: boolean | null;
  goldLines: number;
  coveredLines: number;
  unitHit: number | null;
}

/** Response of `readcov/summary`. */
export interface Summary {
  threshold: number;
  /** The server's effective inputs (every configuration layer merged). */
  inputs?: import('./report').Inputs;
  rows: SummaryRow[];
  totals: {
    rows: number;
    scored: number;
    passing: number;
    meanLineCoverage: number | null;
    meanFileHit: number | null;
  };
}

/** Response of `readcov/selectRun`. */
export interface SelectRunResult {
  runs: string[] | null;
  available: string[];
}

/** Params of the `readcov/recordRead` notification; 0-based inclusive lines. */
export interface RecordRead {
  uri: string;
  startLine: number;
  endLine: number;
  source: 'human' | 'manual';
}

/** Arguments of the `readcov.widen` command. */
export interface WidenArgs {
  uri: string;
  startLine: number;
  endLine: number;
}

export const METHODS = {
  lineStates: 'readcov/lineStates',
  summary: 'readcov/summary',
  selectRun: 'readcov/selectRun',
  recordRead: 'readcov/recordRead',
  didChange: 'readcov/didChange',
  nextUnread: 'readcov/nextUnread',
  explain: 'readcov/explain',
  overview: 'readcov/overview',
  tasks: 'readcov/tasks',
} as const;

export const SERVER_COMMANDS = {
  widen: 'readcov.widen',
  clearWhatIf: 'readcov.clearWhatIf',
  toggleWhatIf: 'readcov.toggleWhatIf',
} as const;
