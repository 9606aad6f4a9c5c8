//! The test tier: the test functions a fix is checked by. From each SWE-bench row's
//! `test_patch`, its edit lines widened to units as for `unit` gold; from `FAIL_TO_PASS` ids
//! (pytest, JUnit, Gradle, Django, Multi-SWE-bench shapes: [`crate::test_ids`]), the named
//! function or class when the base workspace has it. Every row has origin `test`; it is gold of its own, reported beside core
//! coverage (score it as a separate named gold set), never mixed into it.

use crate::expand::{set_of, ExpandOptions};
use crate::patch::{unit_gold, PatchRow};
use crate::test_ids::{parse_test_id, TestRef};
use crate::{Built, GoldRow, NoteKind, Origin, TaskFiles};
use readcov_core::LineSet;
use readcov_import::DiffOptions;
use readcov_units::{lang_for_file, units, with_leading_comments};
use std::collections::BTreeMap;

/// The lines of the function `names` (last = function, earlier = enclosing classes) in `source`.
fn named_unit(path: &str, source: &str, names: &[String]) -> Option<(u32, u32)> {
    let lang = lang_for_file(path, source)?;
    let found = units(lang, source).ok()?.units;
    let (func, outer) = names.split_last()?;
    let lines: Vec<&str> = source.lines().collect();
    found
        .iter()
        .filter(|u| u.name == *func)
        .find(|u| {
            // Each enclosing class named in the id must enclose the function.
            outer.iter().all(|c| {
                found
                    .iter()
                    .any(|o| o.name == *c && o.start <= u.start && u.end <= o.end)
            })
        })
        .map(|u| {
            let u = with_leading_comments(lang, &lines, u);
            (u.start, u.end)
        })
}

/// The first candidate file the workspace has with a unit of those names: (path, lines).
fn resolve(
    files: &dyn TaskFiles,
    task: &str,
    candidates: &[(String, Vec<String>)],
) -> Option<(String, (u32, u32))> {
    candidates.iter().find_map(|(path, names)| {
        let src = files.read(task, path)?;
        Some((path.clone(), named_unit(path, &src, names)?))
    })
}

/// Test-tier gold of every row with a `test_patch` or `FAIL_TO_PASS`. The test patch's pure
/// insertions take `anchor` lines on each side, as the fix patch's do under `unit`.
pub fn test_gold(
    rows: &[PatchRow],
    files: &dyn TaskFiles,
    opts: &ExpandOptions,
    anchor: u32,
) -> Built {
    let test_rows: Vec<PatchRow> = rows
        .iter()
        .filter_map(|r| {
            Some(PatchRow {
                patch: r.test_patch.clone()?,
                ..r.clone()
            })
        })
        .collect();
    // `--exclude-tests` never applies here: the test patch's files are test files.
    let diff = DiffOptions {
        anchor,
        exclude_tests: false,
    };
    let mut out = unit_gold(&test_rows, files, &diff, Some(opts));
    let mut by_file: BTreeMap<(String, String), LineSet> = BTreeMap::new();
    for r in out.rows.drain(..) {
        by_file
            .entry((r.task.clone(), r.path.clone()))
            .or_default()
            .insert(r.start, r.end);
    }
    for row in rows {
        if row.test_patch.is_none() && row.fail_to_pass.is_empty() {
            let msg = "no `test_patch` and no `FAIL_TO_PASS`: nothing to build the test tier from";
            out.notes.push(NoteKind::NoTestFields, &row.task, "", msg);
        }
        for id in &row.fail_to_pass {
            let Some(at) = parse_test_id(id) else {
                out.notes.push(
                    NoteKind::UnknownTestId,
                    &row.task,
                    id,
                    "not a pytest, JUnit, Gradle or Django test id",
                );
                continue;
            };
            let found = match at {
                TestRef::At(candidates) => resolve(files, &row.task, &candidates),
                // A bare name (SymPy): the files the test patch touches.
                TestRef::Bare(name) => {
                    let touched: Vec<(String, Vec<String>)> = by_file
                        .keys()
                        .filter(|(t, _)| *t == row.task)
                        .map(|(_, p)| (p.clone(), vec![name.clone()]))
                        .collect();
                    resolve(files, &row.task, &touched)
                }
            };
            match found {
                Some((path, span)) => {
                    let set = by_file.entry((row.task.clone(), path)).or_default();
                    *set = set.union(&set_of([span]));
                }
                None if files.has_workspace(&row.task) => out.notes.push(
                    NoteKind::TestNotInBase,
                    &row.task,
                    id,
                    "not in the base workspace (the test patch may add it)",
                ),
                None => out.notes.push(
                    NoteKind::NoWorkspace,
                    &row.task,
                    id,
                    "no workspace: the failing test cannot be found",
                ),
            }
        }
    }
    for ((task, path), set) in by_file {
        for iv in set.intervals() {
            out.rows
                .push(GoldRow::new(&task, &path, iv.start, iv.end, Origin::Test));
        }
    }
    out
}
