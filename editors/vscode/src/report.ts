//! `readcov: Open HTML report`: the arguments of `readcov report` for the workspace's effective
//! gold and reads (as the server reports them in `readcov/summary.inputs`). Pure, unit-tested.

import * as path from 'path';

/** `readcov/summary` → `inputs`: the server's configuration with every layer merged. */
export interface Inputs {
  root: string | null;
  gold: string[];
  reads: string[];
  readLog: string;
  task: string | null;
  sources: string[];
}

/** Where the report goes: `<root>/.readcov/report.html`. */
export function reportPath(root: string): string {
  return path.join(root, '.readcov', 'report.html');
}

/** What `lstat` says of a path: enough to tell a real folder from a link or a file. */
export interface Stat {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * Why the report must not be written into `dir` (`<root>/.readcov`), or null when it may. The folder
 * comes with the repository: a `.readcov` that is a link (to `~/public_html`, say) made the report replace
 * `report.html` wherever it points, a file of the user's. `lstat` is `undefined` when nothing is there
 * (the folder is then made). readcov's own rule for `.readcov/` (docs/reliability.md).
 */
export function reportFolderProblem(dir: string, lstat: Stat | undefined): string | null {
  if (!lstat || (lstat.isDirectory() && !lstat.isSymbolicLink())) return null;
  const what = lstat.isSymbolicLink() ? 'a symbolic link' : 'not a folder';
  return `${dir} is ${what}: the HTML report is written only into a real .readcov folder of the workspace`;
}

/**
 * `readcov report --gold G --reads R --workspace ROOT --threshold T --sources S --html OUT`.
 * `readcov report` reads one gold JSONL and one reads JSONL, so other set-ups get an error that
 * says what to configure instead of a report of something else.
 */
export function reportArgs(inputs: Inputs, threshold: number): { args: string[]; out: string } | { error: string } {
  if (!inputs.root) return { error: 'open a workspace folder first: the report is written to <workspace>/.readcov/report.html' };
  if (inputs.gold.length !== 1 || inputs.reads.length !== 1) {
    return {
      error: `the HTML report needs exactly one gold file and one reads file (configured: ${inputs.gold.length} gold, ${inputs.reads.length} reads)`,
    };
  }
  const jsonl = (f: string) => /\.jsonl$/i.test(f);
  const notJsonl = [...inputs.gold, ...inputs.reads].filter((f) => !jsonl(f));
  if (notJsonl.length) {
    return { error: `readcov report reads gold and reads JSONL; convert ${notJsonl.join(', ')} first (readcov gold / readcov import)` };
  }
  const abs = (f: string) => (path.isAbsolute(f) ? f : path.join(inputs.root as string, f));
  const out = reportPath(inputs.root);
  const args = ['report', '--gold', abs(inputs.gold[0]), '--reads', abs(inputs.reads[0]), '--workspace', inputs.root,
    '--threshold', String(threshold)];
  if (inputs.sources.length) args.push('--sources', inputs.sources.join(','));
  if (inputs.task) args.push('--title', `readcov report — ${inputs.task}`);
  args.push('--html', out);
  return { args, out };
}
