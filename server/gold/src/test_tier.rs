//! The test tier: the test functions a fix is checked by. From each SWE-bench row's
//! `test_patch`, its edit lines widened to units as for `unit` gold; from `FAIL_TO_PASS` ids of
//! the pytest form (`path::Class::test_name[params]`), the named function when the base
//! workspace has it. Every row has origin `test`; it is gold of its own, reported beside core
//! coverage (score it as a separate named gold set), never mixed into it.

use crate::expand::{set_of, ExpandOptions};
use crate::patch::{unit_gold, PatchRow};
use crate::{Built, GoldRow, NoteKind, Origin, TaskFiles};
use readcov_core::LineSet;
use readcov_import::DiffOptions;
use readcov_units::{lang_for_file, units, with_leading_comments};
use std::collections::BTreeMap;

/// `path::A::b[x]` → (`path`, [`A`, `b`]); `None` for ids of other shapes.
fn pytest_id(id: &str) -> Option<(&str, Vec<&str>)> {
    let mut parts = id.split("::");
    let path = parts.next()?;
    let names: Vec<&str> = parts.map(|p| p.split('[').next().unwrap_or(p)).collect();
    (!names.is_empty() && path.contains('.')).then_some((path, names))
}

/// The lines of the function `names` (last = function, earlier = enclosing classes) in `source`.
fn named_unit(path: &str, source: &str, names: &[&str]) -> Option<(u32, u32)> {
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

/// Test-tier gold of every row with a `test_patch` or `FAIL_TO_PASS`.
pub fn test_gold(rows: &[PatchRow], files: &dyn TaskFiles, opts: &ExpandOptions) -> Built {
    let test_rows: Vec<PatchRow> = rows
        .iter()
        .filter_map(|r| {
            Some(PatchRow {
                patch: r.test_patch.clone()?,
                ..r.clone()
            })
        })
        .collect();
    let mut out = unit_gold(&test_rows, files, &DiffOptions::default(), Some(opts));
    let mut by_file: BTreeMap<(String, String), LineSet> = BTreeMap::new();
    for r in out.rows.drain(..) {
        by_file
            .entry((r.task.clone(), r.path.clone()))
            .or_default()
            .insert(r.start, r.end);
    }
    for row in rows {
        for id in &row.fail_to_pass {
            let Some((path, names)) = pytest_id(id) else {
                continue;
            };
            let found = files
                .read(&row.task, path)
                .and_then(|src| named_unit(path, &src, &names));
            match found {
                Some(span) => {
                    let set = by_file
                        .entry((row.task.clone(), path.to_string()))
                        .or_default();
                    *set = set.union(&set_of([span]));
                }
                None if files.has_workspace(&row.task) => out.notes.push(
                    NoteKind::TestNotInBase,
                    &row.task,
                    id,
                    "not in the base workspace (the test patch may add it)",
                ),
                None => {}
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
