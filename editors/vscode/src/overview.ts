//! The task overview: a TreeView in readcov's own activity-bar container listing every gold file
//! of the shown task and run (from `readcov/explain`), never-opened files included, each
//! expandable to its unread gold lines; a click opens the file there. A run picker chooses the
//! (task, run) explained; `readcov/didChange` refreshes it.

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { Explanation, FileRow, SpanRow, fileRows, headline, spanRows } from './overviewModel';
import { METHODS, Tasks } from './protocol';

type Node = { kind: 'file'; row: FileRow; spans: SpanRow[] } | { kind: 'span'; row: SpanRow } | { kind: 'note'; text: string };

export class Overview implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  /** The (task, run) picked; undefined = the server's selected ones. */
  private pick: { task: string; run: string } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: LanguageClient,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.view = vscode.window.createTreeView('readcov.overview', { treeDataProvider: this, showCollapseAll: true });
  }

  /** Re-asks the server soon (several changes in a row cost one request). */
  refresh(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.changed.fire(undefined), 200);
  }

  /** The run picker: every task's runs from `readcov/tasks`, worst line coverage first. */
  async pickRun(): Promise<{ task: string; run: string } | undefined> {
    const t = await this.client.sendRequest<Tasks>(METHODS.tasks, {});
    const items = t.tasks.flatMap((task) =>
      task.runs.map((r) => ({
        label: `${task.task} · ${r.run}`,
        description: `${r.verdict} · line coverage ${r.line_coverage === null ? '—' : `${Math.floor(r.line_coverage * 100 + 1e-9)}%`}`,
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
    if (n.kind === 'note') return new vscode.TreeItem(n.text);
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    const item = new vscode.TreeItem(
      n.row.label,
      n.kind === 'file' && n.spans.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.description = n.row.description;
    item.tooltip = n.row.tooltip;
    const line = n.kind === 'file' ? n.row.line : n.row.startLine;
    if (n.kind === 'file') {
      item.iconPath = new vscode.ThemeIcon(n.row.description.startsWith('never opened') ? 'eye-closed' : 'file');
      item.contextValue = 'readcov.file';
    } else {
      item.iconPath = new vscode.ThemeIcon('circle-slash');
    }
    if (root) {
      const uri = vscode.Uri.joinPath(root, n.row.path);
      if (n.kind === 'file') item.resourceUri = uri;
      item.command = {
        command: 'vscode.open',
        title: 'Open',
        arguments: [uri, { selection: new vscode.Range(line, 0, line, 0) }],
      };
    }
    return item;
  }

  async getChildren(n?: Node): Promise<Node[]> {
    if (n?.kind === 'file') return n.spans.map((row) => ({ kind: 'span', row }));
    if (n) return [];
    try {
      const e = await this.client.sendRequest<Explanation>(METHODS.explain, this.pick ?? {});
      this.view.description = headline(e);
      return fileRows(e).map((row, i) => ({ kind: 'file', row, spans: spanRows(e.files[i]) }));
    } catch (err) {
      // No task selected (several tasks, none configured) or no run: say what to do.
      this.log.info(`readcov/explain: ${err}`);
      this.view.description = undefined;
      return [{ kind: 'note', text: `Pick a task and run (readcov: Pick run for the overview): ${String(err).slice(0, 120)}` }];
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.view.dispose();
    this.changed.dispose();
  }
}
