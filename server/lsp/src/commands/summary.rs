//! `readcov/summary`: workspace metrics per (task, run), scored a few thousand tasks at a time
//! (the engine's rows of one chunk are let go before the next is scored) into compact rows that
//! share the gold's task names; their JSON is written in pieces ([`json`]) so readcov's transport
//! can stream it instead of tower-lsp-server holding it as one `serde_json::Value` (issue 35,
//! item 7).

pub mod batches;
pub mod json;
pub mod tasks;

use super::{HUMAN, WHAT_IF};
use crate::backend::Inner;
use crate::store::{Held, StoredRead};
use json::{figure, Layer, Rows, Summary, SummaryRow};
use readcov_core::{GoldSpan, Name, ReadSpan, ScoreOptions, ScorePartial, Source, UnknownLengths};
use readcov_units::FileSyntax;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub use json::{answer, Answer};

/// Tasks scored at once. Each (task, run) scores as if alone (`score_batch`, `unit_scores`), so
/// the chunks' rows, in order, are the rows of one batch; a chunk's engine rows (~350 bytes
/// each, with their unit scores) are the only rows held besides the compact ones.
pub const TASKS_PER_CHUNK: usize = 4096;

/// Workspace metrics per (task, run) with the configured sources: what-if reads never mix into
/// the agent's numbers unless `sources` lists `manual`. The what-if layer (when on and holding
/// reads) gets its own row per task, `layer: "what-if"`: the selected runs, human reads and the
/// what-if reads together — what the editor shows — and stays out of the totals.
pub fn summary(me: &Inner) -> Summary {
    let cfg = me.store.config();
    // The summary prints no per-file or per-span figures: they are not computed.
    let opts = ScoreOptions {
        threshold: cfg.threshold,
        sources: cfg.sources.clone(),
        breakdown: false,
    };
    // Each file's gold as the store keeps it, scored by reference: never copied.
    let files = me.store.gold_files();
    let mut gold: Vec<&GoldSpan> = files.iter().flat_map(|f| f.iter()).collect();
    // By task (stable: each task's spans keep their order), so a chunk of tasks is a slice.
    gold.sort_by(|a, b| a.task.cmp(&b.task));
    let syntax = syntax_of(me, &gold);
    let counted_manual = cfg.sources.contains(&Source::Manual);
    // A run made only of uncounted what-if reads is no agent run: it gets no 0% row.
    let kept = |s: Source| counted_manual || s != Source::Manual;
    let held = || me.store.held();
    let (tasks, manual_tasks) = task_runs(&held(), &gold, kept);
    // The run selection picks agent runs; human rows are a layer and always show.
    let agent_runs: BTreeSet<String> = me.store.runs().into_iter().collect();
    let selected = |run: &str| {
        cfg.runs
            .as_ref()
            .is_none_or(|runs| runs.iter().any(|x| x == run) || !agent_runs.contains(run))
    };
    let mut totals = ScorePartial::default();
    let mut rows = Rows::default();
    let scoring = Scoring {
        syntax: &syntax,
        opts: &opts,
        per_chunk: TASKS_PER_CHUNK,
    };
    // The reads are copied out of the store a batch of (task, run) pairs at a time, never all;
    // the store is looked at only while a batch is copied.
    let batched = Batched {
        held,
        tasks: &tasks,
        limit: batches::READS_PER_BATCH,
        kept,
    };
    scoring.rows_in_batches(
        &gold,
        &batched,
        |row, score| {
            let keep = selected(&row.run);
            if keep {
                totals.add(score);
            }
            keep
        },
        &mut rows,
    );
    if cfg.what_if && !counted_manual && !manual_tasks.is_empty() {
        let with_manual = ScoreOptions {
            sources: [Source::Agent, Source::Human, Source::Manual].into(),
            ..opts.clone()
        };
        // Only the what-if tasks' reads are copied, relabelled as the what-if run (the
        // agent's and human ones, then the what-if ones); only their gold is scored (a task
        // scores alone).
        let of_layer = |r: &StoredRead| {
            manual_tasks.contains(&*r.task) && crate::store::counts_stored(r, &cfg)
        };
        let mut layer: Vec<ReadSpan> = Vec::new();
        let held = me.store.held();
        // Only those tasks' reads are visited (the store's index), not every read twice.
        for manual in [false, true] {
            for task in &manual_tasks {
                held.each_of_task(task, &mut |r| {
                    if (r.source == Source::Manual) == manual && of_layer(r) {
                        layer.push(ReadSpan {
                            run: WHAT_IF.into(),
                            ..r.scoring_span()
                        });
                    }
                });
            }
        }
        drop(held);
        layer.sort_by(|a, b| a.task.cmp(&b.task));
        let layer_gold: Vec<&GoldSpan> = (gold.iter().copied())
            .filter(|g| manual_tasks.contains(g.task.as_str()))
            .collect();
        let scoring = Scoring {
            opts: &with_manual,
            ..scoring
        };
        scoring.rows(
            &layer_gold,
            &layer,
            |row, _| &*row.run == WHAT_IF,
            &mut rows,
        );
    }
    let t = totals.finish();
    let sources: Vec<&str> = cfg.sources.iter().map(|s| s.as_str()).collect();
    Summary {
        // Large read logs still loading: the rows count only what is in so far.
        loading: me.is_loading(),
        threshold: cfg.threshold,
        // The effective inputs (all configuration layers merged), e.g. for `readcov report`.
        inputs: json!({ "root": me.store.root(), "gold": cfg.gold, "goldDefinition": cfg.gold_definition,
                    "reads": cfg.reads,
                    "readLog": cfg.read_log, "task": cfg.task, "sources": sources }),
        rows,
        totals: json!({ "rows": t.rows, "scored": t.scored, "passing": t.passing,
                    "meanLineCoverage": t.mean_line_coverage, "meanFileHit": t.mean_file_hit }),
    }
}

/// Every task (of the gold, sorted by task, and of the reads of sources `kept` takes) with its
/// runs and their read counts, in name order; and the tasks with what-if reads. From the
/// store's (task, run) index: no read is visited.
pub(crate) fn task_runs(
    held: &Held,
    gold: &[&GoldSpan],
    kept: impl Fn(Source) -> bool,
) -> (Vec<batches::TaskRuns>, BTreeSet<String>) {
    let mut tasks: Vec<batches::TaskRuns> = Vec::new();
    let mut manual_tasks = BTreeSet::new();
    for ((task, run), pair) in held.pairs() {
        if pair.count(|s| s == Source::Manual) > 0 && !manual_tasks.contains(task.as_str()) {
            manual_tasks.insert(task.to_string());
        }
        let n = pair.count(&kept);
        if n == 0 {
            continue;
        }
        match tasks.last_mut() {
            Some(t) if t.task == task.as_str() => t.runs.push((run.to_string(), n)),
            _ => tasks.push(batches::TaskRuns {
                task: task.to_string(),
                runs: vec![(run.to_string(), n)],
            }),
        }
    }
    // The gold's tasks without kept reads, in their place.
    let with_reads: BTreeSet<&str> = tasks.iter().map(|t| t.task.as_str()).collect();
    let gold_only: BTreeSet<&str> = (gold.iter().map(|g| g.task.as_str()))
        .filter(|t| !with_reads.contains(t))
        .collect();
    let mut all: Vec<batches::TaskRuns> = (gold_only.into_iter())
        .map(|task| batches::TaskRuns {
            task: task.to_string(),
            runs: Vec::new(),
        })
        .collect();
    all.extend(tasks);
    all.sort_by(|a, b| a.task.cmp(&b.task));
    (all, manual_tasks)
}

/// The reads of sources `kept` takes of the (task, run) pairs from `lo` to `hi` (inclusive, in
/// name order) as `ReadSpan`s without tool and command, in pair order (so sorted by task), each
/// pair's in the store's order. Only those pairs' reads are visited (the store's index).
fn reads_between(
    held: &Held,
    lo: (&str, &str),
    hi: (&str, &str),
    kept: &impl Fn(Source) -> bool,
) -> Vec<ReadSpan> {
    let mut out = Vec::new();
    held.each_between(lo, hi, &mut |r| {
        if kept(r.source) {
            out.push(r.scoring_span());
        }
    });
    out
}

/// The reads to score in batches: `held` looks at the stored reads (once per batch, while it
/// is copied), `kept` takes the sources scored, `tasks` are their tasks and runs
/// ([`task_runs`]), `limit` the reads of a batch.
pub struct Batched<'a, E, K> {
    pub held: E,
    pub tasks: &'a [batches::TaskRuns],
    pub limit: usize,
    pub kept: K,
}

/// How the rows are scored: the gold files' syntax, the options, the chunk size.
#[derive(Clone, Copy)]
pub struct Scoring<'a> {
    pub syntax: &'a BTreeMap<String, FileSyntax>,
    pub opts: &'a ScoreOptions,
    pub per_chunk: usize,
}

impl Scoring<'_> {
    /// [`Scoring::rows`] over the reads `batched` visits, copied out a batch at a time
    /// ([`batches`]); `gold` sorted by task. The same rows as one call over all of them.
    pub fn rows_in_batches<E, H, K>(
        &self,
        gold: &[&GoldSpan],
        batched: &Batched<'_, E, K>,
        mut keep: impl FnMut(&SummaryRow, &readcov_core::RunScore) -> bool,
        out: &mut Rows,
    ) where
        E: Fn() -> H,
        H: std::ops::Deref<Target = Held>,
        K: Fn(Source) -> bool,
    {
        let tasks = batched.tasks;
        for batch in batches::plan(tasks, batched.limit) {
            let first = tasks[*batch.tasks.start()].task.as_str();
            let last = tasks[*batch.tasks.end()].task.as_str();
            let from = gold.partition_point(|g| g.task.as_str() < first);
            let to = gold.partition_point(|g| g.task.as_str() <= last);
            let reads = match batch.pair_names(tasks) {
                Some((lo, hi)) => reads_between(&(batched.held)(), lo, hi, &batched.kept),
                None => Vec::new(),
            };
            self.rows(&gold[from..to], &reads, &mut keep, out);
        }
    }

    /// Scores `gold` and `reads` (both sorted by task) `per_chunk` tasks at a time
    /// ([`readcov_units::ChunkScoring`]), appending to `out` a chunk of the rows `keep` takes,
    /// in `score_batch`'s order (task, then run).
    pub fn rows(
        &self,
        gold: &[&GoldSpan],
        reads: &[ReadSpan],
        mut keep: impl FnMut(&SummaryRow, &readcov_core::RunScore) -> bool,
        out: &mut Rows,
    ) {
        let mut runs: HashMap<String, Name> = HashMap::new();
        let scoring = readcov_units::ChunkScoring {
            lengths: &UnknownLengths,
            opts: self.opts,
            syntax: self.syntax,
            per_chunk: self.per_chunk,
        };
        scoring.run(gold, reads, |gold, rows, units| {
            let mut chunk = Vec::new();
            convert(gold, rows, units, &mut runs, |row, score| {
                if keep(&row, score) {
                    chunk.push(row);
                }
            });
            chunk.shrink_to_fit();
            out.chunks.push(chunk);
        });
    }
}

/// One chunk's `score_batch` rows with unit hit as summary rows, with the row's layer (`agent`,
/// `human` — the run `readcov/recordRead` writes — or `what-if`); the task's name is the gold's
/// own.
fn convert(
    gold: &[&GoldSpan],
    rows: Vec<readcov_core::TaskRunScore>,
    units: Vec<readcov_units::UnitScore>,
    runs: &mut HashMap<String, Name>,
    mut each: impl FnMut(SummaryRow, &readcov_core::RunScore),
) {
    let mut task: Option<Name> = None;
    let mut at = 0;
    for (r, u) in rows.into_iter().zip(units) {
        if task.as_deref() != Some(r.task.as_str()) {
            // Rows and gold come in task order: the gold's name for this task, if any.
            at += gold[at..]
                .iter()
                .take_while(|g| g.task.as_str() < r.task.as_str())
                .count();
            task = Some(match gold.get(at).filter(|g| g.task.as_str() == r.task) {
                Some(g) => g.task.clone(),
                None => Name::from(r.task.as_str()),
            });
        }
        let run = runs
            .entry(r.run.clone())
            .or_insert_with(|| Name::from(r.run.as_str()))
            .clone();
        let layer = match r.run.as_str() {
            WHAT_IF => Layer::WhatIf,
            HUMAN => Layer::Human,
            _ => Layer::Agent,
        };
        let row = SummaryRow {
            covered_lines: r.score.covered_lines,
            file_hit: figure(r.score.file_hit),
            gold_lines: r.score.gold_lines,
            layer,
            line_coverage: figure(r.score.line_coverage),
            passes_threshold: r.score.passes_threshold,
            run,
            task: task.clone().unwrap_or_default(),
            unit_hit: figure(u.unit_hit),
        };
        each(row, &r.score);
    }
}

/// Syntax units of every gold file by the one walk (`readcov_units::units_of_paths`): the open
/// document's text when open, else the file on disk as `score` reads it
/// (a [`readcov_files::Workspace`]: confined, lossy, under the source limit).
fn syntax_of(me: &Inner, gold: &[&GoldSpan]) -> BTreeMap<String, FileSyntax> {
    let sources = OpenOrDisk {
        me,
        disk: readcov_files::syntax::workspace(me.store.root().as_deref()),
    };
    readcov_units::units_of_paths(gold.iter().map(|g| g.path.as_str()), &sources)
}

/// A file's text: its open document's, else the workspace's file.
struct OpenOrDisk<'a> {
    me: &'a Inner,
    disk: readcov_files::Workspace,
}

impl readcov_units::Sources for OpenOrDisk<'_> {
    fn text(&self, path: &str) -> Result<std::borrow::Cow<'_, str>, String> {
        let open = (self.me.docs.iter()).find(|d| d.path.as_deref() == Some(path));
        match open {
            Some(d) => Ok(d.text().into()),
            None => self.disk.text(path),
        }
    }
}

#[cfg(test)]
mod tests;
