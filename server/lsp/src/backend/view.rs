//! An open document's view: gold and reads in its disk lines (mapped from their base when
//! the gold records one, once per store generation) turned into what it shows, cached per
//! document until the store, its text or its units change.

use super::Inner;
use crate::basemap::{map_file, Mapped};
use crate::config::Config;
use crate::document::Document;
use crate::view::{file_view, FileView, UnitSpan, ViewInput};
use std::sync::Arc;
use tower_lsp_server::ls_types::*;

impl Inner {
    /// Computes the view of an open document and hands it, with the document, to `f`.
    /// The document guard lives only inside this call (never across an `.await`).
    pub fn with_view<R>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&Document, &FileView, &[UnitSpan]) -> R,
    ) -> Option<R> {
        if self.is_loading() {
            return None;
        }
        let doc = self.docs.get(uri)?;
        // Read the generation before computing: a change racing with us leaves an old key,
        // so the next call recomputes instead of keeping a stale view.
        let key = (self.store.generation(), doc.edits, doc.units.epoch);
        let cached = doc.view_cache.lock().ok().and_then(|c| {
            c.as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        });
        let view = match cached {
            Some(v) => v,
            None => {
                let v = Arc::new(self.compute_view(&doc));
                if let Ok(mut c) = doc.view_cache.lock() {
                    *c = Some((key, v.clone()));
                }
                v
            }
        };
        Some(f(&doc, &view, &doc.units.spans))
    }

    /// The view of a document that is not open (a gold file's text on disk), as if it were.
    pub fn view_of(&self, doc: &Document) -> FileView {
        self.compute_view(doc)
    }

    /// The view of `doc` from the store's current gold, reads and configuration.
    fn compute_view(&self, doc: &Document) -> FileView {
        let cfg = self.store.config();
        let mapped = self.mapped(doc, &cfg);
        // What-if reads are written by this server with the opened text's fingerprint: they
        // count in disk lines as they are.
        let what_if = (doc.path.as_deref())
            .map(|p| self.store.what_if_lines(p, &cfg))
            .unwrap_or_default();
        file_view(&ViewInput {
            gold_disk: &mapped.gold,
            read_disk: &mapped.read,
            what_if_disk: &what_if,
            map: &doc.map,
            opened_lines: doc.opened_lines,
            base_note: mapped.note.as_ref(),
            units: &doc.units.spans,
            threshold: cfg.threshold,
        })
    }

    /// Gold and reads of `doc` in its disk lines: as stored, or — for a file whose gold records
    /// a base — mapped from that base onto the opened text ([`crate::basemap`]), computed once
    /// per store generation; what could not be mapped is logged once.
    fn mapped(&self, doc: &Document, cfg: &Config) -> Arc<Mapped> {
        let Some(path) = doc.path.as_deref() else {
            return Arc::default();
        };
        let generation = self.store.generation();
        let gold = self.store.file_gold(path).unwrap_or_default();
        let Some(base) = gold.base.clone() else {
            return Arc::new(Mapped {
                gold: gold.spans.iter().map(|s| (s.start, s.end)).collect(),
                read: self.store.read_lines(path, cfg),
                ..Mapped::default()
            });
        };
        if let Some((g, m)) = doc.base_cache.lock().ok().and_then(|c| c.clone()) {
            if g == generation {
                return m;
            }
        }
        let reads = self
            .store
            .read_lines_by_base(path, cfg, &doc.opened_sha256, &base.sha256);
        let base_text = self.store.base_text(path);
        let m = Arc::new(map_file(
            &gold,
            base_text.as_deref().map(Vec::as_slice),
            doc.opened.as_bytes(),
            &doc.opened_sha256,
            &reads,
        ));
        if let Ok(mut c) = doc.base_cache.lock() {
            *c = Some((generation, m.clone()));
        }
        self.store.note_base(path, &m);
        m
    }
}
