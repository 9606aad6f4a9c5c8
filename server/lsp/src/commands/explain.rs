//! `readcov/explain` and `readcov/tasks`, and the workspace-wide diagnostics: the task, not only
//! the open file. The numbers come from `readcov_core::explain` through [`crate::task`].

use crate::backend::Inner;
use crate::task;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

/// `readcov/explain` parameters; every key may be left out (the selected task and run).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainParams {
    task: Option<String>,
    run: Option<String>,
    against: Option<String>,
}

/// `readcov/explain {task?, run?, against?}` → the JSON of `readcov explain --format json`.
pub fn explain(me: &Inner, params: Value) -> Result<Value> {
    let p: ExplainParams = match params {
        Value::Null => ExplainParams::default(),
        v => serde_json::from_value(v)
            .map_err(|e| Error::invalid_params(format!("readcov/explain: {e}")))?,
    };
    let e = task::explain_task(
        me,
        p.task.as_deref(),
        p.run.as_deref(),
        p.against.as_deref(),
    )
    .map_err(|e| Error::invalid_params(format!("readcov/explain: {e}")))?;
    Ok(serde_json::to_value(e).expect("an explanation serialises"))
}

/// `readcov/tasks` → `{ "selected": {task, run}, "tasks": [...] }`.
pub fn tasks(me: &Inner) -> Value {
    let selected = task::selected_task(me);
    let run = selected.as_deref().and_then(|t| task::selected_run(me, t));
    json!({
        "selected": { "task": selected, "run": run },
        "tasks": super::summary::tasks::all_tasks(me),
    })
}

/// `workspace/diagnostic`: every open document's diagnostics and every other gold file of the
/// selected task's, from its text on disk (full reports; no result ids are kept).
pub fn workspace(me: &Inner) -> WorkspaceDiagnosticReport {
    let open: Vec<Uri> = me.docs.iter().map(|d| d.key().clone()).collect();
    let mut items: Vec<WorkspaceDocumentDiagnosticReport> = (open.into_iter())
        .filter_map(|uri| {
            let (diags, version) = me.diagnostics_for(&uri)?;
            Some(full(uri, Some(i64::from(version)), diags))
        })
        .collect();
    items.extend(
        (task::closed_gold_files(me).into_iter()).map(|(uri, diags)| full(uri, None, diags)),
    );
    WorkspaceDiagnosticReport { items }
}

fn full(
    uri: Uri,
    version: Option<i64>,
    items: Vec<Diagnostic>,
) -> WorkspaceDocumentDiagnosticReport {
    WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
        uri,
        version,
        full_document_diagnostic_report: FullDocumentDiagnosticReport {
            result_id: None,
            items,
        },
    })
}
