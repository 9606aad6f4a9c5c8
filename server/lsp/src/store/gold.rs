//! Loading the gold: every configured source read, named gold sets chosen, each file's spans
//! indexed by workspace path, and the base texts kept for mapping lines after edits.

use super::{Changed, FileGold, GoldShown, Store};
use crate::basefile;
use crate::gold_set::{self, Choice};
use crate::patch_base;
use crate::sources::{load_gold, LoadedGold, Workspace};
use readcov_core::base::Base;
use readcov_core::{GoldSpan, Tier};
use std::collections::HashMap;
use std::sync::Arc;

impl Store {
    /// The gold patches of the last gold load, as (task, patch).
    pub fn gold_patches(&self) -> Vec<(String, String)> {
        self.gold_patches
            .read()
            .map(|p| p.clone())
            .unwrap_or_default()
    }

    /// (Re)loads every gold file from scratch, whatever its format (see [`crate::sources`]).
    pub fn load_gold(&self) -> Changed {
        let c = self.config();
        let ws = self.root_str();
        let files = Workspace(self.root());
        let mut by_path: HashMap<String, FileGold> = HashMap::new();
        let mut errors = Vec::new();
        for r in &c.reads {
            if let Err(e) = self.confined(r) {
                errors.push(format!("{r}: not read: {e}"));
            }
        }
        if let Err(e) = self.read_log() {
            errors.push(format!("readLog: {e}"));
        }
        let choice = gold_set::choice(c.gold_definition.as_deref(), &c.gold);
        if let Choice::Unknown(d) = &choice {
            errors.push(format!(
                "goldDefinition `{d}` is not edit, units, tests, consensus or the NAME of a `NAME=FILE` gold entry; showing every gold file as given"
            ));
        }
        let mut spans = 0;
        let mut gold_patches = Vec::new();
        // Sets of other names on one file are one file here (every entry loads into one gold).
        let mut seen = std::collections::HashSet::new();
        for g in gold_set::selected(&choice, &c.gold) {
            if !seen.insert(self.file_key(g)) {
                continue;
            }
            let abs = match self.confined(g) {
                Ok(abs) => abs,
                Err(e) => {
                    errors.push(format!("{g}: not read: {e}"));
                    continue;
                }
            };
            // Never blocks: a FIFO or device named as gold is refused, not waited on.
            let bytes = match readcov_files::read_input(&abs) {
                Ok(b) => b,
                Err(e) => {
                    errors.push(format!("{g}: not read: {}", e.what));
                    continue;
                }
            };
            let (mut loaded, bytes) = match &choice {
                Choice::Def(def) => {
                    let task = c.task.as_deref();
                    let l = gold_set::load_under(def, g, &bytes, ws.as_deref(), task, &files);
                    (l, bytes)
                }
                // The loader takes the file's bytes and hands back the rows it read them as.
                _ => load_gold(g, bytes, ws.as_deref(), c.task.as_deref(), &files),
            };
            errors.extend(std::mem::take(&mut loaded.errors));
            let patches = match loaded.kind {
                Some(kind) => patch_base::patches(
                    kind,
                    &bytes,
                    g,
                    c.task.as_deref().unwrap_or(readcov_core::DEFAULT_ID),
                ),
                None => Vec::new(),
            };
            // Gold as given is the patch's stated lines: moved where the patch applies in the
            // workspace. A definition's gold was built on the workspace, placed already.
            let place = !matches!(choice, Choice::Def(_));
            self.patch_bases(g, &patches, &mut loaded, place, &mut errors);
            let of_task = |(t, _): &(String, String)| c.task.as_ref().is_none_or(|c| c == t);
            gold_patches.extend(patches.into_iter().filter(of_task));
            let keep =
                |s: &GoldSpan| c.task.as_ref().is_none_or(|t| *t == s.task) && s.tier == Tier::Core;
            // Each file's room made first, so moving the spans in never grows a list: the loaded
            // spans and the files' lists are held at their own sizes, never a doubling more.
            let mut per_path: HashMap<&str, usize> = HashMap::new();
            for span in loaded.spans.iter().filter(|s| keep(s)) {
                *per_path.entry(span.path.as_str()).or_default() += 1;
            }
            for (path, n) in per_path {
                let fg = by_path.entry(path.to_string()).or_default();
                // Not shared yet (built here): `make_mut` copies nothing.
                Arc::make_mut(&mut fg.spans).reserve_exact(n);
            }
            let mut kept = 0;
            for span in loaded.spans.into_iter().filter(keep) {
                kept += 1;
                if let Some(fg) = by_path.get_mut(span.path.as_str()) {
                    Arc::make_mut(&mut fg.spans).push(span);
                }
            }
            for row in loaded.bases {
                let (Some(base), Some(fg)) = (row.base, by_path.get_mut(&row.path)) else {
                    continue;
                };
                match &fg.base {
                    None => {
                        fg.base = Some(Base {
                            first: None,
                            last: None,
                            ..base.clone()
                        })
                    }
                    Some(b) if !b.is(&base.sha256) => errors.push(format!(
                        "{g}: `{}` has gold made against two versions (sha256 {}… and {}…); the first is used",
                        row.path,
                        b.sha256.get(..12).unwrap_or(&b.sha256),
                        base.sha256.get(..12).unwrap_or(&base.sha256)
                    )),
                    Some(_) => {}
                }
                fg.anchors.insert((row.start, row.end), base);
            }
            spans += kept;
            if kept == 0 {
                let kind = loaded.kind.map_or("gold", |f| f.label());
                let task = c.task.as_deref().map(|t| format!(" for task `{t}`"));
                errors.push(format!(
                    "{g} ({kind}): no core gold spans{}",
                    task.unwrap_or_default()
                ));
            }
        }
        if let Ok(mut p) = self.gold_patches.write() {
            *p = gold_patches;
        }
        if let Ok(mut shown) = self.gold_shown.write() {
            *shown = GoldShown {
                label: gold_set::label(&choice),
                spans,
                notes: errors.clone(),
            };
        }
        self.note(errors);
        let mut changed = Changed {
            all: true,
            ..Changed::default()
        };
        changed
            .paths
            .extend(self.gold.iter().map(|e| e.key().clone()));
        self.keep_base_texts(&by_path);
        self.gold.clear();
        for (path, mut fg) in by_path {
            Arc::make_mut(&mut fg.spans).shrink_to_fit();
            changed.paths.insert(path.clone());
            self.gold.insert(path, fg);
        }
        self.bump();
        changed
    }

    /// Gold made here from patches (a diff, SWE-bench rows) records the base of the configured
    /// task's files the workspace holds, as `readcov gold --workspace` does ([`patch_base`]).
    pub(super) fn patch_bases(
        &self,
        name: &str,
        patches: &[(String, String)],
        loaded: &mut LoadedGold,
        place: bool,
        errors: &mut Vec<String>,
    ) {
        let Some(root) = self.root() else {
            return;
        };
        let task = self.config().task;
        if patches.is_empty() {
            return;
        }
        // Only the configured task's spans are looked at (and moved); the others kept as they are.
        let (mut spans, rest): (Vec<GoldSpan>, Vec<GoldSpan>) = std::mem::take(&mut loaded.spans)
            .into_iter()
            .partition(|s| task.as_ref().is_none_or(|t| *t == s.task));
        let kept = || basefile::Cache::of(&root).kept();
        let ws = Workspace(Some(root.clone()));
        let (bases, note) = patch_base::patch_bases(name, patches, &mut spans, place, &ws, &kept);
        spans.extend(rest);
        loaded.spans = spans;
        loaded.bases.extend(bases);
        errors.extend(note);
    }

    /// For each gold file with a base whose disk text is that base: the text is kept in the base
    /// cache, so that once the file is edited — while this server runs or before a later one
    /// starts — [`Store::base_text`] still finds what the gold was made against.
    pub(super) fn keep_base_texts(&self, by_path: &HashMap<String, FileGold>) {
        self.base_texts.clear();
        self.base_logged.clear();
        let Some(root) = self.root() else {
            return;
        };
        let cache = basefile::Cache::of(&root);
        let mut problems = Vec::new();
        for (path, fg) in by_path {
            let Some(base) = &fg.base else {
                continue;
            };
            let Ok(disk) = self.confined(path) else {
                continue;
            };
            // Hashed in pieces; kept only when it is the base, and at most MAX_SOURCE_BYTES.
            if let Err(e) = cache.keep(&disk, &base.sha256) {
                problems.push(format!("{path}: base text not kept: {e}"));
            }
        }
        self.note(problems);
    }

    /// The text gold file `path` was made against, when its gold records a base and the base
    /// cache holds that text (read once, then remembered by its sha256). Looked up when asked —
    /// not only for files that already differed when the gold loaded: a gold file edited on disk
    /// after the server started used to find no base text, so its reads were dropped and it was
    /// called "never opened" until a restart.
    pub fn base_text(&self, path: &str) -> Option<Arc<Vec<u8>>> {
        let sha = self
            .gold
            .get(path)?
            .base
            .as_ref()?
            .sha256
            .to_ascii_lowercase();
        if let Some(t) = self.base_texts.get(&sha) {
            return Some(t.clone());
        }
        let text = Arc::new(basefile::Cache::of(&self.root()?).load(&sha)?);
        self.base_texts.insert(sha, text.clone());
        Some(text)
    }
}
