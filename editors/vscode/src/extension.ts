//! Entry point: starts `readcov lsp` through vscode-languageclient, then wires line decorations,
//! the status bar and the commands (see commands.ts) to the server's custom requests.

import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';
import { registerCommands } from './commands';
import { realTimers } from './debounce';
import { Decorator } from './decorations';
import { NativeCoverage } from './nativeCoverage';
import { Overview } from './overview';
import { METHODS } from './protocol';
import { DwellRecorder } from './recorder';
import { findServer } from './serverPath';

/** Settings forwarded to the server; editor-only ones (decorations, dwell) stay here. */
const SERVER_KEYS = ['gold', 'goldDefinition', 'task', 'reads', 'patches', 'threshold', 'runs', 'sources', 'whatIf', 'readLog', 'infoAtThreshold'];

export interface Ctx {
  client: LanguageClient;
  decorator: Decorator;
  overview: Overview;
  coverage: NativeCoverage;
  recorder: DwellRecorder;
  log: vscode.LogOutputChannel;
  /** Runs shown, as last confirmed by `readcov/selectRun`; null = all merged. */
  runs: string[] | null;
  /** The readcov binary the client runs (also used for `readcov report`). */
  binary: string;
}

let ctx: Ctx | undefined;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Only settings the user set explicitly are sent, so an unset setting never overrides the
 * workspace's readcov.toml with a default.
 */
export function serverSettings(): Record<string, unknown> {
  const cfg = vscode.workspace.getConfiguration('readcov');
  const out: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const i = cfg.inspect(key);
    const v = i?.workspaceFolderValue ?? i?.workspaceValue ?? i?.globalValue;
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('readcov', { log: true });
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const found = findServer({
    setting: vscode.workspace.getConfiguration('readcov').get<string | null>('server.path'),
    workspaceRoot: root,
    envPath: process.env.PATH,
    extensionPath: context.extensionPath,
    platform: process.platform,
    isExecutable,
  });
  if ('error' in found) {
    log.error(found.error);
    void vscode.window.showErrorMessage(found.error);
    return;
  }
  log.info(`starting ${found.command} lsp (found via ${found.origin})`);
  const serverOptions: ServerOptions = { command: found.command, args: ['lsp'] };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file' }],
    initializationOptions: serverSettings(),
    outputChannel: log,
    // Diagnostics: this client declares pull support with refresh, so the server does not push
    // (no duplicates in the Problems panel) and asks for a re-pull after every live change.
  };
  const client = new LanguageClient('readcov', 'readcov', serverOptions, clientOptions);
  const decorator = new Decorator(client, log);
  const dwell = vscode.workspace.getConfiguration('readcov').get<number>('record.dwellMs', 2000);
  const recorder = new DwellRecorder(
    dwell,
    (read) => void client.sendNotification(METHODS.recordRead, read),
    realTimers,
  );
  const runs = vscode.workspace.getConfiguration('readcov').get<string[] | null>('runs') ?? null;
  const overview = new Overview(client, log);
  const coverage = new NativeCoverage(client, log);
  ctx = { client, decorator, overview, coverage, recorder, log, runs, binary: found.command };
  context.subscriptions.push(decorator, overview, coverage, log);
  registerCommands(context, ctx);

  await client.start();
  client.onNotification(METHODS.didChange, (p: { uris?: string[] }) => {
    decorator.refreshUris(p?.uris ?? []);
    overview.refresh();
    coverage.changed();
  });
  overview.refresh();
  coverage.changed();
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(() => decorator.refreshVisible()),
    vscode.window.onDidChangeVisibleTextEditors(() => decorator.refreshVisible()),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme !== 'file') return;
      decorator.refreshUris([e.document.uri.toString()]);
      // The overview shows an open file's lines as they are now: every edit (and undo) moves them.
      if (e.contentChanges.length > 0) overview.refresh();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('readcov.decorations')) decorator.settingChanged();
      if (e.affectsConfiguration('readcov.nativeCoverage')) coverage.changed();
      // Only explicitly set keys go to the server (see serverSettings), not the whole section
      // with its defaults, which would override readcov.toml.
      if (SERVER_KEYS.some((k) => e.affectsConfiguration(`readcov.${k}`))) {
        void client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { readcov: serverSettings() },
        });
      }
    }),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) =>
      recorder.visible(
        e.textEditor.document.uri.toString(),
        e.visibleRanges.map((r) => [r.start.line, r.end.line]),
      ),
    ),
  );
  decorator.refreshVisible();
}

export async function deactivate(): Promise<void> {
  ctx?.recorder.setEnabled(false);
  await ctx?.client.stop();
}
