//! The change layer the editors draw beside the reads: the base lines the gold change changes and
//! the base lines the run's change changes, per file (`C_gold(f)` and `C_run(f)` of
//! docs/diagnose.md) — the same patches, applied the same way ([`change_of`]), as the edit stage
//! measures, so a line drawn as changed is a line the stage counted.

use super::{change_of, paths_of, DiagnoseInput, Texts};
use readcov_core::stages::{Change, ChangeSource, FileUnits, UnitRef};
use readcov_core::LineSet;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// One run's changed lines beside the gold's, base lines per base file (test files aside).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChangeLayer {
    /// The gold change's lines; `None`: no gold change is known (gold without a patch).
    pub gold: Option<BTreeMap<String, LineSet>>,
    /// The run's change's lines; `None`: the run's change is not known.
    pub run: Option<BTreeMap<String, LineSet>>,
    /// Where the run's change came from.
    pub source: ChangeSource,
    /// Files the run's change creates, and test files it changes (drawn nowhere: listed).
    pub new_files: Vec<String>,
    pub test_files: Vec<String>,
    /// Each gold change unit (the units the gold change touches, as the edit stage finds them),
    /// with its text after the gold change and after the run's: what a side-by-side diff shows.
    pub units: Vec<LayerUnit>,
}

/// A gold change unit and both texts of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerUnit {
    pub unit: UnitRef,
    /// The run's change touches it (`stages.edit.gold_change_units[].changed`).
    pub changed: bool,
    /// Its text after the gold change; `None` when the gold patch did not apply (or is unknown).
    pub gold_text: Option<String>,
    /// Its text after the run's change: the base text when the run left it alone; `None` when
    /// the run's change is unknown or did not apply.
    pub agent_text: Option<String>,
}

/// The change layer of `run` in `task`: the gold patch of the task (else its gold `edit` rows)
/// and the run's change, applied to the base files `input.files` holds.
pub fn change_layer(input: &DiagnoseInput, task: &str, run: &str) -> ChangeLayer {
    let gold_patch = input.gold_patches.iter().find(|p| p.task == task);
    let given = (input.change)(task, run);
    let mut paths: BTreeSet<String> = BTreeSet::new();
    paths.extend(gold_patch.iter().flat_map(|p| paths_of(&p.patch)));
    paths.extend(given.iter().flat_map(|c| paths_of(&c.patch)));
    let texts: Texts = match input.files.has_workspace(task) {
        true => (paths.into_iter())
            .filter_map(|p| Some((p.clone(), Arc::from(input.files.read(task, &p)?))))
            .collect(),
        false => Texts::new(),
    };
    let lines = |c: &Change| -> BTreeMap<String, LineSet> {
        (c.files.iter())
            .map(|(path, f)| (path.clone(), f.lines.clone()))
            .filter(|(_, l)| !l.is_empty())
            .collect()
    };
    let gold_change = gold_patch.map(|p| change_of(&p.patch, &p.file, &texts));
    let gold = match &gold_change {
        Some(c) => Some(lines(c)),
        None => (input.gold_edit_lines.get(task)).map(|files| {
            (files.iter())
                .filter(|(path, _)| !readcov_patch::is_test_path(path))
                .map(|(p, l)| (p.clone(), l.clone()))
                .collect()
        }),
    };
    let mut out = ChangeLayer {
        gold,
        source: given.as_ref().map_or(ChangeSource::None, |c| c.source),
        ..ChangeLayer::default()
    };
    let run_change = given.map(|c| change_of(&c.patch, c.source.as_str(), &texts));
    if let Some(change) = &run_change {
        out.new_files = change.new_files.clone();
        out.test_files = change.test_files.clone();
        out.run = Some(lines(change));
    }
    if let Some(gold) = &gold_change {
        out.units = units_of(gold, run_change.as_ref(), &texts);
    }
    out
}

/// The gold change units of the files with a base text, each with both texts.
fn units_of(gold: &Change, run: Option<&Change>, texts: &Texts) -> Vec<LayerUnit> {
    let syntax = super::syntax_of(texts);
    let mut out = Vec::new();
    for (path, fc) in &gold.files {
        let (Some(syn), Some(base)) = (syntax.get(path), texts.get(path)) else {
            continue;
        };
        let units = FileUnits::new(path, syn);
        let ran = run.and_then(|r| r.files.get(path));
        let run_units = ran.map(|f| units.changed(f)).unwrap_or_default();
        for i in units.changed(fc) {
            let u = units.units[i].clone();
            let changed = run_units.contains(&i);
            let slice = |c: Option<&readcov_core::stages::FileChange>| {
                c.and_then(|f| f.after.as_ref())
                    .map(|a| a.slice(u.start, u.end))
            };
            let agent_text = match (run, ran) {
                (None, _) => None,
                (Some(_), Some(f)) => slice(Some(f)),
                // The run left this file alone: the unit is as at the base.
                (Some(_), None) => Some(base_lines(base, u.start, u.end)),
            };
            out.push(LayerUnit {
                gold_text: slice(Some(fc)),
                agent_text,
                changed,
                unit: u,
            });
        }
    }
    out
}

/// Lines `start..=end` (1-based) of `text`, joined as `readcov-patch`'s text after a change is
/// (no line break after the last, no `\r`): so an unchanged unit compares equal to itself.
fn base_lines(text: &str, start: u32, end: u32) -> String {
    let lines: Vec<&str> = (text.lines())
        .skip(start.saturating_sub(1) as usize)
        .take((end + 1).saturating_sub(start) as usize)
        .collect();
    lines.join("\n")
}
