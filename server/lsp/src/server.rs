//! The `LanguageServer` implementation: thin handlers that convert protocol types at the edge
//! and call the backend, the view and the renderers.

use crate::backend::{Inner, Shared};
use crate::document::Document;
use crate::{commands, render};
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

pub struct Backend {
    pub inner: Shared,
}

impl Backend {
    pub fn new(client: Client) -> Backend {
        Backend {
            inner: Arc::new(Inner::new(client)),
        }
    }

    // The custom methods registered with `LspService::build(..).custom_method(..)`.

    pub async fn line_states(&self, params: Value) -> Result<Value> {
        commands::line_states(&self.inner, params).await
    }

    pub async fn summary(&self, _params: Value) -> Result<commands::summary::Answer> {
        Ok(commands::summary::answer(&self.inner))
    }

    pub async fn select_run(&self, params: Value) -> Result<Value> {
        commands::select_run(&self.inner, params).await
    }

    pub async fn record_read(&self, params: Value) {
        commands::record_read(&self.inner, params).await
    }

    pub async fn explain(&self, params: Value) -> Result<Value> {
        commands::explain::explain(&self.inner, params)
    }

    pub async fn overview(&self, params: Value) -> Result<Value> {
        commands::overview::overview(&self.inner, params)
    }

    pub async fn tasks(&self, _params: Value) -> Result<Value> {
        Ok(commands::explain::tasks(&self.inner))
    }

    pub async fn next_unread(&self, params: Value) -> Result<Value> {
        commands::navigate::next_unread(&self.inner, params)
    }
}

/// Logs are loaded inside `initialize` (so the first requests see them) unless they are this
/// large; then they load after `initialized`, with `$/progress`.
pub const EAGER_LOAD_BYTES: u64 = 1 << 20;

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let me = &self.inner;
        let root = params
            .workspace_folders
            .as_ref()
            .and_then(|f| f.first())
            .map(|f| f.uri.clone())
            .or_else(|| {
                #[allow(deprecated)]
                params.root_uri.clone()
            })
            .and_then(|u| u.to_file_path().map(|p| p.into_owned()));
        if let Ok(mut r) = me.store.root.write() {
            *r = root.map(|p| p.canonicalize().unwrap_or(p));
        }
        let caps = &params.capabilities;
        let ws = caps.workspace.as_ref();
        let flag = |b: Option<bool>| b.unwrap_or(false);
        me.caps.inlay_refresh.store(
            flag(
                ws.and_then(|w| w.inlay_hint.as_ref())
                    .and_then(|i| i.refresh_support),
            ),
            Ordering::Relaxed,
        );
        me.caps.lens_refresh.store(
            flag(
                ws.and_then(|w| w.code_lens.as_ref())
                    .and_then(|i| i.refresh_support),
            ),
            Ordering::Relaxed,
        );
        me.caps.watched_files.store(
            flag(
                ws.and_then(|w| w.did_change_watched_files.as_ref())
                    .and_then(|d| d.dynamic_registration),
            ),
            Ordering::Relaxed,
        );
        let pulls = caps
            .text_document
            .as_ref()
            .is_some_and(|t| t.diagnostic.is_some());
        let pull_refresh = flag(
            ws.and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support),
        );
        me.caps
            .pull_diagnostics
            .store(pulls && pull_refresh, Ordering::Relaxed);
        me.caps.progress.store(
            flag(caps.window.as_ref().and_then(|w| w.work_done_progress)),
            Ordering::Relaxed,
        );
        let mut problems = Vec::new();
        if let Some(opts) = &params.initialization_options {
            match crate::config::from_json(opts) {
                Ok(p) => {
                    if let Ok(mut l) = me.layers.lock() {
                        l.init = p;
                    }
                }
                Err(e) => problems.push(e),
            }
        }
        problems.extend(me.rebuild_config());
        problems.extend(me.store.missing_folders());
        me.store.load_gold();
        crate::change::load_patches(&me.store);
        if me.log_bytes() < EAGER_LOAD_BYTES {
            me.store.poll_reads();
        } else {
            // Loaded after `initialized`; nothing is shown until then.
            me.loading.store(true, Ordering::Release);
        }
        me.store.note(problems);
        Ok(InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo {
                name: "readcov".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let me = self.inner.clone();
        me.report_problems().await;
        if me.caps.watched_files.load(Ordering::Relaxed) {
            me.register_client_watch();
        }
        me.watch_files();
        // Large logs were left for now: load them with progress.
        if me.log_bytes() >= EAGER_LOAD_BYTES {
            tokio::spawn(me.load_with_progress());
        } else {
            // Loaded in `initialize`: the gold files nobody opened get their diagnostics now.
            me.publish_closed(None).await;
        }
    }

    async fn shutdown(&self) -> Result<()> {
        if let Ok(mut w) = self.inner.watcher.lock() {
            w.take();
        }
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let d = params.text_document;
        let path = self.inner.path_of(&d.uri);
        let doc = Document::new(path, &d.text, d.version);
        self.inner.docs.insert(d.uri.clone(), doc);
        self.inner.publish(&d.uri).await;
        // A file that differs from its gold's base: what could not be mapped is logged now.
        self.inner.report_problems().await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        // Applied before the first await, so changes keep their arrival order.
        if let Some(mut doc) = self.inner.docs.get_mut(&uri) {
            for change in &params.content_changes {
                doc.apply(change);
            }
            doc.version = params.text_document.version;
        } else {
            return;
        }
        self.inner.publish(&uri).await;
        self.inner.schedule_units(uri, params.text_document.version);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let closed = self.inner.docs.remove(&params.text_document.uri);
        self.inner.clear_published(params.text_document.uri).await;
        // A gold file of the selected task keeps its diagnostics, now from the disk.
        if let Some(path) = closed.and_then(|(_, d)| d.path) {
            let only = std::collections::BTreeSet::from([path]);
            self.inner.publish_closed(Some(&only)).await;
        }
    }

    async fn workspace_diagnostic(
        &self,
        _params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        Ok(WorkspaceDiagnosticReportResult::Report(
            commands::explain::workspace(&self.inner),
        ))
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.inner.settings_changed(&params.settings).await;
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let paths = params
            .changes
            .iter()
            .filter_map(|c| c.uri.to_file_path().map(|p| p.into_owned()))
            .collect::<Vec<_>>();
        let changed = self.inner.sync_files(&paths);
        self.inner.report_problems().await;
        self.inner.refresh(changed).await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let pos = params.text_document_position_params;
        let me = &self.inner;
        let cfg = me.store.config();
        let found = me.docs.get(&pos.text_document.uri).and_then(|doc| {
            (pos.position.line < doc.lines().max(1))
                .then(|| (doc.path.clone(), doc.map.line_to_disk(pos.position.line)))
        });
        let Some((path, disk)) = found else {
            return Ok(None);
        };
        if me.is_loading() {
            return Ok(Some(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: render::LOADING.into(),
                }),
                range: None,
            }));
        }
        let reads = match (&path, disk) {
            (Some(p), Some(line)) => me.store.reads_at(p, line + 1, &cfg),
            _ => Vec::new(),
        };
        let mut text = render::hover_text(&reads, disk.map(|d| d + 1));
        if let (Some(p), Some(line), true) = (&path, disk, reads.is_empty()) {
            text += &crate::task::hover_nearest(me, p, line + 1).unwrap_or_default();
        }
        Ok(Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: text,
            }),
            range: None,
        }))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        Ok(self
            .inner
            .with_view(&params.text_document.uri, |doc, v, _| {
                render::inlay_hints(doc, v, Some(params.range))
            }))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri;
        Ok(self
            .inner
            .with_view(&uri, |doc, v, _| render::code_lenses(&uri, doc, v)))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let r = params.range;
        let (start, end) = (r.start.line.min(r.end.line), r.start.line.max(r.end.line));
        // Saturating: a client may send line u32::MAX (found by tests/stays_up.rs).
        let req = (start.saturating_add(1), end.saturating_add(1));
        Ok(self.inner.with_view(&uri, |doc, v, units| {
            render::code_actions(&uri, doc, v, units, req)
        }))
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        let items = self
            .inner
            .diagnostics_for(&params.text_document.uri)
            .map(|(d, _)| d)
            .unwrap_or_default();
        Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            }),
        ))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        commands::execute(&self.inner, &params.command, params.arguments).await
    }
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some(render::SOURCE.into()),
            inter_file_dependencies: false,
            workspace_diagnostics: true,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: commands::COMMANDS.iter().map(|c| c.to_string()).collect(),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        ..ServerCapabilities::default()
    }
}
