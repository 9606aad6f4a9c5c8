//! A run's change beside the gold's, for the drill-down: one gold change unit's two texts
//! aligned side by side (after the gold patch, after the run's change), and a whole patch with
//! its lines classed by kind. Every line is untrusted text and goes through `esc`.

use super::esc;
use readcov_core::stages::{unit_diff, DiffLine};
use std::fmt::Write;

/// Equal lines kept around each difference of a unit diff (as `readcov explain`).
const CONTEXT: usize = 2;
/// Rows of one unit's side-by-side diff, and lines of one patch, shown at most (the rest
/// counted: `readcov diagnose --format json` has everything).
const MAX_DIFF_ROWS: usize = 80;
const MAX_PATCH_LINES: usize = 300;

/// A unit's text after the gold patch (left) and after the run's change (right), aligned.
pub(super) fn side_by_side(out: &mut String, gold: &str, agent: &str) {
    out.push_str(r#"<div class="scroll"><table class="sbs"><thead><tr><th scope="col">after the gold patch</th><th scope="col">after the run's change</th></tr></thead><tbody>"#);
    let lines = unit_diff(gold, agent, CONTEXT);
    let mut rows = 0usize;
    let mut k = 0;
    while k < lines.len() && rows < MAX_DIFF_ROWS {
        match &lines[k] {
            DiffLine::Same(t) => {
                let t = esc(t);
                let _ = write!(
                    out,
                    "<tr><td><code>{t}</code></td><td><code>{t}</code></td></tr>"
                );
                k += 1;
            }
            DiffLine::Skipped(n) => {
                let _ = write!(
                    out,
                    r#"<tr><td class="skip" colspan="2">… {n} equal line(s)</td></tr>"#
                );
                k += 1;
            }
            _ => {
                // A stretch of differences: the gold's lines beside the run's, row by row.
                let end = (k..lines.len())
                    .find(|&j| matches!(lines[j], DiffLine::Same(_) | DiffLine::Skipped(_)))
                    .unwrap_or(lines.len());
                let gold: Vec<&str> = (lines[k..end].iter())
                    .filter_map(|l| match l {
                        DiffLine::Gold(t) => Some(t.as_str()),
                        _ => None,
                    })
                    .collect();
                let agent: Vec<&str> = (lines[k..end].iter())
                    .filter_map(|l| match l {
                        DiffLine::Agent(t) => Some(t.as_str()),
                        _ => None,
                    })
                    .collect();
                for i in 0..gold.len().max(agent.len()) {
                    let cell = |side: &[&str], class: &str| match side.get(i) {
                        Some(t) => format!(r#"<td class="{class}"><code>{}</code></td>"#, esc(t)),
                        None => r#"<td class="empty"></td>"#.to_string(),
                    };
                    let _ = write!(
                        out,
                        "<tr>{}{}</tr>",
                        cell(&gold, "del"),
                        cell(&agent, "add")
                    );
                    rows += 1;
                }
                k = end;
                continue;
            }
        }
        rows += 1;
    }
    if k < lines.len() {
        let _ = write!(
            out,
            r#"<tr><td class="skip" colspan="2">… {} more diff line(s) (<code>readcov diagnose --format json</code> has both texts)</td></tr>"#,
            lines.len() - k
        );
    }
    out.push_str("</tbody></table></div>");
}

/// A patch as text, its lines classed by kind.
pub(super) fn patch(out: &mut String, title: &str, text: Option<&str>, missing: &str) {
    let _ = write!(out, "<figure><figcaption>{}</figcaption>", esc(title));
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
        let _ = write!(out, "<p class=\"muted\">{}</p></figure>", esc(missing));
        return;
    };
    out.push_str(r#"<pre class="patch">"#);
    let total = text.lines().count();
    for line in text.lines().take(MAX_PATCH_LINES) {
        let class =
            if line.starts_with("+++") || line.starts_with("---") || line.starts_with("diff ") {
                "meta"
            } else if line.starts_with('+') {
                "add"
            } else if line.starts_with('-') {
                "del"
            } else if line.starts_with("@@") {
                "hunk"
            } else {
                "ctx"
            };
        let _ = writeln!(out, r#"<span class="{class}">{}</span>"#, esc(line));
    }
    if total > MAX_PATCH_LINES {
        let _ = write!(out, "… {} more line(s)", total - MAX_PATCH_LINES);
    }
    out.push_str("</pre></figure>");
}
