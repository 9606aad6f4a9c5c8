//! A retriever's ranked chunks as a TREC run of documents at one level — the list readcov's IR
//! measures are computed on — so any TREC tool (trec_eval, ir_measures, ranx) scores it against
//! `readcov gold --format qrels --level …` and gets readcov's numbers. `score --at-k …
//! --trec-run LEVEL` and Python's `at_k(..., trec_run=LEVEL)` both write it from here.
//! `qid Q0 docid rank score tag`: qid the task, tag the run, rank the position (1, 2, …) and
//! score `n − rank + 1` (distinct, so no tool's tie-breaking applies).

use crate::at_k::{by_task, task_inputs};
use crate::scored::Sources;
use readcov_core::{EventKind, GoldSpan, ReadSpan, ScoreOptions};
use readcov_units::retrieval::levels::rankings;
use readcov_units::retrieval::unit_docs::file_units;
use readcov_units::Level;
use std::collections::BTreeMap;
use std::io::Write;

#[derive(Debug, thiserror::Error)]
pub enum TrecRunError {
    /// TREC's fields are whitespace-separated: such a value cannot be written unambiguously.
    #[error("{what} `{value}` is empty or holds whitespace: not writable as a TREC run field")]
    Field { what: &'static str, value: String },
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Writes the run of every (task, run) of `reads` (read events of the counted `opts.sources`)
/// to `out`; returns the `task/run`s not written because the level cannot be judged for them
/// (a gold file without units), for [`unjudged_warning`].
pub fn write_run(
    out: &mut impl Write,
    sources: Sources,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    opts: &ScoreOptions,
    level: Level,
) -> Result<Vec<String>, TrecRunError> {
    let mut unjudged = Vec::new();
    for (task, (g, r)) in by_task(gold, reads) {
        let (lengths, syntax) = task_inputs(sources, task, &g, &r);
        let units = file_units(&syntax);
        let gold_refs: Vec<&GoldSpan> = g.iter().collect();
        let mut runs: BTreeMap<&str, Vec<&ReadSpan>> = BTreeMap::new();
        for x in r
            .iter()
            .filter(|x| x.kind == EventKind::Read && opts.sources.contains(&x.source))
        {
            runs.entry(&x.run).or_default().push(x);
        }
        for (run, chunks) in runs {
            let ranked = rankings(&gold_refs, &chunks, &units, &lengths);
            let Some((entries, _)) = ranked.get(level) else {
                unjudged.push(format!("{task}/{run}"));
                continue;
            };
            let n: u64 = entries.iter().map(|e| e.len()).sum();
            let mut rank = 0u64;
            for id in entries.iter().flat_map(|e| e.ids()) {
                rank += 1;
                for (what, v) in [("task", task), ("run", run), ("document", id.as_str())] {
                    if v.is_empty() || v.chars().any(char::is_whitespace) {
                        let value = v.to_string();
                        return Err(TrecRunError::Field { what, value });
                    }
                }
                writeln!(out, "{task} Q0 {id} {rank} {} {run}", n - rank + 1)?;
            }
        }
    }
    Ok(unjudged)
}

/// What the edges say about the runs [`write_run`] left out (None when it wrote every one).
pub fn unjudged_warning(level: Level, unjudged: &[String]) -> Option<String> {
    (!unjudged.is_empty()).then(|| {
        format!(
            "warning: {} run(s) not written at {} level (a gold file has no units: give --workspace or \
             --workspaces with sources in a supported language): {}",
            unjudged.len(),
            level.label(),
            unjudged.join(", ")
        )
    })
}
