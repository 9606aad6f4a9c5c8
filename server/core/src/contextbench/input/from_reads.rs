//! readcov's own reads turned into ContextBench predictions, so a run imported from an agent log
//! is scored by the benchmark's measures without writing its predictions file.

use super::{PredRow, Step};
use crate::span::{EventKind, ReadSpan};

/// readcov reads as predictions, one per (task, run): agent reads only (edits and what-if
/// rows are not retrieval), consecutive reads of one `turn` form a step (a read without a
/// turn is a step of its own), and the final context is everything read.
pub fn preds_from_reads(reads: &[ReadSpan], file: &str) -> Vec<PredRow> {
    let mut order: Vec<(&str, &str)> = Vec::new();
    let mut by_run: std::collections::HashMap<(&str, &str), Vec<&ReadSpan>> = Default::default();
    for r in reads
        .iter()
        .filter(|r| r.kind == EventKind::Read && r.source == crate::span::Source::Agent)
    {
        let k = (r.task.as_str(), r.run.as_str());
        by_run
            .entry(k)
            .or_insert_with(|| {
                order.push(k);
                Vec::new()
            })
            .push(r);
    }
    order.sort_unstable();
    order
        .into_iter()
        .map(|k| {
            let rows = &by_run[&k];
            let mut steps: Vec<Step> = Vec::new();
            let mut last_turn: Option<u32> = None;
            for r in rows {
                if r.turn.is_none() || r.turn != last_turn || steps.is_empty() {
                    steps.push(Step::default());
                }
                last_turn = r.turn;
                let s = steps.last_mut().expect("a step was pushed");
                if !s.files.contains(&r.path) {
                    s.files.push(r.path.clone());
                }
                s.spans
                    .push((r.path.clone(), i64::from(r.start), i64::from(r.end)));
            }
            let mut final_step = Step::default();
            for s in &steps {
                for f in &s.files {
                    if !final_step.files.contains(f) {
                        final_step.files.push(f.clone());
                    }
                }
                final_step.spans.extend(s.spans.iter().cloned());
            }
            PredRow {
                instance_id: k.0.to_string(),
                run: Some(k.1.to_string()),
                model_patch: String::new(),
                steps,
                final_step,
                file: file.to_string(),
                line: 0,
            }
        })
        .collect()
}
