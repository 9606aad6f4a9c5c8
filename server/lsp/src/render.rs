//! The protocol edge: turns a [`FileView`] into LSP diagnostics, inlay hints, code lenses, code
//! actions and the `readcov/lineStates` reply. Lines become 0-based here and columns UTF-16.

use crate::document::Document;
use crate::view::{pct, FileView};
use readcov_core::words::threshold as pct_threshold;
use readcov_core::LineSet;
use serde_json::json;
use tower_lsp_server::ls_types::*;

mod actions;
pub mod change;
mod hover;
pub mod overview;
mod states;
pub use actions::code_actions;
pub use hover::{hover_nearest, hover_text, short_command};
pub use states::{edit_states, line_states, line_states_loading, LOADING};

pub const SOURCE: &str = "readcov";
pub const WIDEN: &str = "readcov.widen";

fn lines_label(start: u32, end: u32) -> String {
    format!("lines {start}–{end}")
}

/// One diagnostic per gold span below threshold (Warning) and, when `info`, per span at or
/// above it (Information); a stale gold gets one Warning on line 0 instead.
pub fn diagnostics(uri: &Uri, doc: &Document, v: &FileView, info: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // A file that differs from the gold's base says so on line 1, whatever else it shows:
    // Information when everything was mapped by content, Warning when something was dropped.
    if let Some((msg, mapped)) = &v.base_note {
        out.push(Diagnostic {
            range: doc.lines_range(0, 0),
            severity: Some(if *mapped {
                DiagnosticSeverity::INFORMATION
            } else {
                DiagnosticSeverity::WARNING
            }),
            source: Some(SOURCE.into()),
            message: msg.clone(),
            ..Diagnostic::default()
        });
    }
    if let Some(msg) = &v.stale {
        out.push(Diagnostic {
            range: doc.lines_range(0, 0),
            severity: Some(DiagnosticSeverity::WARNING),
            source: Some(SOURCE.into()),
            message: msg.clone(),
            ..Diagnostic::default()
        });
        return out;
    }
    let t = pct_threshold(v.threshold);
    for s in &v.spans {
        let gold = s.lines.len();
        let cov = s.covered as f64 / gold as f64;
        let below = cov < v.threshold;
        if !below && !info {
            continue;
        }
        let verdict = if below {
            format!("below {t}")
        } else {
            format!("at or above {t}")
        };
        let related = s
            .unread
            .intervals()
            .iter()
            .map(|iv| DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), doc.lines_range(iv.start - 1, iv.end - 1)),
                message: format!("unread {}", lines_label(iv.start, iv.end)),
            })
            .collect::<Vec<_>>();
        out.push(Diagnostic {
            range: doc.lines_range(s.start - 1, s.end - 1),
            severity: Some(if below {
                DiagnosticSeverity::WARNING
            } else {
                DiagnosticSeverity::INFORMATION
            }),
            source: Some(SOURCE.into()),
            message: format!(
                "gold {}: {}/{gold} read ({}{}) — {verdict}",
                lines_label(s.start, s.end),
                s.covered,
                pct(cov, v.threshold),
                what_if_note(s.covered, s.what_if, gold),
            ),
            related_information: (!related.is_empty()).then_some(related),
            ..Diagnostic::default()
        });
    }
    out
}

/// Said wherever a figure counts what-if reads, so they are never taken for the agent's:
/// ` with what-if reads; 4/16 without`.
fn what_if_note(covered: u64, what_if: u64, gold: u64) -> String {
    if what_if == 0 {
        return String::new();
    }
    format!(" with what-if reads; {}/{gold} without", covered - what_if)
}

/// The file summary on line 0 and `read c/g gold (p%)` after each unit header with gold lines.
pub fn inlay_hints(doc: &Document, v: &FileView, range: Option<Range>) -> Vec<InlayHint> {
    let in_range = |line: u32| range.is_none_or(|r| r.start.line <= line && line <= r.end.line);
    let mut out = Vec::new();
    if let Some(cov) = v.coverage().filter(|_| in_range(0)) {
        let cmp = if cov < v.threshold { "<" } else { "≥" };
        let hit = if v.file_hit {
            "file hit"
        } else {
            "file not hit"
        };
        let what_if = match v.base_coverage().filter(|_| v.what_if_covered() > 0) {
            Some(base) => format!(" (what-if; {} without)", pct(base, v.threshold)),
            None => String::new(),
        };
        out.push(hint(
            doc.line_end(0),
            format!(
                "gold {} · read {}{what_if} {cmp} {} · {hit}",
                v.gold.len(),
                pct(cov, v.threshold),
                pct_threshold(v.threshold)
            ),
        ));
    }
    for u in v.innermost_units() {
        let line = u.unit.start - 1;
        if in_range(line) && line < doc.lines().max(1) {
            let cov = u.covered as f64 / u.gold as f64;
            let what_if = if u.what_if > 0 { ", what-if" } else { "" };
            out.push(hint(
                doc.line_end(line),
                format!(
                    "read {}/{} gold ({}{what_if})",
                    u.covered,
                    u.gold,
                    pct(cov, v.threshold)
                ),
            ));
        }
    }
    out
}

fn hint(position: Position, label: String) -> InlayHint {
    InlayHint {
        position,
        label: InlayHintLabel::String(label),
        kind: None,
        text_edits: None,
        tooltip: None,
        padding_left: Some(true),
        padding_right: None,
        data: None,
    }
}

/// The `readcov.widen` command over current lines `start..=end` (1-based in, 0-based out).
pub fn widen_command(title: &str, uri: &Uri, start: u32, end: u32) -> Command {
    Command {
        title: title.into(),
        command: WIDEN.into(),
        arguments: Some(vec![
            json!({"uri": uri.as_str(), "startLine": start - 1, "endLine": end - 1}),
        ]),
    }
}

/// A lens above each innermost unit that holds gold lines: `gold 16 · 25% read · widen → 100%`;
/// `gold 2 · 100% read (what-if)` once read whole (no widen left), `(what-if)` when what-if
/// reads count in it.
pub fn code_lenses(uri: &Uri, doc: &Document, v: &FileView) -> Vec<CodeLens> {
    v.innermost_units()
        .into_iter()
        .map(|u| {
            let (s, e) = (u.unit.start, u.unit.end.min(doc.lines().max(1)));
            let read = format!(
                "gold {} · {} read{}",
                u.gold,
                pct(u.covered as f64 / u.gold as f64, v.threshold),
                if u.what_if > 0 { " (what-if)" } else { "" },
            );
            // A unit read whole has nothing to widen: the lens only says so (an empty command
            // id is drawn as plain text, not a link).
            let command = if u.covered >= u.gold {
                Command {
                    title: read,
                    command: String::new(),
                    arguments: None,
                }
            } else {
                let widened = v.projected(&LineSet::span(s, e)).unwrap_or(0.0);
                widen_command(
                    &format!("{read} · widen → {}", pct(widened, v.threshold)),
                    uri,
                    s,
                    e,
                )
            };
            CodeLens {
                range: doc.lines_range(s - 1, s - 1),
                command: Some(command),
                data: None,
            }
        })
        .collect()
}

/// The file-level Warning on line 1 of a gold file the shown run(s) never read:
/// `gold file never opened by run R (0/4 gold lines)`.
pub fn never_opened(doc: &Document, v: &FileView, runs: &str) -> Option<Diagnostic> {
    (!v.gold.is_empty() && !v.file_hit && v.stale.is_none()).then(|| Diagnostic {
        range: doc.lines_range(0, 0),
        severity: Some(DiagnosticSeverity::WARNING),
        source: Some(SOURCE.into()),
        message: format!(
            "gold file never opened by {runs} (0/{} gold lines)",
            v.gold.len()
        ),
        ..Diagnostic::default()
    })
}

/// The one diagnostic of a gold file missing from the workspace (gold and reads in disk lines).
pub fn missing_file(gold: &[(u32, u32)], read: &LineSet, runs: &str) -> Option<Diagnostic> {
    let gold = LineSet::from_intervals(
        (gold.iter()).filter_map(|&(s, e)| readcov_core::Interval::new(s, e)),
    );
    if gold.is_empty() {
        return None;
    }
    let message = if read.is_empty() {
        format!(
            "gold file never opened by {runs} (0/{} gold lines); not found in the workspace",
            gold.len()
        )
    } else {
        format!(
            "gold file: {}/{} gold lines read by {runs}; not found in the workspace",
            gold.intersection_len(read),
            gold.len()
        )
    };
    Some(Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::WARNING),
        source: Some(SOURCE.into()),
        message,
        ..Diagnostic::default()
    })
}
