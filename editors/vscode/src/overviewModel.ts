//! The task overview's tree from a `readcov/overview` answer: a header (task, run, verdict, the
//! gold shown; why nothing is shown when the gold is empty; the what-if layer's figure beside
//! the run's own), then the server's groups — gold files with their unread lines, the files
//! read instead, the agent's edits, coverage per turn — each row with its figures first and the
//! path after, and the lines a click opens. Pure: no `vscode` import, unit-tested under Node.

import type { Overview, OverviewRow, UnitDiff } from './protocol';

export interface Node {
  kind: 'header' | 'note' | 'group' | 'row';
  label: string;
  description: string;
  tooltip: string;
  /** A codicon id. */
  icon: string;
  /** What a click opens: a file URI and 0-based inclusive lines. */
  open: { uri: string; startLine: number; endLine: number } | null;
  /** A gold change unit's row: a click opens the gold's text against the run's instead. */
  diff?: { row: OverviewRow; diff: UnitDiff };
  children: Node[];
}

/** The codicon of each row kind and group id the server sends (docs/lsp.md, readcov/taskOverview). */
export const ICONS: Record<string, string> = {
  'never-opened': 'eye-closed',
  'gold-file': 'file',
  unread: 'circle-slash',
  'read-instead': 'eye',
  edit: 'edit',
  'edit-unread': 'warning',
  gold: 'target',
  readInstead: 'search',
  edits: 'pencil',
  timeline: 'graph-line',
  change: 'diff',
  'change-unit': 'diff-modified',
  'change-missed': 'diff-ignored',
  'change-elsewhere': 'diff-added',
  'change-new': 'new-file',
  'change-test': 'beaker',
};

function rowNode(r: OverviewRow): Node {
  return {
    kind: 'row',
    label: r.label,
    description: r.description,
    tooltip: r.tooltip ?? `${r.label} · ${r.description}`,
    icon: ICONS[r.kind] ?? 'circle-outline',
    open: r.uri ? { uri: r.uri, startLine: r.startLine, endLine: r.endLine } : null,
    children: r.children.map(rowNode),
    ...(r.diff ? { diff: { row: r, diff: r.diff } } : {}),
  };
}

function note(label: string, icon: string, tooltip = label): Node {
  return { kind: 'note', label, description: '', tooltip, icon, open: null, children: [] };
}

/**
 * The header as the message above the tree (wrapped, never cut) and the tree's nodes:
 * a header row (figures first: `0% < 50% (0/6 gold lines) · file hit 1/2`, then `task · run ·
 * gold`), the note and what-if rows when there are, then one node per group.
 */
export function overviewTree(o: Overview): { message: string; nodes: Node[] } {
  // The message above the tree is one paragraph (line breaks are not kept): the header, and why
  // nothing is shown when that is so — a row alone would be cut at the side bar's width.
  const message = [o.title, o.note, o.error].filter((x): x is string => !!x).join(' — ');
  const nodes: Node[] = [];
  if (o.task !== undefined) {
    // `TASK · run R · FIGURES · file hit a/b · gold G` → figures first, who after.
    const parts = o.title.split(' · ');
    const figures = parts.slice(2, -1).join(' · ');
    const who = [parts[0], parts[1], parts[parts.length - 1]].join(' · ');
    nodes.push({
      kind: 'header', label: figures, description: who, tooltip: o.title,
      icon: o.below ? 'warning' : 'pass', open: null, children: [],
    });
  } else {
    nodes.push(note(o.title, 'info'));
  }
  if (o.error) nodes.push(note(o.error, 'error'));
  if (o.note) nodes.push(note(o.note, 'info'));
  if (o.whatIf) nodes.push(note(o.whatIf.text, 'beaker'));
  if (o.change) nodes.push(note(o.change.text, 'diff'));
  for (const g of o.groups) {
    nodes.push({
      kind: 'group',
      label: g.label,
      description: g.description,
      tooltip: `${g.label}: ${g.description}`,
      icon: ICONS[g.id] ?? 'list-tree',
      open: null,
      children: g.rows.map(rowNode),
    });
  }
  return { message, nodes };
}

/** Every node's text (label · description), depth first: what the tree shows, for tests. */
export function flatten(nodes: Node[], depth = 0): string[] {
  return nodes.flatMap((n) => [
    `${'  '.repeat(depth)}${n.label}${n.description ? ` · ${n.description}` : ''}`,
    ...flatten(n.children, depth + 1),
  ]);
}
