//! What the handlers ask the store: runs, gold and reads by path and line, filtered by the
//! editor's configuration ([`counts`]).

use super::{FileGold, Store, StoredRead};
use crate::config::Config;
use readcov_core::base::Base;
use readcov_core::{GoldSpan, LineSet, ReadSpan, Source};
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Store {
    /// Run ids seen in agent reads (what `readcov/selectRun` offers): from the (task, run)
    /// index, no read visited.
    pub fn runs(&self) -> Vec<String> {
        let held = self.held();
        let agent = held
            .pairs()
            .filter(|(_, p)| p.count(|s| s == Source::Agent) > 0);
        let runs: BTreeSet<&str> = agent.map(|((_, run), _)| run.as_str()).collect();
        runs.into_iter().map(str::to_string).collect()
    }

    /// The agent runs of `task`, in name order (from the index).
    pub fn agent_runs_of(&self, task: &str) -> Vec<String> {
        let held = self.held();
        let runs = held.pairs_of(task);
        (runs.filter(|(_, p)| p.count(|s| s == Source::Agent) > 0))
            .map(|(run, _)| run.to_string())
            .collect()
    }

    /// Calls `f` on every stored read, file by file, each file's in the order read.
    pub fn each_read(&self, f: &mut dyn FnMut(&StoredRead)) {
        self.held().iter().for_each(f);
    }

    /// How many reads are held.
    pub fn read_count(&self) -> usize {
        self.held().len()
    }

    /// The gold spans of a file, as (start, end) 1-based.
    /// The task of the first gold span of `path`, if any.
    pub fn gold_task(&self, path: &str) -> Option<String> {
        self.gold
            .get(path)
            .and_then(|g| g.spans.first().map(|s| s.task.to_string()))
    }

    pub fn gold_spans(&self, path: &str) -> (Vec<(u32, u32)>, Option<Base>) {
        match self.gold.get(path) {
            Some(g) => (
                g.spans.iter().map(|s| (s.start, s.end)).collect(),
                g.base.clone(),
            ),
            None => (Vec::new(), None),
        }
    }

    /// Logs what a view of `path` could not map (once per distinct outcome, not per view):
    /// the count and every dropped read, by run and lines.
    pub fn note_base(&self, path: &str, m: &crate::basemap::Mapped) {
        let Some((msg, _)) = &m.note else {
            return;
        };
        if self.base_logged.get(path).is_some_and(|l| *l == *msg) {
            return;
        }
        self.base_logged.insert(path.to_string(), msg.clone());
        let mut notes = vec![format!("{path}: {msg}")];
        if !m.dropped.is_empty() {
            notes.push(format!(
                "{path}: {} read row(s) dropped: {}",
                m.dropped.len(),
                m.dropped.join(", ")
            ));
        }
        self.note(notes);
    }

    /// The gold of `path` with its base and anchors (a copy).
    pub fn file_gold(&self, path: &str) -> Option<FileGold> {
        self.gold.get(path).map(|g| g.clone())
    }

    /// The counted reads of `path`, split by the file their lines count in: `disk_sha` (the
    /// text on disk), the gold's base (`base_sha`; rows without a `base` count there, as
    /// `readcov score` takes them), or another version (kept apart, to be said).
    pub fn read_lines_by_base(
        &self,
        path: &str,
        cfg: &Config,
        disk_sha: &str,
        base_sha: &str,
    ) -> crate::basemap::ReadLines {
        let mut out = crate::basemap::ReadLines::default();
        let held = self.held();
        let entry = held.of_path(path);
        let (mut on_base, mut on_disk) = (Vec::new(), Vec::new());
        for r in entry.iter().filter(|r| counts_stored(r, cfg)) {
            let iv = readcov_core::Interval {
                start: r.start,
                end: r.end,
            };
            match r.base.as_deref() {
                Some(s) if s.eq_ignore_ascii_case(disk_sha) => on_disk.push(iv),
                None => on_base.push((iv, r.run.to_string())),
                Some(s) if s.eq_ignore_ascii_case(base_sha) => {
                    on_base.push((iv, r.run.to_string()))
                }
                Some(_) => out.other.push((iv, r.run.to_string())),
            }
        }
        out.base = LineSet::from_intervals(on_base.iter().map(|(iv, _)| *iv));
        out.base_rows = on_base;
        out.disk = LineSet::from_intervals(on_disk);
        out
    }

    /// The disk lines of `path` read under the current filters, and whether any read counts.
    /// `cfg` must be the current configuration (the cache assumes it: changing the
    /// configuration bumps the generation).
    pub fn read_lines(&self, path: &str, cfg: &Config) -> LineSet {
        // Read before computing: a change racing with us leaves a stale stamp, not stale lines.
        let generation = self.generation.load(Ordering::SeqCst);
        if let Some(hit) = self.read_cache.get(path).filter(|c| c.0 == generation) {
            return hit.1.clone();
        }
        let set = {
            let held = self.held();
            let entry = held.of_path(path);
            LineSet::from_intervals(entry.iter().filter(|r| counts_stored(r, cfg)).map(|r| {
                readcov_core::Interval {
                    start: r.start,
                    end: r.end,
                }
            }))
        };
        self.read_cache
            .insert(path.to_string(), (generation, set.clone()));
        set
    }

    /// The disk lines of `path` that only what-if reads (`source: manual`, shown through the
    /// what-if layer) cover: painted and counted in the view, but labelled as not the agent's.
    /// Empty when `sources` lists `manual` (then they count as reads like any other).
    pub fn what_if_lines(&self, path: &str, cfg: &Config) -> LineSet {
        if !cfg.what_if || cfg.sources.contains(&Source::Manual) {
            return LineSet::new();
        }
        let generation = self.generation.load(Ordering::SeqCst);
        if let Some(hit) = self.what_if_cache.get(path).filter(|c| c.0 == generation) {
            return hit.1.clone();
        }
        let set = {
            let held = self.held();
            let entry = held.of_path(path);
            {
                let lines = |manual: bool| {
                    LineSet::from_intervals(
                        (entry.iter())
                            .filter(|r| (r.source == Source::Manual) == manual)
                            .filter(|r| counts_stored(r, cfg))
                            .map(|r| readcov_core::Interval {
                                start: r.start,
                                end: r.end,
                            }),
                    )
                };
                let manual = lines(true);
                if manual.is_empty() {
                    manual
                } else {
                    manual.difference(&lines(false))
                }
            }
        };
        self.what_if_cache
            .insert(path.to_string(), (generation, set.clone()));
        set
    }

    /// The counted reads of `path` that cover disk line `line` (1-based).
    pub fn reads_at(&self, path: &str, line: u32, cfg: &Config) -> Vec<ReadSpan> {
        self.held()
            .of_path(path)
            .iter()
            .filter(|r| r.covers(line) && counts_stored(r, cfg))
            .map(StoredRead::to_span)
            .collect()
    }

    /// Every stored read, for scoring (workspace summaries): without `tool` and `command`,
    /// which no metric uses — two fewer heap strings per read keeps the copy of a
    /// 100,000-event log small (the LSP memory budget is 100 MB).
    pub fn reads_for_scoring(&self) -> Vec<ReadSpan> {
        let held = self.held();
        held.iter().map(StoredRead::scoring_span).collect()
    }

    pub fn all_gold(&self) -> Vec<GoldSpan> {
        self.gold.iter().flat_map(|e| e.spans.to_vec()).collect()
    }

    /// Copies of the gold spans `keep` accepts (one task's, say), the rest never copied.
    pub fn gold_where(&self, keep: impl Fn(&GoldSpan) -> bool) -> Vec<GoldSpan> {
        let files = self.gold_files();
        let spans = files.iter().flat_map(|f| f.iter());
        spans.filter(|g| keep(g)).cloned().collect()
    }

    /// The paths with gold of `task` (of any task: `None`).
    pub fn gold_paths(&self, task: Option<&str>) -> std::collections::BTreeSet<String> {
        let of_task = |f: &FileGold| task.is_none_or(|t| f.spans.iter().any(|g| g.task == t));
        (self.gold.iter())
            .filter(|e| of_task(e.value()))
            .map(|e| e.key().clone())
            .collect()
    }

    /// Every file's gold spans, shared (nothing copied): score them through
    /// `files.iter().flat_map(|f| f.iter())`.
    pub fn gold_files(&self) -> Vec<Arc<Vec<GoldSpan>>> {
        self.gold.iter().map(|e| e.spans.clone()).collect()
    }
}

/// Whether a read counts in the editor view: reads only (not edits), a counted source (manual
/// only through the what-if layer), and for agent reads, a selected run.
pub fn counts(r: &ReadSpan, cfg: &Config) -> bool {
    counted(r.kind, r.source, &r.run, cfg)
}

/// [`counts`] for a read as the store holds it.
pub fn counts_stored(r: &StoredRead, cfg: &Config) -> bool {
    counted(r.kind, r.source, &r.run, cfg)
}

fn counted(kind: readcov_core::EventKind, source: Source, run: &str, cfg: &Config) -> bool {
    if kind != readcov_core::EventKind::Read {
        return false;
    }
    match source {
        Source::Manual => cfg.what_if || cfg.sources.contains(&Source::Manual),
        Source::Human => cfg.sources.contains(&Source::Human),
        // A retriever's run is selected like an agent's.
        Source::Agent | Source::Retriever => {
            cfg.sources.contains(&source)
                && cfg
                    .runs
                    .as_ref()
                    .is_none_or(|runs| runs.iter().any(|r| r == run))
        }
    }
}
