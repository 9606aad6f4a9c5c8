//! Two runs of one task side by side: the gold spans one read and the other did not. Both rows
//! come from the same walk over the same prepared gold, so their spans line up one to one.

use super::model::{Against, SpanDiff, Verdict};
use crate::metrics::RunScore;

pub(super) fn compare(this: &RunScore, run: String, other: &RunScore) -> Against {
    let spans = (this.spans.iter().zip(&other.spans))
        .filter_map(|(a, b)| {
            debug_assert_eq!((&a.path, a.start, a.end), (&b.path, b.start, b.end));
            // Read by one = unread by the other, not by itself.
            let only_this = b.unread.difference(&a.unread);
            let only_other = a.unread.difference(&b.unread);
            (!only_this.is_empty() || !only_other.is_empty()).then(|| SpanDiff {
                path: a.path.to_string(),
                start: a.start,
                end: a.end,
                gold_lines: a.gold_lines,
                covered: a.covered_lines,
                other_covered: b.covered_lines,
                only_this,
                only_other,
            })
        })
        .collect();
    Against {
        run,
        verdict: Verdict::of(other),
        file_hit: other.file_hit,
        line_coverage: other.line_coverage,
        covered_lines: other.covered_lines,
        spans,
    }
}
