//! The extension's commands: summary, run selection, widen at cursor, what-if layer, recording
//! of visible ranges, decoration toggle, restart. Server-side commands (`readcov.widen`, ...)
//! are sent with `workspace/executeCommand`; vscode-languageclient registers those ids itself,
//! so ours use different names.

import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest } from 'vscode-languageclient/node';
import { DiffTexts, SCHEME, diffChange } from './diff';
import type { Ctx } from './extension';
import { Overview } from './overview';
import { METHODS, OverviewRow, SERVER_COMMANDS, SelectRunResult, Summary, UnreadSpan } from './protocol';
import { reportArgs, reportFolderProblem } from './report';
import { runsOf, summaryItems } from './view';

async function serverCommand(ctx: Ctx, command: string, args: unknown[] = []): Promise<void> {
  await ctx.client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
  ctx.decorator.refreshUris(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  ctx.overview.refresh();
}

async function showSummary(ctx: Ctx): Promise<void> {
  const summary = await ctx.client.sendRequest<Summary>(METHODS.summary, {});
  await vscode.window.showQuickPick(summaryItems(summary), {
    title: `readcov summary — ${summary.totals.passing}/${summary.totals.scored} rows at or above the threshold`,
    matchOnDescription: true,
  });
}

/** Writes the HTML report with the client's own readcov binary and opens it in the browser. */
async function openReport(ctx: Ctx): Promise<void> {
  const summary = await ctx.client.sendRequest<Summary>(METHODS.summary, {});
  if (!summary.inputs) throw new Error('this readcov server does not report its inputs; update the binary');
  const plan = reportArgs(summary.inputs, summary.threshold);
  if ('error' in plan) throw new Error(plan.error);
  const dir = path.dirname(plan.out);
  const refused = reportFolderProblem(dir, fs.lstatSync(dir, { throwIfNoEntry: false }));
  if (refused) throw new Error(refused);
  fs.mkdirSync(dir, { recursive: true });
  ctx.log.info(`${ctx.binary} ${plan.args.join(' ')}`);
  await new Promise<void>((resolve, reject) =>
    cp.execFile(ctx.binary, plan.args, { cwd: summary.inputs?.root ?? undefined }, (err, _out, stderr) =>
      err ? reject(new Error(`readcov report failed: ${stderr || err.message}`)) : resolve(),
    ),
  );
  await vscode.env.openExternal(vscode.Uri.file(plan.out));
}

async function selectRuns(ctx: Ctx): Promise<void> {
  const summary = await ctx.client.sendRequest<Summary>(METHODS.summary, {});
  const available = runsOf(summary);
  const picked = await vscode.window.showQuickPick(
    available.map((r) => ({ label: r, picked: ctx.runs ? ctx.runs.includes(r) : true })),
    { canPickMany: true, title: 'readcov: runs to show (none or all = every run merged)' },
  );
  if (!picked) return;
  const runs = picked.length === 0 || picked.length === available.length ? null : picked.map((p) => p.label);
  const result = await ctx.client.sendRequest<SelectRunResult>(METHODS.selectRun, { runs });
  ctx.runs = result.runs;
  ctx.log.info(`selected runs: ${result.runs ? result.runs.join(', ') : 'all'} (available: ${result.available.join(', ')})`);
  ctx.decorator.refreshUris(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
}

/** Jumps to the next (previous) unread gold span of the task, in this file or another. */
async function gotoUnread(ctx: Ctx, direction: 'next' | 'previous'): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  // Without an editor: from the workspace root, so `next` finds the first one.
  const uri = editor?.document.uri.toString() ?? (root ? vscode.Uri.joinPath(root, '.').toString() : undefined);
  if (!uri) return;
  const line = editor?.selection.active.line ?? 0;
  const at = await ctx.client.sendRequest<UnreadSpan | null>(METHODS.nextUnread, {
    textDocument: { uri },
    line,
    direction,
  });
  if (!at) {
    void vscode.window.showInformationMessage('readcov: every gold line of the task has been read');
    return;
  }
  const target = await vscode.window.showTextDocument(vscode.Uri.parse(at.uri), { preview: false });
  const range = new vscode.Range(at.startLine, 0, at.endLine, 0);
  target.selection = new vscode.Selection(range.start, range.start);
  target.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** Offers the server's widen code actions for the cursor line, then runs the one picked. */
async function widenAtCursor(ctx: Ctx): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const pos = editor.selection.active;
  const actions =
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      new vscode.Range(pos, pos),
    )) ?? [];
  const widen = actions.filter((a) => a.command?.command === SERVER_COMMANDS.widen);
  if (widen.length === 0) {
    void vscode.window.showInformationMessage('readcov: no gold lines to widen to at the cursor');
    return;
  }
  const pick = await vscode.window.showQuickPick(
    widen.map((a) => ({ label: a.title, action: a })),
    { title: 'readcov: widen the read window' },
  );
  const cmd = pick?.action.command;
  if (cmd) await serverCommand(ctx, cmd.command, cmd.arguments ?? []);
}

export function registerCommands(context: vscode.ExtensionContext, ctx: Ctx): void {
  const guard = (fn: () => Promise<void> | void) => async () => {
    try {
      await fn();
    } catch (e) {
      ctx.log.error(String(e));
      void vscode.window.showErrorMessage(`readcov: ${e}`);
    }
  };
  const reg = (id: string, fn: () => Promise<void> | void) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, guard(fn)));

  reg('readcov.showSummary', () => showSummary(ctx));
  reg('readcov.nextUnread', () => gotoUnread(ctx, 'next'));
  reg('readcov.previousUnread', () => gotoUnread(ctx, 'previous'));
  reg('readcov.showOverview', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readcov');
  });
  reg('readcov.refreshOverview', () => ctx.overview.refresh());
  context.subscriptions.push(
    vscode.commands.registerCommand('readcov.openLines', (at: { uri: string; startLine: number; endLine: number }) =>
      Overview.openLines(at),
    ),
  );
  reg('readcov.pickRun', async () => {
    const picked = await ctx.overview.pickRun();
    // The editor shows the same run as the overview (`-`: a task nobody read, nothing to select).
    if (picked && picked.run !== '-') {
      const result = await ctx.client.sendRequest<SelectRunResult>(METHODS.selectRun, { runs: [picked.run] });
      ctx.runs = result.runs;
      ctx.decorator.refreshUris(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
    }
  });
  reg('readcov.toggleEdits', async () => {
    const next = !ctx.decorator.editsEnabled;
    ctx.decorator.setEditsEnabled(next);
    await vscode.workspace.getConfiguration('readcov').update('decorations.edits', next);
  });
  reg('readcov.toggleChange', async () => {
    const next = !ctx.decorator.changeEnabled;
    ctx.decorator.setChangeEnabled(next);
    await vscode.workspace.getConfiguration('readcov').update('decorations.change', next);
  });
  const texts = new DiffTexts();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, texts),
    // From the palette (the unit at the cursor, else a pick) or a click on a change row.
    vscode.commands.registerCommand('readcov.diffChange', async (row?: OverviewRow) => {
      try {
        await diffChange(ctx, texts, row);
      } catch (e) {
        ctx.log.error(String(e));
        void vscode.window.showErrorMessage(`readcov: ${e}`);
      }
    }),
  );
  reg('readcov.selectRuns', () => selectRuns(ctx));
  reg('readcov.pickGoldDefinition', async () => {
    const choices = [
      { label: 'as given', description: 'every gold file as its rows give it', value: null },
      { label: 'edit', description: 'the lines the patch changes', value: 'edit' },
      { label: 'units', description: 'changed lines widened to their function or method', value: 'units' },
      { label: 'tests', description: 'the test tier of SWE-bench rows', value: 'tests' },
      { label: 'consensus', description: 'the rows of a consensus gold file', value: 'consensus' },
    ];
    const pick = await vscode.window.showQuickPick(choices, { title: 'readcov: which gold to show (readcov.goldDefinition)' });
    if (!pick) return;
    // A workspace setting: the server is told through didChangeConfiguration, and every view
    // (decorations, overview, status) refreshes on its readcov/didChange.
    await vscode.workspace.getConfiguration('readcov').update('goldDefinition', pick.value ?? undefined, vscode.ConfigurationTarget.Workspace);
  });
  reg('readcov.showNativeCoverage', async () => {
    const n = await ctx.coverage.publish();
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    void vscode.window.showInformationMessage(`readcov: gold coverage of ${n} run(s) in the Test Coverage view`);
  });
  reg('readcov.openReport', () => openReport(ctx));
  reg('readcov.widenAtCursor', () => widenAtCursor(ctx));
  reg('readcov.clearWhatIfReads', () => serverCommand(ctx, SERVER_COMMANDS.clearWhatIf));
  reg('readcov.toggleWhatIfLayer', () => serverCommand(ctx, SERVER_COMMANDS.toggleWhatIf));
  reg('readcov.toggleRecording', () => {
    ctx.recorder.setEnabled(!ctx.recorder.enabled);
    void vscode.window.showInformationMessage(
      `readcov: recording visible ranges as human reads is ${ctx.recorder.enabled ? 'on' : 'off'}`,
    );
  });
  reg('readcov.toggleDecorations', async () => {
    // Repaint first: writing settings.json has been seen to take over 30 s on a busy machine.
    const next = !ctx.decorator.enabled;
    ctx.decorator.setEnabled(next);
    await vscode.workspace.getConfiguration('readcov').update('decorations.enabled', next);
  });
  reg('readcov.restartServer', async () => {
    await ctx.client.restart();
    ctx.decorator.refreshUris(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  });
}
