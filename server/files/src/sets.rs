//! Several gold sets side by side (`readcov score --gold NAME=FILE ...`, `--consensus`; Python's
//! `readcov.score_sets`): the same reads scored once per gold set by the one engine
//! ([`crate::scored::score_with_sources_named`], unit figures with sources), the leave-one-out
//! consensus of the resolved runs as one more set (`readcov_gold::score_leave_one_out`), each
//! set's totals and, with outcome labels, resolve rate by coverage bucket. The inputs come
//! loaded (each edge loads them through [`crate::input`]); the rows and totals every edge prints
//! are built in [`doc`]. Notes come back as text, in the order they arose, for the edge to say.

pub mod doc;
#[cfg(test)]
mod tests;

use crate::input::{GoldOptions, LoadError, LoadedGold};
use crate::read_input;
use crate::scored::{lengths_of_inputs, score_with_sources_named, Sources};
use readcov_core::outcomes::Outcomes;
use readcov_core::{GoldSpan, NamedRuns, ReadSpan, ScoreOptions, Shard, TaskRunScore};
use readcov_gold::{
    parse_rows, score_leave_one_out, Agree, ConsensusOptions, GoldDef, GoldRow, Origin, Others,
    RunsInput,
};
use readcov_report::buckets::{resolve_by_coverage, Bucket};
use readcov_units::UnitScore;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// (task, run).
pub type Key = (String, String);

/// One gold set as loaded: the spans to score, and what its label and note come from.
pub struct GoldSetInput {
    /// The name given (`NAME=FILE`); without one the label comes from the rows' origins or the
    /// file's stem ([`label_of`]).
    pub name: Option<String>,
    /// The file (or the name given to rows handed over as bytes).
    pub file: PathBuf,
    pub spans: Vec<GoldSpan>,
    /// The input's rows as gold rows, for their origins (empty for a diff or SWE-bench rows).
    pub rows: Vec<GoldRow>,
}

impl GoldSetInput {
    /// A set from its spans and the input's bytes (parsed again as gold rows for their origins).
    pub fn new(name: Option<String>, file: PathBuf, spans: Vec<GoldSpan>, bytes: &[u8]) -> Self {
        let rows = parse_rows(bytes, "").items;
        GoldSetInput {
            name,
            file,
            spans,
            rows,
        }
    }
}

/// `--consensus`: the leave-one-out consensus of the resolved runs, as one more set.
#[derive(Clone, Copy, Debug)]
pub struct ConsensusRequest {
    pub agree: Agree,
    pub min_runs: u32,
    /// The gold a failed run faces (`--loo-failed`).
    pub others: Others,
}

/// What [`score_sets`] scores.
pub struct SetsRequest<'a> {
    pub golds: Vec<GoldSetInput>,
    pub reads: &'a [ReadSpan],
    /// Labels: each labelled run is a row in every set, read or not; needed by the consensus.
    pub outcomes: Option<Outcomes>,
    pub sources: Sources<'a>,
    pub shard: Option<Shard>,
    pub opts: ScoreOptions,
    pub widen: u32,
    pub consensus: Option<ConsensusRequest>,
}

/// One gold set's rows, with what the output says about how it was scored.
pub struct Set {
    pub name: String,
    pub rows: BTreeMap<Key, TaskRunScore>,
    /// Unit figures per row (with sources; empty without, and for the consensus set).
    pub units: BTreeMap<Key, UnitScore>,
    /// Shown under the table: how the set was scored (leave-one-out, circularity warning).
    pub note: Option<String>,
    /// Where the time went (`--timings`; None for the consensus set).
    pub timing: Option<SetTiming>,
}

/// One set's scoring time, named as the caller named the set (its `NAME`, else `gold`).
#[derive(Clone, Debug)]
pub struct SetTiming {
    pub label: String,
    pub scoring: Duration,
    pub unit_time: Duration,
    pub total: Duration,
    pub rows: usize,
}

impl Set {
    /// A set of rows (and their unit figures, one per row, in the same order).
    pub fn new(name: String, rows: Vec<TaskRunScore>, units: Option<Vec<UnitScore>>) -> Set {
        let keys: Vec<Key> = rows
            .iter()
            .map(|r| (r.task.clone(), r.run.clone()))
            .collect();
        Set {
            name,
            units: keys
                .iter()
                .cloned()
                .zip(units.unwrap_or_default())
                .collect(),
            rows: keys.into_iter().zip(rows).collect(),
            note: None,
            timing: None,
        }
    }

    /// Totals through core's `ScorePartial`, as the single-set table computes them.
    pub fn totals(&self) -> readcov_core::Totals {
        readcov_core::totals(self.rows.values().map(|r| &r.score))
    }

    /// Resolve rate by line-coverage bucket of this set's scored rows.
    pub fn buckets(&self, outcomes: &Outcomes) -> Vec<Bucket> {
        resolve_by_coverage(
            self.rows
                .values()
                .filter_map(|r| Some((r.score.line_coverage?, outcomes.get(&r.task, &r.run)))),
        )
    }
}

/// The scored sets, with the labels they were scored with and the notes to say.
pub struct GoldSets {
    pub sets: Vec<Set>,
    pub outcomes: Option<Outcomes>,
    pub threshold: f64,
    /// Each set's unit notes (a file without a grammar, a task without a folder), then the
    /// consensus counts (`consensus: N × kind`).
    pub notes: Vec<String>,
}

/// Why the sets could not be scored.
#[derive(Debug, thiserror::Error)]
pub enum SetsError {
    #[error("--consensus needs --outcomes LABELS")]
    ConsensusWithoutOutcomes,
}

/// Scores `reads` once per gold set (and, with `consensus`, against the leave-one-out consensus
/// of the resolved runs), within `shard`.
pub fn score_sets(req: SetsRequest) -> Result<GoldSets, SetsError> {
    if req.consensus.is_some() && req.outcomes.is_none() {
        return Err(SetsError::ConsensusWithoutOutcomes);
    }
    let keeps = |task: &str| req.shard.is_none_or(|s| s.keeps(task));
    let reads: Cow<[ReadSpan]> = match req.shard {
        Some(_) => Cow::Owned(
            req.reads
                .iter()
                .filter(|r| keeps(&r.task))
                .cloned()
                .collect(),
        ),
        None => Cow::Borrowed(req.reads),
    };
    // Each labelled run is a row in every set, read or not (`readcov_core::named`).
    let mut named = req
        .outcomes
        .as_ref()
        .map(NamedRuns::of_outcomes)
        .unwrap_or_default();
    named.retain_tasks(keeps);
    let opts = ScoreOptions {
        breakdown: false,
        ..req.opts.clone()
    };
    let (mut sets, mut notes, mut names) = (Vec::new(), Vec::new(), BTreeSet::new());
    for mut g in req.golds {
        g.spans.retain(|s| keeps(&s.task));
        let name = unique(&mut names, label_of(&g));
        let started = Instant::now();
        let s = score_with_sources_named(req.sources, &g.spans, &reads, &named, &opts, req.widen);
        notes.extend(s.notes);
        let timing = SetTiming {
            label: g.name.clone().unwrap_or_else(|| "gold".to_string()),
            scoring: s.scoring,
            unit_time: s.unit_time,
            total: started.elapsed(),
            rows: s.rows.len(),
        };
        let mut set = Set::new(name, s.rows, s.units);
        set.note = circular_note(&set.name, &g.rows);
        set.timing = Some(timing);
        sets.push(set);
    }
    if let (Some(c), Some(labels)) = (req.consensus, &req.outcomes) {
        let input = RunsInput {
            reads: reads.into_owned(),
            outcomes: labels.clone(),
        };
        sets.push(consensus_set(
            &input,
            &c,
            req.sources,
            &opts,
            &mut names,
            &mut notes,
        ));
    }
    Ok(GoldSets {
        sets,
        outcomes: req.outcomes,
        threshold: req.opts.threshold,
        notes,
    })
}

/// `name`, or `name-2`, `name-3`, ... when a set already has it.
pub fn unique(names: &mut BTreeSet<String>, name: String) -> String {
    let mut n = name.clone();
    let mut i = 2;
    while !names.insert(n.clone()) {
        n = format!("{name}-{i}");
        i += 1;
    }
    n
}

/// The label of a set: the name given, else the definition its rows' origins show, else the
/// file's stem.
pub fn label_of(g: &GoldSetInput) -> String {
    if let Some(n) = &g.name {
        return n.clone();
    }
    if g.rows.iter().any(|r| r.origin != Origin::Edit) {
        return GoldDef::detect(&g.rows).label().to_string();
    }
    g.file
        .file_stem()
        .map_or_else(|| "gold".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The warning for a gold file scored as given whose rows are consensus rows (`origin:
/// consensus`, whatever the file or its set is called): built from these runs, its resolved runs
/// would score against their own reads.
pub fn circular_note(name: &str, rows: &[GoldRow]) -> Option<String> {
    (rows.iter().any(|r| r.origin == Origin::Consensus)).then(|| circular_text(name))
}

fn circular_text(name: &str) -> String {
    format!("{name}: consensus gold from a file is scored as given; if it was built from these runs, its resolved runs score against themselves (use --consensus for leave-one-out)")
}

/// The gold of a plain `score --gold FILE` ([`crate::input::load_gold`]) and, from the same one
/// read of the file, [`circular_note`] when it holds consensus rows (named by its path). The
/// note was made by reading the file a second time.
pub fn load_gold_noting_circular(
    path: &Path,
    opts: &GoldOptions,
) -> Result<(LoadedGold, Option<String>), LoadError> {
    let bytes = read_input(path)?;
    let name = path.display().to_string();
    let note = holds_consensus_rows(&bytes).then(|| circular_text(&name));
    Ok((crate::input::gold_of(&name, bytes, opts)?, note))
}

/// Whether some valid gold row of `bytes` (gold JSONL) is a consensus row. Most gold files never
/// say `consensus`; of those that do, only the lines saying it are parsed, up to the first
/// consensus row (the whole file was parsed as rows, a second copy beside the gold's).
pub fn holds_consensus_rows(bytes: &[u8]) -> bool {
    let mut next_line = 0;
    for at in memchr::memmem::find_iter(bytes, b"consensus") {
        if at < next_line {
            continue;
        }
        let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i + 1);
        next_line = end;
        let rows = parse_rows(&bytes[start..end], "").items;
        if rows.iter().any(|r| r.origin == Origin::Consensus) {
            return true;
        }
    }
    false
}

/// The consensus of the resolved runs, each run scored without itself (failed runs as `others`
/// says). With one folder per task, each task's runs are scored with that task's file lengths;
/// the library is called once, so every note counts what it says once.
fn consensus_set(
    input: &RunsInput,
    c: &ConsensusRequest,
    sources: Sources,
    opts: &ScoreOptions,
    names: &mut BTreeSet<String>,
    notes: &mut Vec<String>,
) -> Set {
    let copts = ConsensusOptions {
        agree: c.agree,
        min_runs: c.min_runs,
    };
    let root = match sources {
        Sources::PerTask(dir) => Some(dir.canonicalize().unwrap_or(dir.to_path_buf())),
        _ => None,
    };
    let lengths = |task: &str, reads: &[ReadSpan]| {
        let ws: Option<PathBuf> = match (&root, sources) {
            (Some(dir), _) => crate::task_dir(dir, task),
            (None, Sources::One(w)) => Some(w.to_path_buf()),
            (None, _) => None,
        };
        lengths_of_inputs(ws.as_deref(), &[], reads)
    };
    let (scores, counts) = score_leave_one_out(input, &copts, c.others, lengths, opts);
    for (kind, n) in counts.counts() {
        notes.push(format!("consensus: {n} × {}", kind.label()));
    }
    let left_out = scores.iter().filter(|s| s.left_out).count();
    let others = scores.len() - left_out;
    let rows: Vec<TaskRunScore> = scores.into_iter().map(|s| s.row).collect();
    let name = unique(names, "consensus-loo".to_string());
    let agree = match c.agree {
        Agree::All => "all".to_string(),
        Agree::AtLeast(k) => k.to_string(),
    };
    let others = match c.others {
        Others::Matched => format!(
            "each of {others} other run(s) against every consensus of the resolved runs less one, its scores averaged (--loo-failed matched)"
        ),
        Others::Full => format!(
            "each of {others} other run(s) against the consensus of all resolved runs (--loo-failed full)"
        ),
    };
    let mut set = Set::new(name, rows, None);
    set.note = Some(format!(
        "{}: leave-one-out — each of {left_out} resolved run(s) scored against the consensus of the other resolved runs of its task; {others} (agree {agree}, min runs {}; no unit columns)",
        set.name, c.min_runs
    ));
    set
}
