//! `readcov/nextUnread`: the next (or previous) unread gold span of the task from a position,
//! across files — opened or not — so a client can step through what the agent missed.

use crate::backend::Inner;
use crate::document::Document;
use crate::task;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::Uri;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NextParams {
    text_document: DocId,
    /// 0-based current line of the cursor.
    line: u32,
    #[serde(default)]
    direction: Direction,
}

#[derive(Debug, Deserialize)]
struct DocId {
    uri: Uri,
}

#[derive(Debug, Default, Deserialize, PartialEq, Eq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    #[default]
    Next,
    Previous,
}

/// One unread gold run of lines: (workspace path, uri, first, last), 1-based current lines.
type Unread = (String, Uri, u32, u32);

/// `readcov/nextUnread {textDocument: {uri}, line, direction?: "next" | "previous"}` →
/// `{uri, path, startLine, endLine}` (0-based; current lines for open documents, disk lines
/// for the others) or `null` when no gold line is unread. Files go in path order; the search
/// wraps around. `next` is the first unread run starting after the cursor line, `previous`
/// the last one starting before it.
pub fn next_unread(me: &Inner, params: Value) -> Result<Value> {
    let p: NextParams = serde_json::from_value(params)
        .map_err(|e| Error::invalid_params(format!("readcov/nextUnread: {e}")))?;
    if me.is_loading() {
        return Ok(Value::Null);
    }
    let here = me.path_of(&p.text_document.uri).unwrap_or_default();
    let all = unread_runs(me);
    // Saturating: a client's `line` may be u32::MAX (past every run, so `next` wraps around).
    let at = (here.as_str(), p.line.saturating_add(1));
    let found = match p.direction {
        Direction::Next => (all.iter())
            .find(|u| (u.0.as_str(), u.2) > at)
            .or(all.first()),
        Direction::Previous => (all.iter().rev())
            .find(|u| (u.0.as_str(), u.2) < at)
            .or(all.last()),
    };
    Ok(found.map_or(Value::Null, |(path, uri, s, e)| {
        json!({"uri": uri.as_str(), "path": path, "startLine": s - 1, "endLine": e - 1})
    }))
}

/// Every unread gold run of the selected task's gold files (all gold files without a selected
/// task), as painted: the open document's view, else the file's text on disk.
fn unread_runs(me: &Inner) -> Vec<Unread> {
    let selected = task::selected_task(me);
    let paths = me.store.gold_paths(selected.as_deref());
    let root = me.store.root();
    let mut out = Vec::new();
    for path in paths {
        let open = (me.docs.iter())
            .find(|d| d.path.as_deref() == Some(path.as_str()))
            .map(|d| d.key().clone());
        let runs = match open {
            Some(uri) => me
                .with_view(&uri, |_, v, _| v.gold.difference(&v.read))
                .map(|set| (uri, set)),
            None => (|| {
                let uri = Uri::from_file_path(root.as_ref()?.join(&path))?;
                let (_, text) = task::disk_text(me, &path)?;
                let doc = Document::new(Some(path.clone()), &text, 0);
                let v = me.view_of(&doc);
                Some((uri, v.gold.difference(&v.read)))
            })(),
        };
        if let Some((uri, set)) = runs {
            out.extend(
                (set.intervals().iter()).map(|iv| (path.clone(), uri.clone(), iv.start, iv.end)),
            );
        }
    }
    out
}
