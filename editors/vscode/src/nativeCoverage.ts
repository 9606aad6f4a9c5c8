//! VS Code's own Test Coverage view for readcov's gold coverage (the `readcov.nativeCoverage`
//! option, or the command *readcov: Show gold coverage in the Test Coverage view*): each run of
//! the selected task is one coverage item (`createTestRun(.., persist: false)`), each gold file a
//! `FileCoverage` whose statements are its gold lines (read or not) and whose declarations are
//! the innermost units holding gold. The Test Coverage view, the Explorer's percentage bars and
//! the inline colouring come with it; readcov's decorations keep what this API cannot show.

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { ExplainForCoverage, goldCoverage, runName } from './nativeCoverageModel';
import { METHODS, Tasks } from './protocol';
import { Debounced, realTimers } from './debounce';

export class NativeCoverage implements vscode.Disposable {
  private readonly ctrl: vscode.TestController;
  private readonly profile: vscode.TestRunProfile;
  private readonly details = new WeakMap<vscode.FileCoverage, vscode.FileCoverageDetail[]>();
  /** A burst of figure changes publishes once, 500 ms after the last. */
  private readonly soon = new Debounced(500, () => void this.publish(), realTimers);

  constructor(
    private readonly client: LanguageClient,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.ctrl = vscode.tests.createTestController('readcov', 'readcov gold coverage');
    // "Run with coverage" in the Testing view publishes readcov's coverage, as the command does.
    this.profile = this.ctrl.createRunProfile(
      'readcov gold coverage',
      vscode.TestRunProfileKind.Coverage,
      () => void this.publish(),
      true,
    );
    this.profile.loadDetailedCoverage = async (_run, file) => this.details.get(file) ?? [];
  }

  get enabled(): boolean {
    return vscode.workspace.getConfiguration('readcov').get<boolean>('nativeCoverage', false);
  }

  /** After a change of figures: publish again soon, when the option is on. */
  changed(): void {
    if (!this.enabled) return;
    this.soon.trigger();
  }

  /** One coverage item per run of the selected task (every task's runs when none is); returns
   * how many runs were published. */
  async publish(): Promise<number> {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!root) return 0;
    const tasks = await this.client.sendRequest<Tasks>(METHODS.tasks, {});
    const pairs = tasks.tasks
      .filter((t) => !tasks.selected.task || t.task === tasks.selected.task)
      .flatMap((t) => t.runs.filter((r) => r.run !== '-').map((r) => ({ task: t.task, run: r.run })));
    for (const pair of pairs) {
      const e = await this.client.sendRequest<ExplainForCoverage>(METHODS.explain, pair);
      const run = this.ctrl.createTestRun(new vscode.TestRunRequest(undefined, undefined, this.profile), runName(e), false);
      for (const f of goldCoverage(e)) {
        const line = (l: number) => new vscode.Range(l, 0, l, 10000);
        const details: vscode.FileCoverageDetail[] = [
          ...f.statements.map((s) => new vscode.StatementCoverage(s.read ? 1 : 0, line(s.line))),
          ...f.declarations.map(
            (d) => new vscode.DeclarationCoverage(d.name, d.read, new vscode.Range(d.startLine, 0, d.endLine, 10000)),
          ),
        ];
        const coverage = vscode.FileCoverage.fromDetails(vscode.Uri.joinPath(root, f.path), details);
        this.details.set(coverage, details);
        run.addCoverage(coverage);
      }
      run.end();
    }
    this.log.info(`readcov: gold coverage of ${pairs.length} run(s) in the Test Coverage view`);
    return pairs.length;
  }

  dispose(): void {
    this.soon.cancel();
    this.profile.dispose();
    this.ctrl.dispose();
  }
}
