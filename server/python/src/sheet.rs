//! `sheet`: the multi-turn evaluation sheet as `readcov sheet --format json` grades it
//! (`sheet::evaluate`), with the mergeable partial of `--emit-partial`. Gold and reads load
//! through the one input layer, as `readcov sheet --gold/--reads` loads them (a diff or SWE-bench
//! rows as gold, a trajectory as reads, converted with the CLI's note; the wrong kind refused
//! with its words; a file with nothing valid refused); the sheet's own files (run records,
//! ledger, tasks, units) are parsed here as the CLI parses them.

use crate::{check_threshold, file_error, located, Located, Workspace};
use pyo3::prelude::*;
use readcov_core::sheet::{
    evaluate, parse_axes, parse_ledger, parse_run_file, parse_tasks, parse_units, NoUnits,
    SheetInput, SheetPartial, Units,
};
use readcov_core::InputError;
use readcov_core::{Partial, PartialFile, Shard};
use readcov_files::input::{BaseFiles, GoldOptions, ReadsOptions};
use readcov_files::syntax::sheet_units;
use readcov_files::workspace_lengths;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// An optional JSONL input: (bytes, name for errors).
type Input = Option<(Vec<u8>, String)>;

/// The sheet (JSON, the CLI's document), the partial (JSON), located errors and notes
/// (conversions done on the fly).
type Graded = (String, String, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (runs, runs_name, gold=None, reads=None, ledger=None, tasks=None, units=None, require=None, k=vec![1], regeneration_limit=None, threshold=0.5, workspace=None, shard=None, sources=None))]
#[allow(clippy::too_many_arguments)]
pub fn sheet(
    py: Python<'_>,
    runs: Vec<u8>,
    runs_name: String,
    gold: Option<crate::Input>,
    reads: Option<crate::Input>,
    ledger: Input,
    tasks: Input,
    units: Input,
    require: Option<Vec<String>>,
    k: Vec<u32>,
    regeneration_limit: Option<u32>,
    threshold: f64,
    workspace: Option<PathBuf>,
    shard: Option<String>,
    sources: Option<Vec<String>>,
) -> PyResult<Graded> {
    let shard = shard
        .map(|s| Shard::parse(&s))
        .transpose()
        .map_err(file_error)?;
    let require = require.unwrap_or_else(|| {
        [
            "target",
            "regression_free",
            "output",
            "process",
            "requirement_tracking",
        ]
        .map(String::from)
        .to_vec()
    });
    let default_required = parse_axes(&require).map_err(|e| file_error(format!("require: {e}")))?;
    if k.is_empty() || k.contains(&0) {
        return Err(file_error("k: every k must be at least 1"));
    }
    check_threshold(threshold)?;
    let sources = crate::options::sources(sources)?;
    let ws = Workspace::new(&workspace)?;
    py.detach(|| {
        let (ws_str, _) = ws.confined();
        let run_file = parse_run_file(&runs, &runs_name);
        let (mut run_items, mut unreadable) = (run_file.parsed, run_file.unreadable);
        let mut notes = Vec::new();
        let gold_opts = GoldOptions {
            workspace: ws_str.as_deref(),
            ..GoldOptions::default()
        };
        let gold = match gold {
            None => None,
            Some(g) => {
                let name = input_name(&g);
                let g = g.load_gold(&gold_opts).map_err(file_error)?;
                notes.extend(g.notes);
                if g.parsed.items.is_empty() {
                    return Err(file_error(format!(
                        "{name}: no valid gold spans, nothing to score"
                    )));
                }
                Some(g.parsed)
            }
        };
        // A trajectory as reads is imported against the workspace, as `readcov sheet` does.
        let reads_opts = ReadsOptions {
            workspace: ws_str.as_deref(),
            base_files: BaseFiles::of(ws.as_deref(), None),
        };
        let reads = match reads {
            None => None,
            Some(r) => {
                let name = input_name(&r);
                let r = r.load_reads(&reads_opts).map_err(file_error)?;
                notes.extend(r.notes);
                if r.parsed.items.is_empty() && r.lost_edits.is_empty() {
                    return Err(file_error(nothing_read(&name, &r.parsed.errors)));
                }
                Some(r.parsed)
            }
        };
        let ledger = ledger
            .map(|(b, n)| parse_ledger(&b, &n))
            .unwrap_or_default();
        let tasks = tasks.map(|(b, n)| parse_tasks(&b, &n)).unwrap_or_default();
        let units = units.map(|(b, n)| parse_units(&b, &n, ws_str.as_deref()));
        let mut errors: Vec<Located> = Vec::new();
        errors.extend(units.iter().flat_map(|u| u.errors.iter().map(located)));
        errors.extend(run_items.errors.iter().map(located));
        errors.extend(ledger.errors.iter().map(located));
        errors.extend(tasks.errors.iter().map(located));
        errors.extend(gold.iter().flat_map(|g| g.errors.iter().map(located)));
        errors.extend(reads.iter().flat_map(|r| r.errors.iter().map(located)));
        if let Some(s) = shard {
            run_items.items.retain(|r| s.keeps(&r.task));
            unreadable.retain(|u| match &u.task {
                Some(t) => s.keeps(t),
                None => s.keeps_taskless(),
            });
        }
        // The last declaration of a task wins, as in the CLI.
        let required: BTreeMap<_, _> = tasks
            .items
            .iter()
            .map(|t| (t.task.clone(), t.required.clone()))
            .collect();
        let paths = gold
            .iter()
            .flat_map(|g| g.items.iter().map(|s| s.path.as_str()));
        let paths = paths.chain(
            reads
                .iter()
                .flat_map(|r| r.items.iter().map(|s| s.path.as_str())),
        );
        let lengths = workspace_lengths(ws.as_deref(), paths);
        let (unit_map, units_label) = sheet_units(
            units.as_ref().map(|u| u.items.as_slice()),
            ws.as_deref(),
            reads.as_ref().map(|r| r.items.as_slice()),
        );
        let input = SheetInput {
            runs: &run_items.items,
            unreadable: &unreadable,
            gold: gold.as_ref().map(|g| g.items.as_slice()),
            reads: reads.as_ref().map(|r| r.items.as_slice()),
            ledger: &ledger.items,
            required: &required,
            default_required: &default_required,
            threshold,
            sources: &sources,
            lengths: &lengths,
            units: match &unit_map {
                Some(m) => m as &dyn Units,
                None => &NoUnits,
            },
            ks: &k,
            regeneration_limit,
        };
        let sheet = evaluate(&input);
        let partial = PartialFile::new(
            shard,
            Partial::Sheet {
                sheet: SheetPartial::of(&sheet, &k),
            },
        );
        let mut doc = serde_json::to_value(&sheet).expect("the sheet serialises");
        if let Value::Object(m) = &mut doc {
            m.insert("input_errors".into(), errors.len().into());
            m.insert("units".into(), units_label.into());
        }
        let partial = serde_json::to_string(&partial).expect("partial serialises");
        Ok((doc.to_string(), partial, errors, notes))
    })
}

/// The name an input's errors give it.
fn input_name(i: &crate::Input) -> String {
    match i {
        crate::Input::Path(p) => p.display().to_string(),
        crate::Input::Bytes(_, name) => name.clone(),
    }
}

/// The CLI's words for reads with no valid row (`readcov sheet --reads` refuses them too).
fn nothing_read(name: &str, errors: &[InputError]) -> String {
    match errors.is_empty() {
        true => format!("{name}: no reads, nothing to score (every gold task would have no run)"),
        false => format!(
            "{name}: no valid reads, nothing to score (reads JSONL has `path`, `start`, `end` per \
             line; an agent trajectory is imported on the fly, see `readcov import --help`)"
        ),
    }
}
