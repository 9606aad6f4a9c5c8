//! Telling the client: an open document's diagnostics, those of gold files nobody opened,
//! and after any state change the re-publishing, `readcov/didChange` and the refresh requests.

use super::Inner;
use crate::render;
use crate::store::Changed;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tower_lsp_server::ls_types::notification::Notification;
use tower_lsp_server::ls_types::*;

/// `readcov/didChange`: the documents whose line states changed.
pub enum DidChange {}
impl Notification for DidChange {
    type Params = Value;
    const METHOD: &'static str = "readcov/didChange";
}

impl Inner {
    /// An open document's diagnostics: one per gold span, and the file-level one when the
    /// shown run(s) never opened this gold file.
    pub fn diagnostics_for(&self, uri: &Uri) -> Option<(Vec<Diagnostic>, i32)> {
        let info = self.store.config().info_at_threshold;
        self.with_view(uri, |doc, v, _| {
            let mut diags = render::diagnostics(uri, doc, v, info);
            if !v.file_hit && !v.gold.is_empty() {
                // Named only when needed: finding the task's runs walks the reads.
                let task = crate::task::selected_task(self);
                let runs = crate::task::run_label(self, task.as_deref());
                diags.extend(render::never_opened(doc, v, &runs));
            }
            (diags, doc.version)
        })
    }

    /// Takes the turn of [`Inner::publishing`]. With `debug-panic`, counted while waiting for it
    /// (`readcov.debugSyncs`' `publishQueued`): a test's proof that a refresh waits.
    async fn turn(&self) -> tokio::sync::MutexGuard<'_, ()> {
        #[cfg(feature = "debug-panic")]
        let _queued = self.publish_hold.queue();
        self.publishing.lock().await
    }

    /// Pushes the diagnostics of the selected task's gold files that are not open (`only`:
    /// just these paths), unless the client pulls them (`workspace/diagnostic`).
    pub async fn publish_closed(&self, only: Option<&std::collections::BTreeSet<String>>) {
        let _turn = self.turn().await;
        self.publish_closed_now(only).await;
    }

    /// [`Inner::publish_closed`] with [`Inner::publishing`] held by the caller.
    async fn publish_closed_now(&self, only: Option<&std::collections::BTreeSet<String>>) {
        // While large logs load no figure is shown; the refresh after the load publishes.
        if self.caps.pull_diagnostics.load(Ordering::Relaxed) || self.is_loading() {
            return;
        }
        let root = self.store.root();
        for (uri, diags) in crate::task::closed_gold_files(self) {
            let path = uri.to_file_path().and_then(|p| {
                let rel = p
                    .strip_prefix(root.as_deref()?)
                    .ok()?
                    .to_string_lossy()
                    .into_owned();
                Some(rel)
            });
            if only.is_some_and(|o| !path.is_some_and(|p| o.contains(&p))) {
                continue;
            }
            // Opened meanwhile: its document's diagnostics are the ones to keep.
            if self.docs.contains_key(&uri) {
                continue;
            }
            self.client.publish_diagnostics(uri, diags, None).await;
        }
    }

    /// Pushes an open document's diagnostics (unless the client pulls them).
    pub async fn publish(&self, uri: &Uri) {
        let _turn = self.turn().await;
        self.publish_now(uri).await;
    }

    /// Clears what was pushed for `uri` (a document closed), in turn with every other publish.
    pub async fn clear_published(&self, uri: Uri) {
        let _turn = self.turn().await;
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    /// [`Inner::publish`] with [`Inner::publishing`] held by the caller: what is computed here
    /// is sent before any other publish computes, so the last diagnostics a client receives
    /// are the last computed.
    async fn publish_now(&self, uri: &Uri) {
        if self.caps.pull_diagnostics.load(Ordering::Relaxed) {
            return;
        }
        if let Some((diags, version)) = self.diagnostics_for(uri) {
            #[cfg(feature = "debug-panic")]
            self.publish_hold.wait_if_armed().await;
            self.client
                .publish_diagnostics(uri.clone(), diags, Some(version))
                .await;
        }
    }

    /// After a state change: re-publish diagnostics of the affected open documents, tell the
    /// client (`readcov/didChange`, inlay hint and code lens refresh when supported).
    ///
    /// Computed and sent in one turn of [`Inner::publishing`]: a refresh racing another (the
    /// file watcher's beside a command's) waits, so it computes from the state the other left.
    pub async fn refresh(self: &Arc<Self>, changed: Changed) {
        let turn = self.turn().await;
        let uris: Vec<Uri> = self
            .docs
            .iter()
            .filter(|d| changed.all || d.path.as_ref().is_some_and(|p| changed.paths.contains(p)))
            .map(|d| d.key().clone())
            .collect();
        self.publish_closed_now((!changed.all).then_some(&changed.paths))
            .await;
        if uris.is_empty() && !changed.all {
            return;
        }
        for uri in &uris {
            self.publish_now(uri).await;
        }
        // What a view found it could not map (a file that differs from its base) is logged.
        self.report_problems().await;
        let list: Vec<&str> = uris.iter().map(|u| u.as_str()).collect();
        self.client
            .send_notification::<DidChange>(json!({ "uris": list }))
            .await;
        drop(turn);
        // Refresh requests wait for the client's answer: never in the caller's path.
        let me = self.clone();
        tokio::spawn(async move {
            if me.caps.inlay_refresh.load(Ordering::Relaxed) {
                let _ = me.client.inlay_hint_refresh().await;
            }
            if me.caps.lens_refresh.load(Ordering::Relaxed) {
                let _ = me.client.code_lens_refresh().await;
            }
            if me.caps.pull_diagnostics.load(Ordering::Relaxed) {
                let _ = me.client.workspace_diagnostic_refresh().await;
            }
        });
    }
}
