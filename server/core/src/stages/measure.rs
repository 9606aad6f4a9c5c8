//! Each stage's figures for one run (see `docs/diagnose.md` for the definitions): plain set
//! arithmetic on files, line sets and units; the verdict is drawn from them in `verdict.rs`.

use super::input::{BaseSyntax, Change, FileChange, FileSyntax, TestReport};
use super::model::{ChangeStage, ChangedUnit, Edit, GoldChangeUnit, Read, Search, Tests, UnitRead};
use super::similar::{same, similarity};
use super::units::{FileUnits, UnitRef};
use crate::lineset::LineSet;
use crate::metrics::{ratio, FileLines};
use std::collections::{BTreeMap, BTreeSet};

/// A gold unit: a unit the gold lines touch, with the gold lines it owns, and its index in its
/// file's units (units read are compared by (path, index): no names copied per run).
#[derive(Clone, Debug)]
pub struct GoldUnit {
    pub unit: UnitRef,
    pub gold: LineSet,
    pub index: usize,
}

/// Units of the files of one task, by path.
pub type Units = BTreeMap<String, FileUnits>;

/// The units a file's change touches (a file of unknown syntax: one unit up to the last line the
/// change names).
pub fn touched(units: &Units, path: &str, f: &FileChange) -> Vec<UnitRef> {
    let of = |fu: &FileUnits| (fu.changed(f).into_iter().map(|i| fu.units[i].clone())).collect();
    match units.get(path) {
        Some(fu) => of(fu),
        None => {
            let len = f.lines.last().unwrap_or(1);
            let syntax = BaseSyntax {
                syntax: FileSyntax::Unsupported,
                len,
            };
            of(&FileUnits::new(path, &syntax))
        }
    }
}

/// The gold units of a task's gold files; `None` unless every gold file has units.
pub fn gold_units<'a>(
    gold: impl IntoIterator<Item = (&'a str, &'a LineSet)>,
    units: Option<&Units>,
) -> Option<Vec<GoldUnit>> {
    let units = units?;
    let mut out = Vec::new();
    for (path, g) in gold {
        let fu = units.get(path)?;
        out.extend(fu.touched(g).map(|i| GoldUnit {
            unit: fu.units[i].clone(),
            gold: g.intersection(fu.own(i)),
            index: i,
        }));
    }
    Some(out)
}

/// Search: which gold files the run opened (read at least one line of). Without gold files
/// both figures are `null`: there is nothing to find, and a precision of 0 there would pull
/// every mean down as if the run had opened the wrong files (before session 34 it was 0.0).
pub fn search(gold_files: &[&str], read: &FileLines) -> Search {
    let opened = |p: &str| read.get(p).is_some_and(|s| !s.is_empty());
    let opened_files = read.values().filter(|s| !s.is_empty()).count();
    let never_opened: Vec<String> = (gold_files.iter())
        .filter(|p| !opened(p))
        .map(|p| p.to_string())
        .collect();
    let hit = gold_files.len() - never_opened.len();
    Search {
        recall: ratio(hit as u64, gold_files.len() as u64),
        precision: ratio(hit as u64, opened_files as u64).filter(|_| !gold_files.is_empty()),
        gold_files: gold_files.len(),
        opened_gold_files: hit,
        opened_files,
        never_opened,
    }
}

/// Read: line coverage (from the scoring walk) and the unit figures.
pub fn read(
    line_coverage: Option<f64>,
    gold_units: Option<&[GoldUnit]>,
    units: Option<&Units>,
    read: &FileLines,
    threshold: f64,
) -> Read {
    let mut out = Read {
        line_coverage,
        ..Read::default()
    };
    let (Some(gold_units), Some(units)) = (gold_units, units) else {
        return out;
    };
    let empty = LineSet::new();
    let mut under: Vec<UnitRead> = Vec::new();
    let mut at_threshold = 0usize;
    for g in gold_units {
        let r = read.get(&g.unit.path).unwrap_or(&empty);
        let (total, got) = (g.gold.len(), g.gold.intersection_len(r));
        let coverage = ratio(got, total).unwrap_or(1.0);
        if coverage >= threshold {
            at_threshold += 1;
        } else {
            under.push(UnitRead {
                unit: g.unit.clone(),
                gold_lines: total,
                read_gold_lines: got,
                coverage,
            });
        }
    }
    under.sort_by(|a, b| a.coverage.total_cmp(&b.coverage).then(a.unit.cmp(&b.unit)));
    let gold_set: BTreeSet<(&str, usize)> = (gold_units.iter())
        .map(|g| (g.unit.path.as_str(), g.index))
        .collect();
    // Units read, as (path, index) in files whose units are known.
    let read_units: BTreeSet<(&str, usize)> = (read.iter())
        .filter_map(|(p, lines)| Some((p.as_str(), units.get(p.as_str())?, lines)))
        .flat_map(|(p, fu, lines)| fu.touched(lines).map(move |i| (p, i)))
        .collect();
    let gold_read = read_units.iter().filter(|u| gold_set.contains(u)).count();
    let n_gold = gold_set.len() as u64;
    out.unit_coverage = ratio(at_threshold as u64, n_gold);
    // No gold unit (no gold line): nothing to measure, `null` as search's precision (before
    // session 34, 0.0 whenever a unit was read).
    out.unit_precision = ratio(gold_read as u64, read_units.len() as u64).filter(|_| n_gold > 0);
    out.units_read_per_needed = (n_gold > 0).then(|| read_units.len() as f64 / n_gold as f64);
    out.gold_units = Some(gold_set.len());
    out.units_read = Some(read_units.len());
    out.under_threshold = under;
    out
}

/// The units a change touches in the base files it changes.
pub fn change_units(change: &Change, units: &Units) -> BTreeSet<UnitRef> {
    (change.files.iter())
        .flat_map(|(p, f)| touched(units, p, f))
        .collect()
}

/// Edit: where the run changed code against where the gold did. `gold_files`: every file with
/// gold lines or gold changes; `gcu`: the gold change units (when units are known).
pub fn edit(
    gold_files: &BTreeSet<&str>,
    gold: Option<&Change>,
    gcu: Option<&BTreeSet<UnitRef>>,
    run: Option<&Change>,
    units: Option<&Units>,
) -> (Edit, Option<BTreeSet<UnitRef>>) {
    let Some(run) = run else {
        return (Edit::default(), None);
    };
    let mut out = Edit {
        changed_files: Some(run.files.len()),
        lines_outside_gold_files: Some(
            (run.files.iter())
                .filter(|(p, _)| !gold_files.contains(p.as_str()))
                .map(|(_, f)| f.lines.len())
                .sum(),
        ),
        new_files: run.new_files.clone(),
        test_files: run.test_files.clone(),
        ..Edit::default()
    };
    let Some(gold) = gold else {
        return (out, None);
    };
    let hit_files = (gold.files.keys())
        .filter(|p| run.files.contains_key(*p))
        .count() as u64;
    out.file_recall = ratio(hit_files, gold.files.len() as u64);
    out.file_precision = ratio(hit_files, run.files.len() as u64);
    let (Some(gcu), Some(units)) = (gcu, units) else {
        return (out, None);
    };
    let acu: BTreeSet<UnitRef> = (change_units(run, units).into_iter())
        .map(|u| as_gold_unit(u, gcu, units))
        .collect();
    let both = gcu.intersection(&acu).count() as u64;
    out.recall = ratio(both, gcu.len() as u64);
    out.precision = ratio(both, acu.len() as u64);
    out.changed_units = Some(acu.len());
    out.gold_change_units = Some(
        (gcu.iter())
            .map(|u| GoldChangeUnit {
                unit: u.clone(),
                changed: acu.contains(u),
            })
            .collect(),
    );
    (out, Some(acu))
}

/// A file the units do not know (the workspace lacks it) is one `<file>` unit known by its path:
/// [`touched`] can only end it at the last line a change names, so the run's unit of a file the
/// gold also changed is the gold's, wherever in the file each changed.
fn as_gold_unit(u: UnitRef, gcu: &BTreeSet<UnitRef>, units: &Units) -> UnitRef {
    if units.contains_key(&u.path) {
        return u;
    }
    (gcu.iter())
        .find(|g| g.path == u.path)
        .cloned()
        .unwrap_or(u)
}

/// Change: each gold change unit the run changed, its text after the gold patch and after the
/// run's change, compared.
pub fn change(
    gcu: &BTreeSet<UnitRef>,
    acu: &BTreeSet<UnitRef>,
    gold: &Change,
    run: &Change,
) -> ChangeStage {
    let text = |c: &Change, u: &UnitRef| {
        let after = c.files.get(&u.path)?.after.as_ref()?;
        Some(after.slice(u.start, u.end))
    };
    let units = (gcu.intersection(acu))
        .map(|u| {
            let (g, a) = (text(gold, u), text(run, u));
            let both = g.as_deref().zip(a.as_deref());
            ChangedUnit {
                path: u.path.clone(),
                name: u.name.clone(),
                kind: u.kind.clone(),
                start: u.start,
                end: u.end,
                same: both.map(|(g, a)| same(&u.path, g, a)),
                similarity: both.map(|(g, a)| similarity(&u.path, g, a)),
                gold_text: g,
                agent_text: a,
            }
        })
        .collect();
    ChangeStage { units: Some(units) }
}

/// Tests: what the harness report says, by name.
pub fn tests(r: &TestReport) -> Tests {
    Tests {
        fail_to_pass_failing: r.fail_to_pass.as_ref().map_or(Vec::new(), |f| f.1.clone()),
        pass_to_pass_broken: r.pass_to_pass.as_ref().map_or(Vec::new(), |p| p.1.clone()),
        fail_to_pass_passing: r.fail_to_pass.as_ref().map(|f| f.0.len()),
        pass_to_pass_passing: r.pass_to_pass.as_ref().map(|p| p.0.len()),
        patch_applied: r.patch_applied,
        harness: r.harness,
    }
}
