//! Finds the readcov binary: the `readcov.server.path` setting, then `readcov` on PATH, then the
//! binary bundled in the extension (`bin/readcov`). Pure apart from the injected `isExecutable`.

import * as path from 'path';

export interface Found {
  command: string;
  /** Where it came from, shown in the output channel so a wrong binary is easy to spot. */
  origin: 'setting' | 'PATH' | 'bundled';
}

/**
 * `setting` wins when set, even if it does not exist: silently falling back to another binary
 * would hide a typo. Relative settings resolve against the workspace root.
 */
export function findServer(opts: {
  setting: string | null | undefined;
  workspaceRoot: string | undefined;
  envPath: string | undefined;
  extensionPath: string;
  platform: NodeJS.Platform;
  isExecutable: (file: string) => boolean;
}): Found | { error: string } {
  const exe = opts.platform === 'win32' ? 'readcov.exe' : 'readcov';
  const setting = opts.setting?.trim();
  if (setting) {
    const abs = path.isAbsolute(setting) || !opts.workspaceRoot ? setting : path.join(opts.workspaceRoot, setting);
    if (opts.isExecutable(abs)) return { command: abs, origin: 'setting' };
    return { error: `readcov.server.path is set to ${abs}, which is not an executable file` };
  }
  const sep = opts.platform === 'win32' ? ';' : ':';
  for (const dir of (opts.envPath ?? '').split(sep)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    if (opts.isExecutable(candidate)) return { command: candidate, origin: 'PATH' };
  }
  const bundled = path.join(opts.extensionPath, 'bin', exe);
  if (opts.isExecutable(bundled)) return { command: bundled, origin: 'bundled' };
  return {
    error:
      'readcov binary not found: set readcov.server.path, put `readcov` on PATH (cargo install --path server/cli), ' +
      'or bundle it as bin/readcov in the extension',
  };
}
