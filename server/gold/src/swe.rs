//! Consensus gold as SWE-Explore benchmark rows (`--format swe-explore`): one row per task with
//! `ground_truth` (`read_core_files`, `read_core_regions`, `read_optional_files_map`,
//! `read_optional_regions_map`, `modified_core_files`, `main_files`) and `meta` counts, the
//! shape `readcov explore --bench` reads.

use crate::TaskConsensus;
use readcov_core::LineSet;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn regions(files: &BTreeMap<String, LineSet>) -> Vec<Value> {
    files
        .iter()
        .flat_map(|(path, set)| {
            set.intervals()
                .iter()
                .map(move |iv| json!({"path": path, "start": iv.start, "end": iv.end}))
        })
        .collect()
}

/// One benchmark row for one task's consensus.
pub fn swe_explore_row(t: &TaskConsensus) -> Value {
    let optional_files: BTreeMap<&String, Vec<&String>> = t
        .optional
        .iter()
        .map(|(run, files)| (run, files.keys().collect()))
        .collect();
    let optional_regions: BTreeMap<&String, Vec<Value>> = t
        .optional
        .iter()
        .map(|(run, files)| (run, regions(files)))
        .collect();
    let core_lines: u64 = t.core.values().map(LineSet::len).sum();
    json!({
        "instance_id": t.task,
        "ground_truth": {
            "read_core_files": t.core.keys().collect::<Vec<_>>(),
            "read_core_regions": regions(&t.core),
            "read_optional_files_map": optional_files,
            "read_optional_regions_map": optional_regions,
            "modified_core_files": t.modified_core_files,
            "main_files": t.main_files,
        },
        "meta": {
            "resolved_runs": t.runs,
            "num_resolved_runs": t.runs.len(),
            "num_core_files": t.core.len(),
            "num_core_lines": core_lines,
            "num_main_files": t.main_files.len(),
        },
    })
}
