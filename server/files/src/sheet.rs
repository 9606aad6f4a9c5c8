//! `readcov sheet` as one library call ([`grade`]): the run records, gold and reads (through the
//! one input layer: a diff or SWE-bench rows as gold, a trajectory as reads), the ledger, task
//! declarations and units, the shard's records and gold, each task's required axes, file lengths
//! and the units edits are judged on, then `readcov_core::sheet::evaluate`. `readcov sheet` and
//! Python's `readcov.sheet` both call it; what loading says goes to the caller's sink as it comes
//! ([`Said`]), so the CLI prints it on stderr in its order and Python collects it.

use crate::input::{BaseFiles, GoldOptions, ReadsOptions, Source};
use crate::report::{ReportError, Said};
use crate::syntax::sheet_units;
use crate::workspace_lengths;
use readcov_core::sheet::{
    evaluate, parse_ledger, parse_run_file, parse_tasks, parse_units, Axis, LedgerEvent, NoUnits,
    RunRecord, Sheet, SheetInput, Units,
};
use readcov_core::{ReadSpan, Shard, Source as ReadSource, DEFAULT_ID};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What the sheet reads, each a file or bytes already in memory.
pub struct SheetSources<'a> {
    pub runs: &'a Source,
    pub gold: Option<&'a Source>,
    pub reads: Option<&'a Source>,
    pub ledger: Option<&'a Source>,
    pub tasks: Option<&'a Source>,
    pub units: Option<&'a Source>,
}

/// How the sheet is graded.
pub struct SheetSettings<'a> {
    /// The workspace root as absolute text: rows' paths confined to it (gold, reads, units).
    pub root: Option<&'a str>,
    /// The workspace as the caller named it (lengths, base files, tree-sitter units).
    pub workspace: Option<&'a Path>,
    /// Required axes of the tasks no declaration names (`--require`).
    pub default_required: &'a BTreeSet<Axis>,
    pub ks: &'a [u32],
    pub regeneration_limit: Option<u32>,
    pub threshold: f64,
    pub sources: &'a BTreeSet<ReadSource>,
    /// `--shard I/N`: the records (and gold) of the tasks of shard I.
    pub shard: Option<Shard>,
    /// Whether a runs file with no valid record stops (`readcov sheet`, exit 2) or grades
    /// nothing (Python's `sheet`, as it always has).
    pub require_records: bool,
}

/// What [`grade`] gives.
pub struct Graded {
    pub sheet: Sheet,
    /// Where edit units came from: `file`, `workspace` or `window`.
    pub units: &'static str,
    /// Located input errors skipped (units, run records, ledger, tasks, gold, reads).
    pub errors: usize,
}

/// A regeneration limit given though no graded run record has `regeneration_count`: the
/// validator audit counts nothing against it (session 30: taken silently). `readcov sheet
/// --regeneration-limit` and Python's `regeneration_limit=` refuse it; with a shard they warn
/// instead (another shard's records may have counts, and merged shards must share the limit).
pub fn regeneration_limit_idle(sheet: &Sheet) -> bool {
    sheet.regeneration_limit.is_some()
        && sheet
            .runs
            .iter()
            .all(|r| r.trial.regeneration_count.is_none())
}

/// Loads every input of the sheet, saying what loading says to `said` as it comes, and grades
/// the sheet.
pub fn grade(
    src: &SheetSources,
    set: &SheetSettings,
    said: &mut dyn FnMut(Said),
) -> Result<Graded, ReportError> {
    let run_file = parse_run_file(&src.runs.bytes()?, &src.runs.name());
    let (mut runs, mut unreadable) = (run_file.parsed, run_file.unreadable);
    let gold_opts = GoldOptions {
        workspace: set.root,
        ..GoldOptions::default()
    };
    let mut gold = match src.gold {
        None => None,
        Some(g) => {
            let loaded = g.clone().load_gold(&gold_opts)?;
            said(Said::Notes(&loaded.notes));
            if loaded.parsed.items.is_empty() {
                said(Said::Errors(&loaded.parsed.errors));
                return Err(crate::input::Nothing::NoGold(g.name()).into());
            }
            Some(loaded.parsed)
        }
    };
    // A trajectory as reads is imported against the workspace.
    let reads_opts = ReadsOptions {
        workspace: set.root,
        base_files: BaseFiles::of(set.workspace, None),
    };
    let reads = match src.reads {
        None => None,
        Some(r) => {
            let loaded = r.clone().load_reads(&reads_opts)?;
            said(Said::Notes(&loaded.notes));
            // A trajectory whose every edit was lost still names a run.
            if loaded.parsed.items.is_empty() && loaded.lost_edits.is_empty() {
                said(Said::Errors(&loaded.parsed.errors));
                return Err(crate::input::Nothing::read(&r.name(), &loaded.parsed.errors).into());
            }
            Some(loaded.parsed)
        }
    };
    let ledger = crate::report::optional(src.ledger, crate::input::Role::Ledger, parse_ledger)?;
    let tasks = crate::report::optional(src.tasks, crate::input::Role::TaskDecls, parse_tasks)?;
    let units = match src.units {
        None => None,
        Some(u) => {
            let parsed = parse_units(&u.units_bytes()?, &u.name(), set.root);
            let nothing = crate::input::Nothing::every_line_bad(
                crate::input::Role::Units,
                &u.name(),
                parsed.items.len(),
                &parsed.errors,
            );
            if let Some(nothing) = nothing {
                said(Said::Errors(&parsed.errors));
                return Err(nothing.into());
            }
            Some(parsed)
        }
    };
    let mut errors = 0;
    let all = [units.as_ref().map(|u| &u.errors), Some(&runs.errors)];
    let all = all
        .into_iter()
        .chain([Some(&ledger.errors), Some(&tasks.errors)]);
    let all = all.chain([
        gold.as_ref().map(|g| &g.errors),
        reads.as_ref().map(|r| &r.errors),
    ]);
    for e in all.flatten() {
        said(Said::Errors(e));
        errors += e.len();
    }
    if set.require_records && runs.items.is_empty() {
        return Err(ReportError::NoRecords(src.runs.name()));
    }
    for w in orphans(
        &runs.items,
        &ledger.items,
        reads.as_ref().map(|r| &r.items[..]),
    ) {
        said(Said::Warning(w));
    }
    // After the orphan check, which needs every run record to know what is an orphan.
    // A broken record that names its task goes with that task; one that names none, shard 0.
    if let Some(shard) = set.shard {
        runs.items.retain(|r| shard.keeps(&r.task));
        // The shard's gold only: the sheet lists the gold tasks no record names, its own.
        if let Some(g) = gold.as_mut() {
            g.items.retain(|g| shard.keeps(&g.task));
        }
        unreadable.retain(|u| match &u.task {
            Some(t) => shard.keeps(t),
            None => shard.keeps_taskless(),
        });
    }
    let mut required: BTreeMap<String, BTreeSet<Axis>> = BTreeMap::new();
    for t in &tasks.items {
        if required
            .insert(t.task.clone(), t.required.clone())
            .is_some()
        {
            said(Said::Warning(format!(
                "warning: task `{}` is declared more than once; the last declaration wins",
                t.task
            )));
        }
    }
    let paths = (gold.iter()).flat_map(|g| g.items.iter().map(|s| s.path.as_str()));
    let paths = paths.chain((reads.iter()).flat_map(|r| r.items.iter().map(|s| s.path.as_str())));
    let lengths = workspace_lengths(set.workspace, paths);
    // A units file wins; else tree-sitter units of the edited files in the workspace; else
    // every edit is judged on its ±10-line window.
    let (unit_map, units_label) = sheet_units(
        units.as_ref().map(|u| u.items.as_slice()),
        set.workspace,
        reads.as_ref().map(|r| r.items.as_slice()),
    );
    let sheet = evaluate(&SheetInput {
        runs: &runs.items,
        unreadable: &unreadable,
        gold: gold.as_ref().map(|g| g.items.as_slice()),
        reads: reads.as_ref().map(|r| r.items.as_slice()),
        ledger: &ledger.items,
        required: &required,
        default_required: set.default_required,
        threshold: set.threshold,
        sources: set.sources,
        lengths: &lengths,
        units: match &unit_map {
            Some(m) => m as &dyn Units,
            None => &NoUnits,
        },
        ks: set.ks,
        regeneration_limit: set.regeneration_limit,
    });
    Ok(Graded {
        sheet,
        units: units_label,
        errors,
    })
}

/// Ledger events and reads for runs that have no run record are not graded: a warning per run
/// rather than dropping them silently (a typo in a run id would otherwise look like a run with
/// no reads).
fn orphans(runs: &[RunRecord], ledger: &[LedgerEvent], reads: Option<&[ReadSpan]>) -> Vec<String> {
    let pairs: BTreeSet<(&str, &str)> = (runs.iter())
        .map(|r| (r.task.as_str(), r.run.as_str()))
        .collect();
    let ids: BTreeSet<&str> = runs.iter().map(|r| r.run.as_str()).collect();
    // Same matching as the sheet: a row without a task (or ledger task) fits the run in any task.
    let graded = |task: Option<&str>, run: &str| match task {
        None | Some(DEFAULT_ID) => ids.contains(run),
        Some(t) => pairs.contains(&(t, run)),
    };
    let mut orphans: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for e in ledger.iter().filter(|e| !graded(e.task.as_deref(), &e.run)) {
        orphans.entry(e.run.as_str()).or_default().0 += 1;
    }
    let reads = reads.unwrap_or(&[]).iter();
    for r in reads.filter(|r| !graded(Some(&r.task), &r.run)) {
        orphans.entry(r.run.as_str()).or_default().1 += 1;
    }
    (orphans.into_iter())
        .map(|(run, (events, rows))| {
            format!(
                "warning: run `{run}` has no run record: {events} ledger event(s) and {rows} \
                 reads row(s) not graded"
            )
        })
        .collect()
}

#[cfg(test)]
mod tests;
