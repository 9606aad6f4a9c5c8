//! Code actions on a gold span: widen the read window to the enclosing unit or by ±10 lines,
//! each titled with the coverage it would give, and mark the requested lines as read.

use super::{lines_label, widen_command};
use crate::document::Document;
use crate::view::{pct, FileView, UnitSpan};
use readcov_core::LineSet;
use tower_lsp_server::ls_types::*;

/// Code actions for the gold spans that touch `req` (current lines, 1-based): widen to the
/// enclosing unit, widen the reads by ±10 lines, mark the requested lines as read.
pub fn code_actions(
    uri: &Uri,
    doc: &Document,
    v: &FileView,
    units: &[UnitSpan],
    req: (u32, u32),
) -> Vec<CodeActionOrCommand> {
    let last = doc.lines().max(1);
    let mut out = Vec::new();
    let project = |set: &LineSet| pct(v.projected(set).unwrap_or(0.0), v.threshold);
    for s in v
        .spans
        .iter()
        .filter(|s| s.start <= req.1 && req.0 <= s.end)
    {
        let (us, ue, name) = match v.enclosing_unit(units, s.start, s.end) {
            // The unit's name in backticks, as code: "Widen read window to `check_token` …".
            Some(u) => (u.start, u.end.min(last), format!("`{}`", u.name)),
            None => (s.start, s.end, "the gold span".to_string()),
        };
        let title = format!(
            "Widen read window to {name} ({}) → coverage {}",
            lines_label(us, ue),
            project(&LineSet::span(us, ue))
        );
        out.push(action(&title, uri, us, ue));
        // ±10 around what was read of this span, or around the span itself when nothing was.
        let touched = s.lines.intersection(&v.read);
        let base = if touched.is_empty() {
            (s.start, s.end)
        } else {
            (
                touched.first().unwrap_or(s.start),
                touched.last().unwrap_or(s.end),
            )
        };
        let (ws, we) = (
            base.0.saturating_sub(10).max(1),
            base.1.saturating_add(10).min(last),
        );
        let title = format!(
            "Widen by ±10 lines → coverage {}",
            project(&LineSet::span(ws, we))
        );
        out.push(action(&title, uri, ws, we));
    }
    // Only where a gold span is (`out` holds its widen actions): offered on every line, it put
    // a lightbulb on every line of every file.
    if !out.is_empty() {
        let (rs, re) = (req.0.min(last), req.1.min(last));
        out.push(mark_action(uri, rs, re));
    }
    out
}

/// `Mark lines as read` is not a fix of the span's diagnostic: kind `refactor`, not
/// `quickfix`, so clients do not advertise it as one.
fn mark_action(uri: &Uri, start: u32, end: u32) -> CodeActionOrCommand {
    let title = "Mark lines as read";
    CodeActionOrCommand::CodeAction(CodeAction {
        title: title.into(),
        kind: Some(CodeActionKind::REFACTOR),
        command: Some(widen_command(title, uri, start, end)),
        ..CodeAction::default()
    })
}

fn action(title: &str, uri: &Uri, start: u32, end: u32) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title: title.into(),
        kind: Some(CodeActionKind::QUICKFIX),
        command: Some(widen_command(title, uri, start, end)),
        ..CodeAction::default()
    })
}
