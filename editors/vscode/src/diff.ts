//! The change layer's diff: a gold change unit's text after the gold patch beside its text after
//! the run's change, in VS Code's own diff editor. The texts come from `readcov/overview` (the
//! `change` group's rows, `diff`) and are served read-only under the `readcov-diff` scheme.

import * as vscode from 'vscode';
import type { Ctx } from './extension';
import { METHODS, Overview, OverviewRow } from './protocol';
import { changeUnitAt } from './view';

export const SCHEME = 'readcov-diff';

/** Serves the texts of the diffs opened so far (by URI path). */
export class DiffTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  /** A read-only document holding `text`, named `name` (the extension keeps the language mode). */
  add(name: string, text: string, ext: string): vscode.Uri {
    const path = `/${++this.next}/${name.replace(/[\/\\]/g, '∕')}${ext}`;
    this.texts.set(path, text);
    return vscode.Uri.from({ scheme: SCHEME, path });
  }
}

/** The rows of the overview's `change` group that carry both texts. */
function units(o: Overview): OverviewRow[] {
  return o.groups.filter((g) => g.id === 'change').flatMap((g) => g.rows.filter((r) => r.diff));
}

/** Opens `row`'s gold text (left) against the run's (right) in the diff editor. */
export async function openDiff(texts: DiffTexts, row: OverviewRow): Promise<void> {
  const d = row.diff;
  if (!d) return;
  const ext = row.path.match(/\.[A-Za-z0-9]+$/)?.[0] ?? '';
  const gold = texts.add(`gold ${d.title}`, d.goldText, ext);
  const run = texts.add(`run ${d.title}`, d.agentText, ext);
  await vscode.commands.executeCommand('vscode.diff', gold, run, `readcov: ${d.title}`, { preview: false });
}

/**
 * `readcov.diffChange`: the gold change unit at the cursor, else one picked from the overview's
 * change group; a row given (a click in the overview) is opened as it is.
 */
export async function diffChange(ctx: Ctx, texts: DiffTexts, given?: OverviewRow): Promise<void> {
  if (given?.diff) return openDiff(texts, given);
  const o = await ctx.client.sendRequest<Overview>(METHODS.overview, {});
  const rows = units(o);
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(
      'readcov: no gold change unit with both texts (no gold patch, or the run\'s change is not known: set readcov.patches)',
    );
    return;
  }
  const editor = vscode.window.activeTextEditor;
  const at = editor && changeUnitAt(rows, editor.document.uri.toString(), editor.selection.active.line);
  if (at) return openDiff(texts, at);
  const pick = await vscode.window.showQuickPick(
    rows.map((r) => ({ label: r.label, description: r.description, row: r })),
    { title: 'readcov: gold ↔ run diff of which gold change unit' },
  );
  if (pick) await openDiff(texts, pick.row);
}
