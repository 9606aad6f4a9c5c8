//! Paints `readcov/lineStates` as whole-line backgrounds plus overview-ruler marks — never gutter
//! icons, so the breakpoint gutter stays clickable — what-if lines in their own colour, the
//! agent's edits as a thin bar (toggleable), the change layer — the lines the gold change and the
//! run's change changed — as underlines with a label (toggleable, never a background: those are
//! the reads'), and keeps the status bar item in step.

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { LINE_STATES, LineState, LineStates, METHODS } from './protocol';
import { belowThreshold, planChange, planDecorations, planOverlays, statusText, statusTooltip } from './view';

const COLORS: Record<LineState, string> = {
  read: 'read',
  'gold-read': 'goldRead',
  'gold-unread': 'goldUnread',
};

type ChangeKind = 'gold' | 'run' | 'both';
const CHANGE_KINDS: ChangeKind[] = ['gold', 'run', 'both'];
const CHANGE_COLOR: Record<ChangeKind, string> = {
  gold: 'readcov.changeGoldBorder',
  run: 'readcov.changeRunBorder',
  both: 'readcov.changeGoldBorder',
};

export class Decorator implements vscode.Disposable {
  private readonly types: Record<LineState, vscode.TextEditorDecorationType>;
  private readonly whatIf: vscode.TextEditorDecorationType;
  private readonly whatIfGold: vscode.TextEditorDecorationType;
  private readonly edits: vscode.TextEditorDecorationType;
  /** The change layer: lines and their labels, by kind (gold only, run only, both). */
  private readonly change: Record<ChangeKind, { lines: vscode.TextEditorDecorationType; label: vscode.TextEditorDecorationType }>;
  private readonly status: vscode.StatusBarItem;
  private readonly cache = new Map<string, LineStates | null>();
  private generation = 0;

  constructor(
    private readonly client: LanguageClient,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const make = (s: LineState) =>
      vscode.window.createTextEditorDecorationType({
        isWholeLine: true,
        backgroundColor: new vscode.ThemeColor(`readcov.${COLORS[s]}Background`),
        overviewRulerColor: new vscode.ThemeColor(`readcov.${COLORS[s]}Ruler`),
        overviewRulerLane: vscode.OverviewRulerLane.Left,
      });
    this.types = { read: make('read'), 'gold-read': make('gold-read'), 'gold-unread': make('gold-unread') };
    this.whatIf = vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('readcov.whatIfBackground'),
      overviewRulerColor: new vscode.ThemeColor('readcov.whatIfRuler'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    });
    // Gold lines only what-if reads cover: a stronger violet than the rest of a widened unit.
    this.whatIfGold = vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('readcov.whatIfGoldBackground'),
      overviewRulerColor: new vscode.ThemeColor('readcov.whatIfRuler'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    });
    // A bar at the start of the line, not a background: an edit line keeps its read state colour.
    this.edits = vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      borderStyle: 'solid',
      borderWidth: '0 0 0 3px',
      borderColor: new vscode.ThemeColor('readcov.editBorder'),
      overviewRulerColor: new vscode.ThemeColor('readcov.editBorder'),
      overviewRulerLane: vscode.OverviewRulerLane.Right,
    });
    // An underline across the whole line (a bottom border), in the overview ruler's centre lane;
    // the label after the first line of each run of lines.
    const changeType = (kind: ChangeKind, style: string, width: string, text: string) => ({
      lines: vscode.window.createTextEditorDecorationType({
        isWholeLine: true,
        borderStyle: `none none ${style} none`,
        borderWidth: `0 0 ${width} 0`,
        borderColor: new vscode.ThemeColor(CHANGE_COLOR[kind]),
        overviewRulerColor: new vscode.ThemeColor(CHANGE_COLOR[kind]),
        overviewRulerLane: vscode.OverviewRulerLane.Center,
      }),
      label: vscode.window.createTextEditorDecorationType({
        after: { contentText: text, color: new vscode.ThemeColor(CHANGE_COLOR[kind]), margin: '0 0 0 3em', fontStyle: 'italic' },
      }),
    });
    this.change = {
      gold: changeType('gold', 'solid', '2px', '◆ gold change'),
      run: changeType('run', 'dashed', '2px', "◆ run's change"),
      both: changeType('both', 'double', '4px', "◆ gold + run's change"),
    };
    this.status = vscode.window.createStatusBarItem('readcov.status', vscode.StatusBarAlignment.Left, 100);
    this.status.name = 'readcov coverage';
    this.status.command = 'readcov.showSummary';
  }

  /** Set by the toggle command until the settings write lands (which can take seconds). */
  private shown: boolean | undefined;

  /** The agent's edits drawn (toggled by `readcov.toggleEdits`, ahead of the settings write). */
  private editsShown: boolean | undefined;

  get editsEnabled(): boolean {
    return this.editsShown ?? vscode.workspace.getConfiguration('readcov').get<boolean>('decorations.edits', true);
  }

  setEditsEnabled(on: boolean): void {
    this.editsShown = on;
    this.refreshVisible();
  }

  /** The change layer drawn (toggled by `readcov.toggleChange`, ahead of the settings write). */
  private changeShown: boolean | undefined;

  get changeEnabled(): boolean {
    return this.changeShown ?? vscode.workspace.getConfiguration('readcov').get<boolean>('decorations.change', true);
  }

  setChangeEnabled(on: boolean): void {
    this.changeShown = on;
    this.refreshVisible();
  }

  get enabled(): boolean {
    return this.shown ?? vscode.workspace.getConfiguration('readcov').get<boolean>('decorations.enabled', true);
  }

  /** Shows or hides the decorations at once, ahead of the (slower) settings write. */
  setEnabled(on: boolean): void {
    this.shown = on;
    this.refreshVisible();
  }

  /** The setting changed: it is authoritative again. */
  settingChanged(): void {
    this.shown = undefined;
    this.editsShown = undefined;
    this.changeShown = undefined;
    this.refreshVisible();
  }

  /** Re-asks the server for the given documents (after `readcov/didChange` or an edit). */
  refreshUris(uris: string[]): void {
    for (const u of uris) this.cache.delete(u);
    this.refreshVisible();
  }

  /** Refreshes every visible editor and the status bar. */
  refreshVisible(): void {
    const gen = ++this.generation;
    for (const editor of vscode.window.visibleTextEditors) void this.paint(editor, gen);
    if (!vscode.window.activeTextEditor) this.status.hide();
  }

  private async states(uri: string): Promise<LineStates | null> {
    if (this.cache.has(uri)) return this.cache.get(uri) ?? null;
    try {
      const s = await this.client.sendRequest<LineStates | null>(METHODS.lineStates, { textDocument: { uri } });
      this.cache.set(uri, s ?? null);
      return s ?? null;
    } catch (e) {
      this.log.warn(`readcov/lineStates failed for ${uri}: ${e}`);
      return null;
    }
  }

  private async paint(editor: vscode.TextEditor, gen: number): Promise<void> {
    if (editor.document.uri.scheme !== 'file') return;
    const uri = editor.document.uri.toString();
    const states = await this.states(uri);
    // A newer refresh started while we waited: let it paint, so stale answers never win.
    if (gen !== this.generation) return;
    const plan = planDecorations(this.enabled ? states : null, editor.document.lineCount);
    for (const s of LINE_STATES) {
      editor.setDecorations(
        this.types[s],
        plan[s].map(([a, b]) => new vscode.Range(a, 0, b, 0)),
      );
    }
    const over = planOverlays(this.enabled ? states : null, editor.document.lineCount);
    const ranges = (l: Array<[number, number]>) => l.map(([a, b]) => new vscode.Range(a, 0, b, 0));
    editor.setDecorations(this.whatIf, ranges(over.whatIf));
    editor.setDecorations(this.whatIfGold, ranges(over.whatIfGold));
    editor.setDecorations(this.edits, this.editsEnabled ? ranges(over.edits) : []);
    const change = planChange(this.enabled && this.changeEnabled ? states : null, editor.document.lineCount);
    for (const kind of CHANGE_KINDS) {
      editor.setDecorations(this.change[kind].lines, ranges(change[kind]));
      const end = (l: number) => editor.document.lineAt(l).range.end;
      editor.setDecorations(this.change[kind].label, change.labels[kind].map((l) => new vscode.Range(end(l), end(l))));
    }
    if (editor === vscode.window.activeTextEditor) {
      this.status.text = statusText(states);
      this.status.tooltip = statusTooltip(states);
      // The agent's own figure below the threshold: the theme's warning colours.
      this.status.backgroundColor = belowThreshold(states)
        ? new vscode.ThemeColor('statusBarItem.warningBackground')
        : undefined;
      this.status.show();
    }
  }

  dispose(): void {
    for (const s of LINE_STATES) this.types[s].dispose();
    this.whatIf.dispose();
    this.whatIfGold.dispose();
    this.edits.dispose();
    for (const kind of CHANGE_KINDS) {
      this.change[kind].lines.dispose();
      this.change[kind].label.dispose();
    }
    this.status.dispose();
  }
}
