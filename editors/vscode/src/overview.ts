//! The task overview: a TreeView in readcov's own activity-bar container drawing the server's
//! `readcov/overview` — a header (task, run, verdict, gold shown), the gold files (never-opened
//! ones first-class) with their unread lines, the files read instead, the agent's edits and
//! coverage per turn; a click opens the file at the row's lines. A run picker chooses the
//! (task, run). It refreshes on every state change, and never ends a change behind: a change
//! that lands while an answer is on its way asks again.

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { Node, overviewTree } from './overviewModel';
import { METHODS, Overview as Answer, Tasks } from './protocol';
import { share } from './view';
import { Debounced, realTimers, Versions } from './debounce';

export class Overview implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  /** The (task, run) picked; undefined = the server's selected ones. */
  private pick: { task: string; run: string } | undefined;
  /** Several changes in a row cost one request: 150 ms after the last of them. */
  private readonly soon = new Debounced(150, () => this.changed.fire(undefined), realTimers);
  /** Bumped by every refresh: an answer asked for before the last bump is already stale. */
  private readonly versions = new Versions();

  constructor(
    private readonly client: LanguageClient,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.view = vscode.window.createTreeView('readcov.overview', { treeDataProvider: this, showCollapseAll: true });
  }

  /** Re-asks the server soon (several changes in a row cost one request). */
  refresh(): void {
    this.versions.bump();
    this.soon.trigger();
  }

  /** The run picker: every task's agent runs from `readcov/tasks` (the what-if layer is no run). */
  async pickRun(): Promise<{ task: string; run: string } | undefined> {
    const t = await this.client.sendRequest<Tasks>(METHODS.tasks, {});
    const items = t.tasks.flatMap((task) =>
      task.runs.map((r) => ({
        label: `${task.task} · ${r.run}`,
        description: `${r.verdict} · line coverage ${r.line_coverage === null ? '—' : share(r.line_coverage)}`,
        picked: t.selected.task === task.task && t.selected.run === r.run,
        task: task.task,
        run: r.run,
      })),
    );
    const chosen = await vscode.window.showQuickPick(items, { title: 'readcov: task and run to explain in the overview' });
    if (!chosen) return undefined;
    this.pick = { task: chosen.task, run: chosen.run };
    this.refresh();
    return this.pick;
  }

  getTreeItem(n: Node): vscode.TreeItem {
    const open = n.children.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(n.label, open);
    item.description = n.description;
    item.tooltip = n.tooltip;
    item.iconPath = new vscode.ThemeIcon(n.icon);
    item.contextValue = `readcov.${n.kind}`;
    if (n.diff) {
      item.command = { command: 'readcov.diffChange', title: 'Diff gold ↔ run', arguments: [n.diff.row] };
    } else if (n.open) {
      item.command = { command: 'readcov.openLines', title: 'Open', arguments: [n.open] };
    }
    return item;
  }

  async getChildren(n?: Node): Promise<Node[]> {
    if (n) return n.children;
    const asked = this.versions.ask();
    try {
      const answer = await this.client.sendRequest<Answer>(METHODS.overview, this.pick ?? {});
      const tree = overviewTree(answer);
      this.view.message = tree.message;
      this.view.description = answer.gold ? `gold ${answer.gold.label}` : undefined;
      if (answer.needsRun) {
        tree.nodes.push({
          kind: 'note', label: 'Pick a run: readcov: Pick run for the overview', description: '', tooltip: '',
          icon: 'list-selection', open: null, children: [],
        });
      }
      return tree.nodes;
    } catch (err) {
      this.log.info(`readcov/overview: ${err}`);
      this.view.message = `readcov/overview failed: ${String(err).slice(0, 200)}`;
      return [];
    } finally {
      // A change landed while this answer was on its way and no request asked since (the view
      // folded the change's refresh into this one): it is already behind, ask again — without
      // bumping, which would make every answer still on its way stale too.
      if (this.versions.askAgain(asked) && !this.soon.pending) this.soon.trigger();
    }
  }

  /** Opens a row's file with its lines selected and the cursor on the first of them. */
  static async openLines(at: { uri: string; startLine: number; endLine: number }): Promise<void> {
    const editor = await vscode.window.showTextDocument(vscode.Uri.parse(at.uri), { preview: true });
    const last = Math.min(at.endLine, editor.document.lineCount - 1);
    const end = editor.document.lineAt(Math.max(0, last)).range.end;
    const start = new vscode.Position(Math.min(at.startLine, last), 0);
    editor.selection = new vscode.Selection(end, start);
    editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    this.soon.cancel();
    this.view.dispose();
    this.changed.dispose();
  }
}
