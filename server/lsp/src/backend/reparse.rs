//! Re-parsing a document's units shortly after its last edit, off the async threads, one
//! re-parse at a time overall, then refreshing what depends on them.

use super::Inner;
use crate::store::Changed;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tower_lsp_server::ls_types::*;

/// Re-parses running at once, over all documents (each holds a blocking thread while it runs).
pub const PARSE_JOBS: usize = 1;
static PARSE_SLOTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(PARSE_JOBS);

impl Inner {
    /// Re-parses the units of a document shortly after its last edit, off the async threads,
    /// then refreshes what depends on them. A job whose edit was followed by another within the
    /// pause does nothing (the later job goes on); one finding a re-parse of the document already
    /// running leaves it to that one, which parses again until it has parsed the latest text.
    /// At most [`PARSE_JOBS`] re-parses run at once, whatever the number of documents.
    pub fn schedule_units(self: &Arc<Self>, uri: Uri, version: i32) {
        let me = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            let busy = match me.docs.get(&uri) {
                Some(d) if d.version == version && d.units.lang.is_some() => d.units.busy.clone(),
                _ => return,
            };
            if busy.swap(true, Ordering::AcqRel) {
                return;
            }
            loop {
                me.reparse_latest(&uri).await;
                busy.store(false, Ordering::Release);
                // An edit that arrived while `busy` was still set left its job to this loop.
                let stale = me.docs.get(&uri).is_some_and(|d| d.units.stale);
                if !stale || busy.swap(true, Ordering::AcqRel) {
                    return;
                }
            }
        });
    }

    /// One re-parse of the document's latest text; its units replace the shifted ones if no
    /// edit came meanwhile (else the caller's loop parses again).
    async fn reparse_latest(self: &Arc<Self>, uri: &Uri) {
        let job = self.docs.get(uri).and_then(|d| {
            d.units.stale.then(|| {
                (
                    d.version,
                    d.units.lang,
                    d.units.tree.clone(),
                    d.text(),
                    d.path.clone(),
                )
            })
        });
        let Some((version, Some(lang), tree, text, path)) = job else {
            return;
        };
        let Ok(_slot) = PARSE_SLOTS.acquire().await else {
            return;
        };
        let parsed = tokio::task::spawn_blocking(move || {
            let mut tree = tree.lock().unwrap_or_else(|e| e.into_inner());
            crate::units::reparse(lang, &mut tree, &text)
        })
        .await;
        let Ok(spans) = parsed else {
            return;
        };
        match self.docs.get_mut(uri) {
            // Units as the edits had shifted them: what was published stands.
            Some(mut d) if d.version == version => {
                if !d.units.replace(spans) {
                    return;
                }
            }
            _ => return,
        }
        let mut changed = Changed::default();
        changed.paths.extend(path);
        self.refresh(changed).await;
    }
}
