//! A patch (the gold's or a run's) as the stages take it: per base file (test files aside) the
//! base lines it changes, where its hunks applied (`git apply`'s offsets, through
//! `readcov-patch`), and its text after the change; files it creates and test files counted
//! apart; a file it does not apply to kept on its stated lines, with why. A block of a hunk that
//! only changes layout — blank lines and trailing whitespace — changes no line: the gold of
//! pytest-dev__pytest-10051 deletes one of two blank lines among its imports, and before session
//! 32 that made `<module>` a gold change unit every run had to change (verdict `edit`, "not
//! `<module>`"). A file whose every block is such is not changed at all. A pure insertion's lines
//! are the base lines around it (drawn by the editors), but it touches the one unit of its gap
//! (`FileChange::gaps`): a method the gold adds to a class changes the class, not the methods
//! around it (pytest-dev__pytest-10051, psf__requests-1921).

use readcov_core::stages::{indent_delimited, AfterText, Change, FileChange, Gap, Lost};
use readcov_core::syntax::indentation;
use readcov_core::LineSet;
use readcov_import::repo_path;
use readcov_patch::{
    apply, change_lines, is_test_path, parse, FilePatch, Hunk, HunkLine, Loss, Op,
};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Base texts of one task's files, by path (only files the workspace has).
pub type Texts = BTreeMap<String, Arc<str>>;

/// The repository paths a patch touches (to read their base texts first).
pub fn paths_of(patch: &str) -> Vec<String> {
    let mut errors = Vec::new();
    (parse(patch, "").patch.files.iter())
        .filter_map(|f| repo_path(f, "", &mut errors))
        .collect()
}

/// `patch` measured on the base `texts`; `name` says where it came from, in notes.
pub fn change_of(patch: &str, name: &str, texts: &Texts) -> Change {
    let parsed = parse(patch, name);
    let mut out = Change::default();
    out.not_applied
        .extend(parsed.errors.iter().map(|e| e.to_string()));
    let mut errors = Vec::new();
    for f in &parsed.patch.files {
        let Some(path) = repo_path(f, name, &mut errors) else {
            continue;
        };
        if is_test_path(&path) {
            out.test_files.push(path);
            continue;
        }
        if f.new_file {
            out.new_files.push(path);
            continue;
        }
        let (starts, after): (Vec<u32>, Option<Arc<dyn AfterText>>) = match texts.get(&path) {
            Some(base) => match apply(f, base) {
                Ok(a) => (a.starts(), Some(Arc::new(a))),
                Err(e) => {
                    out.not_applied.push(format!("{path}: {e}"));
                    (Vec::new(), None)
                }
            },
            None => (Vec::new(), None),
        };
        if !f.hunks.is_empty() && f.hunks.iter().all(layout_only) {
            continue;
        }
        let f = without_layout(f);
        let set = |anchor: u32| {
            let mut lines = LineSet::new();
            for (s, e) in change_lines(&f, &starts, anchor) {
                lines.insert(s, e);
            }
            lines
        };
        // Python: an insertion after a unit's last line, or the blank lines after it, is inside it
        // when indented deeper than the unit's first line (docs/diagnose.md, *Change lines*); the
        // base text tells those (`None`: a blank line).
        let base = texts.get(&path).filter(|_| indent_delimited(&path));
        let gaps = gaps_of(&f, &starts, base.is_some());
        // Read only where an insertion asks (gold and every run's patch pass here).
        let indent = |l: &str| (!l.trim().is_empty()).then(|| indentation(l));
        let indents = (base.filter(|_| !gaps.is_empty()))
            .map(|b| b.lines().map(indent).collect::<Arc<[Option<u32>]>>());
        let (lines, edited) = (set(1), set(0));
        // A file named twice in one patch: its lines join (its text is the first's).
        match out.files.get_mut(&path) {
            Some(fc) => {
                fc.lines = fc.lines.union(&lines);
                fc.edited = fc.edited.union(&edited);
                fc.gaps.extend(gaps);
                fc.indents = fc.indents.take().or(indents);
            }
            None => {
                let fc = FileChange {
                    lines,
                    edited,
                    gaps,
                    indents,
                    after,
                };
                out.files.insert(path, fc);
            }
        }
    }
    out.not_applied.extend(errors.iter().map(|e| e.to_string()));
    out
}

/// Where each pure insertion of `f` stands (a block of `+` lines with no `-` line): `k` when
/// between base lines `k` and `k + 1`, each hunk's base side starting at `starts[i]` (else its
/// stated line) as in [`change_lines`]. A hunk with no base line (`@@ -5,0 …`) inserts after
/// its stated line. With `indented` (an indentation-delimited file), each gap's indentation:
/// its first non-blank line's.
fn gaps_of(f: &FilePatch, starts: &[u32], indented: bool) -> Vec<Gap> {
    let mut out = Vec::new();
    for (i, h) in f.hunks.iter().enumerate() {
        let start = starts.get(i).copied().unwrap_or(h.old_start);
        let mut o = match h.old_len {
            0 => start.saturating_add(1),
            _ => start.max(1),
        };
        for block in blocks(h) {
            let deletes = block.iter().filter(|l| l.op != Op::Insert).count() as u32;
            if block[0].op != Op::Context && deletes == 0 {
                let first = block.iter().find(|l| !l.text.trim().is_empty());
                out.push(Gap {
                    at: o - 1,
                    indent: first.filter(|_| indented).map(|l| indentation(&l.text)),
                });
            }
            o = o.saturating_add(deletes);
        }
    }
    out
}

/// `f` with each block that only changes layout made context: its deleted lines kept, its
/// inserted lines dropped (the base side, all that [`change_lines`] counts, is unchanged).
fn without_layout(f: &FilePatch) -> FilePatch {
    let mut out = f.clone();
    for h in &mut out.hunks {
        let mut lines = Vec::with_capacity(h.lines.len());
        for block in blocks(h) {
            if block[0].op != Op::Context && layout_block(block) {
                (block.iter().filter(|l| l.op == Op::Delete)).for_each(|l| {
                    lines.push(HunkLine {
                        op: Op::Context,
                        text: l.text.clone(),
                    })
                });
            } else {
                lines.extend(block.iter().cloned());
            }
        }
        h.lines = lines;
    }
    out
}

/// Every change block of the hunk only changes layout.
fn layout_only(h: &Hunk) -> bool {
    blocks(h)
        .filter(|b| b[0].op != Op::Context)
        .all(layout_block)
}

/// A hunk's lines in blocks: each run of context lines, and each run of `-`/`+` lines between
/// two context lines (a change block).
fn blocks(h: &Hunk) -> impl Iterator<Item = &[HunkLine]> {
    (h.lines).chunk_by(|a, b| (a.op == Op::Context) == (b.op == Op::Context))
}

/// A block (the `-`/`+` lines between two context lines) whose deleted and inserted lines are
/// the same once blank lines are dropped and each line's trailing whitespace trimmed.
fn layout_block(block: &[HunkLine]) -> bool {
    let side = |op: Op| {
        (block.iter())
            .filter(move |l| l.op == op)
            .map(|l| l.text.trim_end())
            .filter(|t| !t.is_empty())
    };
    side(Op::Delete).eq(side(Op::Insert))
}

/// A rebuilt change's losses as the stages weigh them: one decides when it may have changed a
/// base file that is not a test file.
pub fn lost_of(losses: &[Loss]) -> Vec<Lost> {
    (losses.iter())
        .map(|l| Lost {
            sentence: l.sentence(),
            decides: l.touches_base() && !l.path.as_deref().is_some_and(is_test_path),
        })
        .collect()
}
