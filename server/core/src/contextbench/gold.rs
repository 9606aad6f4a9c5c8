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
    let task = crate::name::Name::from(row.instance_id.as_str());
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
                task: task.clone(),
                path: path.into(),
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

/// Whether a gold file holds ContextBench rows: its first non-blank line is an object with
/// `gold_context`, `init_ctx` or `gold_ctx`.
pub fn is_contextbench_gold(bytes: &[u8]) -> bool {
    let Some(line) = bytes
        .split(|&b| b == b'\n')
        .find(|l| l.iter().any(|b| !b.is_ascii_whitespace()))
    else {
        return false;
    };
    match serde_json::from_slice::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(o)) => ["gold_context", "init_ctx", "gold_ctx"]
            .iter()
            .any(|k| o.contains_key(*k)),
        _ => false,
    }
}

/// A ContextBench gold file as readcov gold spans; a region that gives none is a located error.
pub fn contextbench_gold_spans(bytes: &[u8], file: &str) -> crate::Parsed<GoldSpan> {
    let rows = super::parse_gold_rows(bytes, file);
    let mut out = crate::Parsed {
        items: Vec::new(),
        errors: rows.errors,
        records: rows.records,
    };
    for row in &rows.items {
        let (spans, skipped) = contextbench_gold(row);
        out.items.extend(spans);
        out.errors.extend(
            skipped
                .into_iter()
                .map(|why| crate::InputError::new(file, row.line, Some("gold_context"), why)),
        );
    }
    out
}
