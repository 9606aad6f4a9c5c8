//! readcov's gold coverage as VS Code's Test Coverage sees coverage (pure: no `vscode` import):
//! per gold file of a `readcov/explain` answer, each gold line a statement, read or not, and
//! each innermost unit holding gold a declaration with the number of its gold lines read.
//! `nativeCoverage.ts` turns these into `FileCoverage`, `StatementCoverage` and
//! `DeclarationCoverage`; what the API cannot show (read-not-gold, what-if, the agent's edits)
//! stays with the decorations.

/** The part of a `readcov/explain` answer (`readcov explain --format json`) used here. */
export interface ExplainForCoverage {
  task: string;
  run: string;
  files: Array<{
    path: string;
    spans: Array<{
      start: number;
      end: number;
      unread: Array<{ start: number; end: number }>;
      unit: { kind: string; name: string; start: number; end: number } | null;
    }>;
  }>;
}

export interface FileGoldCoverage {
  path: string;
  /** 0-based gold lines, sorted, each once, with whether any counted read covered it. */
  statements: Array<{ line: number; read: boolean }>;
  /** Innermost units holding gold (0-based lines), with their gold lines read. */
  declarations: Array<{ name: string; startLine: number; endLine: number; read: number }>;
}

/** One entry per gold file, in the answer's order (worst first). */
export function goldCoverage(e: ExplainForCoverage): FileGoldCoverage[] {
  return e.files.map((f) => {
    const lines = new Map<number, boolean>();
    for (const s of f.spans) {
      for (let l = s.start; l <= s.end; l++) {
        const unread = s.unread.some((u) => u.start <= l && l <= u.end);
        // Spans may overlap: a line is read when any span says so.
        lines.set(l, (lines.get(l) ?? false) || !unread);
      }
    }
    const statements = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([l, read]) => ({ line: l - 1, read }));
    const units = new Map<string, { name: string; startLine: number; endLine: number; read: number }>();
    for (const s of f.spans) {
      if (!s.unit) continue;
      const key = `${s.unit.start}:${s.unit.end}:${s.unit.name}`;
      if (!units.has(key)) {
        units.set(key, { name: `${s.unit.kind} ${s.unit.name}`, startLine: s.unit.start - 1, endLine: s.unit.end - 1, read: 0 });
      }
    }
    for (const u of units.values()) {
      u.read = statements.filter((st) => st.read && u.startLine <= st.line && st.line <= u.endLine).length;
    }
    const declarations = [...units.values()].sort((a, b) => a.startLine - b.startLine);
    return { path: f.path, statements, declarations };
  });
}

/** The coverage item's name: `readcov · TASK · RUN`. */
export function runName(e: { task: string; run: string }): string {
  return `readcov · ${e.task} · ${e.run}`;
}
