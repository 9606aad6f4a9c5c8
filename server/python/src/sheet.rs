//! `sheet`: the multi-turn evaluation sheet as `readcov sheet --format json` grades it, with the
//! mergeable partial of `--emit-partial`: the CLI's one library call
//! (`readcov_files::sheet::grade`: gold and reads through the one input layer — a diff or
//! SWE-bench rows as gold, a trajectory as reads, converted with the CLI's note; the wrong kind
//! refused with its words; a file with nothing valid refused — and the sheet's own files), its
//! notes and located errors collected.

use crate::{check_threshold, file_error, located, Located, Workspace};
use pyo3::prelude::*;
use readcov_core::sheet::{parse_axes, SheetPartial};
use readcov_core::{Partial, PartialFile};
use readcov_files::input::Source;
use readcov_files::report::Said;
use readcov_files::sheet::{grade, SheetSettings, SheetSources};
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
    let shard = crate::options::shard(shard)?;
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
    // As `--k 0` (clap's u32 range 1..): Python's `_count` says it first; kept for the extension.
    if k.contains(&0) {
        return Err(crate::options::invalid(
            "k",
            "0",
            "0 is not in 1..=4294967295",
        ));
    }
    if k.is_empty() {
        return Err(crate::options::arg_error("k", "no k given".into()));
    }
    let threshold = check_threshold(threshold)?;
    // A bad value is named first; a good one without `reads` is refused as `readcov sheet
    // --sources` without `--reads` is (session 29): there is no read to filter.
    let given = sources.is_some();
    let sources = crate::options::sources(sources)?;
    if given && reads.is_none() {
        return Err(crate::options::arg_error(
            "sources",
            "`sources` goes with `reads` only: there is no read to filter".to_string(),
        ));
    }
    let ws = Workspace::new(&workspace)?;
    py.detach(|| {
        let (ws_str, _) = ws.confined();
        let bytes = |(bytes, name): (Vec<u8>, String)| Source::Bytes { name, bytes };
        let runs = bytes((runs, runs_name));
        let (gold, reads) = (
            gold.map(crate::Input::source),
            reads.map(crate::Input::source),
        );
        let [ledger, tasks, units] = [ledger, tasks, units].map(|i| i.map(bytes));
        let (mut errors, mut notes) = (Vec::new(), Vec::new());
        let graded = grade(
            &SheetSources {
                runs: &runs,
                gold: gold.as_ref(),
                reads: reads.as_ref(),
                ledger: ledger.as_ref(),
                tasks: tasks.as_ref(),
                units: units.as_ref(),
            },
            &SheetSettings {
                root: ws_str.as_deref(),
                workspace: ws.as_deref(),
                default_required: &default_required,
                ks: &k,
                regeneration_limit,
                threshold,
                sources: &sources,
                shard,
                require_records: false,
            },
            // The warnings (runs without a record, a task declared twice) are the CLI's alone.
            &mut |said| match said {
                Said::Notes(n) | Said::SetNotes(n) => notes.extend_from_slice(n),
                Said::Errors(e) | Said::SetErrors(e) => errors.extend(e.iter().map(located)),
                Said::Warning(_) => {}
            },
        )
        .map_err(file_error)?;
        let sheet = graded.sheet;
        // As `readcov sheet --regeneration-limit`: refused when it counts nothing (a note with
        // a shard).
        if readcov_files::sheet::regeneration_limit_idle(&sheet) {
            let why = "`regeneration_limit` goes with run records that have `regeneration_count` \
                       only: none has one, so it counts nothing";
            match shard {
                None => return Err(crate::options::arg_error("regeneration_limit", why.into())),
                Some(_) => notes.push(format!("warning: {why} in this shard")),
            }
        }
        let partial = PartialFile::new(
            shard,
            Partial::Sheet {
                sheet: SheetPartial::of(&sheet, &k),
            },
        );
        // Written as the CLI writes `--format json` (its keys in the sheet's own order: `run`,
        // `task`, `condition`, ...); through a `serde_json::Value` they came out sorted, so
        // `.to_pandas()` began with `attribution`, `axes` (before session 35).
        let doc = Doc {
            input_errors: graded.errors,
            units: graded.units,
            sheet: &sheet,
        };
        let doc = serde_json::to_string(&doc).expect("the sheet serialises");
        let partial = serde_json::to_string(&partial).expect("partial serialises");
        Ok((doc, partial, errors, notes))
    })
}

/// The document `readcov sheet --format json` prints (the CLI's `JsonDoc`), in its key order.
#[derive(serde::Serialize)]
struct Doc<'a> {
    input_errors: usize,
    units: &'static str,
    #[serde(flatten)]
    sheet: &'a readcov_core::sheet::Sheet,
}
