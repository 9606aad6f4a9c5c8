//! `locbench`'s inputs and evaluation, shared by the CLI and the Python module: Loc-Bench gold
//! (`file_changes`, `edit_functions`) or readcov's gold (gold JSONL, a diff, SWE-bench rows)
//! named through each task's units, and code localizations (LocAgent, a retriever's `docs`,
//! Agentless, whose `line:` locations are named through the units too), each file checked by the
//! one input layer ([`crate::input::Role::LocBenchGold`], [`crate::input::Role::Localizations`]),
//! then evaluated at file, module and function level ([`readcov_core::locbench::evaluate`]).

use crate::input::rows::parquet_as_jsonl;
use crate::input::{
    as_jsonl, detect, detect_by, gold_of_kind, GoldOptions, InputKind, LoadError, Reader, Role,
    Source,
};
use readcov_core::locbench::{evaluate, LocLevel, LocResult, Names};
use readcov_core::retrieval::qrels::gold_lines_by_task;
use readcov_core::{GoldSpan, InputError, UnknownLengths};
use readcov_import::localization::{parse_gold, parse_predictions, Localization};
use readcov_units::locbench::{defined_names, entity_at, names_of_lines};
use readcov_units::{FileSyntax, Unit};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What `readcov locbench` is given.
pub struct LocbenchInput {
    pub gold: Source,
    pub preds: Source,
    /// The repository at the base commit (every task).
    pub workspace: Option<PathBuf>,
    /// One repository per task: `DIR/<task>/`.
    pub workspaces: Option<PathBuf>,
    /// The cutoffs given per level: file, module, function (each sorted, each ≥ 1); `None`: the
    /// level's default ([`LocLevel::default_ks`]).
    pub ks: [Option<Vec<u32>>; 3],
}

/// The three levels' results, with the located errors of both inputs and the notes for stderr.
#[derive(Debug)]
pub struct Locbench {
    pub results: Vec<LocResult>,
    pub errors: Vec<InputError>,
    pub notes: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum LocbenchError {
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Nothing to evaluate: no valid gold, or no valid localization. `errors` says why.
    #[error("{message}")]
    Nothing {
        message: String,
        errors: Vec<InputError>,
    },
}

/// Loads, names and evaluates (see the module doc).
pub fn locbench(input: &LocbenchInput) -> Result<Locbench, LocbenchError> {
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    // Workspace files there but without units (past the parse limit, unreadable), each once.
    let mut given_up = BTreeSet::new();
    let mut preds = load_preds(&input.preds, &mut errors)?;
    let gold = load_gold(input, &mut errors, &mut notes, &mut given_up)?;
    if gold.is_empty() {
        return Err(LocbenchError::Nothing {
            message: format!("{}: no gold localizations", input.gold.name()),
            errors,
        });
    }
    if preds.is_empty() {
        return Err(LocbenchError::Nothing {
            message: format!(
                "{}: no valid localizations, nothing to score",
                input.preds.name()
            ),
            errors,
        });
    }
    let mut missing = 0usize;
    for p in &mut preds {
        let paths = p.files.iter().chain(p.lines.iter().map(|(f, _)| f));
        if let Some(units) = task_units(input, &p.task, paths, &mut given_up) {
            name_lines(p, &units);
            missing += unknown(p, &units);
        }
    }
    notes.extend(given_up);
    if missing > 0 {
        notes.push(format!(
            "note: {missing} predicted module/function name(s) are not defined in the workspace \
             (counted as misses, as LocAgent counts them)"
        ));
    }
    let results = (LocLevel::ALL.iter().zip(&input.ks))
        .map(|(&level, ks)| {
            let ks = ks.as_deref().unwrap_or(level.default_ks());
            evaluate(level, &names(&gold, level), &names(&preds, level), ks)
        })
        .collect();
    Ok(Locbench {
        results,
        errors,
        notes,
    })
}

impl Locbench {
    /// The first level whose cutoffs `input` gave (not the default) though no
    /// task has gold at it (readcov gold without a workspace names files only; Loc-Bench rows
    /// may name no module): there the ks change nothing but the labels of empty rows, so the
    /// CLI (`--k-module`) and Python (`k_module=`) refuse them rather than take them silently.
    pub fn ks_without_gold(&self, input: &LocbenchInput) -> Option<LocLevel> {
        (self.results.iter().zip(&input.ks))
            .find(|(r, ks)| ks.is_some() && r.instances == 0)
            .map(|(r, _)| r.level)
    }
}

/// The localizations, refused when the file is of another kind.
fn load_preds(
    source: &Source,
    errors: &mut Vec<InputError>,
) -> Result<Vec<Localization>, LoadError> {
    let name = source.name();
    let (bytes, parquet_errors) = parquet_as_jsonl(&name, source.bytes()?);
    errors.extend(parquet_errors);
    Role::Localizations.check(&name, detect(&name, &bytes))?;
    let parsed = parse_predictions(&as_jsonl(&bytes), &name);
    errors.extend(parsed.errors);
    Ok(parsed.items)
}

/// Loc-Bench rows as they are, or readcov gold named through each task's units. The kind is
/// detected once, by `locbench --gold`'s rule (Loc-Bench rows with a `patch` are Loc-Bench
/// rows), and readcov gold built from it: the first row was parsed again to tell, the gold
/// loader detected the kind again, and a broken Parquet file's error was reported twice.
fn load_gold(
    input: &LocbenchInput,
    errors: &mut Vec<InputError>,
    notes: &mut Vec<String>,
    given_up: &mut BTreeSet<String>,
) -> Result<Vec<Localization>, LoadError> {
    let name = input.gold.name();
    let (bytes, parquet_errors) = parquet_as_jsonl(&name, input.gold.bytes()?);
    errors.extend(parquet_errors);
    let kind = detect_by(&name, &bytes, Reader::LocBenchGold);
    Role::LocBenchGold.check(&name, kind)?;
    if kind == InputKind::LocBench {
        let g = parse_gold(&as_jsonl(&bytes), &name);
        errors.extend(g.errors);
        return Ok(g.items);
    }
    let g = gold_of_kind(&name, kind, bytes, &GoldOptions::default());
    notes.extend(g.notes);
    errors.extend(g.parsed.errors);
    Ok(name_gold(input, &g.parsed.items, notes, given_up))
}

/// Each task's gold lines as the names of the units that hold them.
fn name_gold(
    input: &LocbenchInput,
    spans: &[GoldSpan],
    notes: &mut Vec<String>,
    given_up: &mut BTreeSet<String>,
) -> Vec<Localization> {
    let mut out = Vec::new();
    for (task, lines) in gold_lines_by_task(spans, &UnknownLengths) {
        let units = task_units(input, task, lines.keys(), given_up).unwrap_or_default();
        if units.is_empty() {
            // With a workspace given, "give --workspace" would be wrong advice: its files had
            // none (a file given up is named in its own warning).
            let why = match (&input.workspace, &input.workspaces) {
                (None, None) => "give --workspace or --workspaces",
                _ => "none found in its workspace",
            };
            notes.push(format!(
                "warning: {task}: no units for its gold files ({why}): file level only"
            ));
        }
        let (files, modules, functions) = names_of_lines(&lines, &units);
        out.push(Localization {
            task: task.to_string(),
            files,
            modules,
            functions,
            shape: "readcov",
            ..Localization::default()
        });
    }
    out
}

/// Units of `paths` in `task`'s workspace, if there is one. A file there that has none (past
/// `readcov_units::MAX_PARSE_BYTES`, unreadable) goes to `given_up` with why: it was dropped
/// without a word, its names then missing from the gold or the predictions.
fn task_units<'a>(
    input: &LocbenchInput,
    task: &str,
    paths: impl Iterator<Item = &'a String>,
    given_up: &mut BTreeSet<String>,
) -> Option<BTreeMap<String, Vec<Unit>>> {
    let dir: PathBuf = match (&input.workspace, &input.workspaces) {
        (Some(d), _) => d.clone(),
        (None, Some(d)) => crate::task_dir(&crate::canonical_dir(d).ok()?, task)?,
        (None, None) => return None,
    };
    let spans: Vec<GoldSpan> = paths
        .map(|p| GoldSpan {
            task: task.into(),
            ..GoldSpan::simple(p, 1, 1)
        })
        .collect();
    let syntax = crate::syntax::load_syntax(Some(Path::new(&dir)), &spans);
    Some(
        syntax
            .into_iter()
            .filter_map(|(p, s)| match s {
                FileSyntax::Units { units, .. } => Some((p, units)),
                // Only a file the workspace holds: a predicted path that is not there is common.
                FileSyntax::Unavailable(why) if there(&dir, &p) => {
                    given_up.insert(format!(
                        "warning: {task}: {p}: {why} (no module or function is named in it)"
                    ));
                    None
                }
                FileSyntax::Unavailable(_) | FileSyntax::Unsupported => None,
            })
            .collect(),
    )
}

/// `rel` is a file inside `dir` (symlinks resolved).
fn there(dir: &Path, rel: &str) -> bool {
    dir.canonicalize()
        .is_ok_and(|root| crate::confined_file(&root, rel).is_some())
}

/// Agentless `line: N` locations named (after the names the output gives), each once.
fn name_lines(p: &mut Localization, units: &BTreeMap<String, Vec<Unit>>) {
    for (file, line) in std::mem::take(&mut p.lines) {
        let Some((m, f)) = units.get(&file).and_then(|u| entity_at(u, line)) else {
            continue;
        };
        let (m, f) = (format!("{file}:{m}"), format!("{file}:{f}"));
        if !p.functions.contains(&f) {
            p.functions.push(f);
        }
        if !p.modules.contains(&m) {
            p.modules.push(m);
        }
    }
}

/// Predicted module and function names the workspace does not define (files it has units for).
fn unknown(p: &Localization, units: &BTreeMap<String, Vec<Unit>>) -> usize {
    p.modules
        .iter()
        .chain(&p.functions)
        .filter(|n| {
            let Some((file, name)) = n.rsplit_once(':') else {
                return false;
            };
            units
                .get(file)
                .is_some_and(|u| !defined_names(u).contains(name))
        })
        .count()
}

fn names(locs: &[Localization], level: LocLevel) -> Names {
    let mut out = Names::new();
    for l in locs {
        let v = match level {
            LocLevel::File => &l.files,
            LocLevel::Module => &l.modules,
            LocLevel::Function => &l.functions,
        };
        out.entry(l.task.clone())
            .or_default()
            .extend(v.iter().cloned());
    }
    out
}
