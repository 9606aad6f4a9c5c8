//! ContextBench gold rows as readcov gold: every annotated region (init and add) becomes a
//! `tier: core` span of task `instance_id`, its path normalised by the clean rules (container
//! roots and `./` stripped, a leading `.` of a name kept).

use super::input::GoldRow;
use super::paths::gold_path;
use super::Mode;
use crate::path::normalize_path;
use crate::span::{GoldSpan, Tier};

/// Gold spans of one row, and the regions that gave none (path or line out of range) with why.
pub fn contextbench_gold(row: &GoldRow) -> (Vec<GoldSpan>, Vec<String>) {
    let mut spans = Vec::new();
    let mut skipped = Vec::new();
    for it in row.init.iter().chain(&row.add) {
        let path = match normalize_path(&gold_path(&it.file, Mode::Clean), None) {
            Ok(p) if !p.is_empty() => p,
            Ok(_) => {
                skipped.push(format!("{}: empty path", it.file));
                continue;
            }
            Err(e) => {
                skipped.push(format!("{}: {e}", it.file));
                continue;
            }
        };
        match (u32::try_from(it.start), u32::try_from(it.end)) {
            (Ok(start), Ok(end)) if start >= 1 && end >= start => spans.push(GoldSpan {
                task: row.instance_id.clone(),
                path,
                start,
                end,
                tier: Tier::Core,
                requirement: None,
            }),
            _ => skipped.push(format!(
                "{}:{}-{}: lines out of range",
                it.file, it.start, it.end
            )),
        }
    }
    (spans, skipped)
}
