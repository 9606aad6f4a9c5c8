//! Server configuration: the keys of the readcov LSP contract, merged from three layers —
//! `readcov.toml` at the workspace root, then `initializationOptions`, then
//! `workspace/didChangeConfiguration` (later layers win, key by key).

use readcov_core::Source;
use serde::Deserialize;
use std::collections::BTreeSet;

/// One layer as written by a client or in `readcov.toml`: every key optional.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Partial {
    pub gold: Option<Vec<String>>,
    /// `edit`, `units`, `tests`, `consensus`, or the NAME of `NAME=FILE` gold entries.
    pub gold_definition: Option<String>,
    pub task: Option<String>,
    pub reads: Option<Vec<String>>,
    /// SWE-bench predictions files: each run's change (`readcov diagnose --patches`).
    pub patches: Option<Vec<String>>,
    pub threshold: Option<f64>,
    /// `Some(None)` is an explicit `null`: show all runs merged.
    #[serde(default, deserialize_with = "explicit_null")]
    pub runs: Option<Option<Vec<String>>>,
    pub sources: Option<Vec<String>>,
    pub what_if: Option<bool>,
    pub read_log: Option<String>,
    pub info_at_threshold: Option<bool>,
}

fn explicit_null<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<Vec<String>>>, D::Error> {
    Option::<Vec<String>>::deserialize(d).map(Some)
}

/// The effective configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub gold: Vec<String>,
    /// Which gold to show (see `gold_set.rs`); `None`: every entry as given.
    pub gold_definition: Option<String>,
    pub task: Option<String>,
    pub reads: Vec<String>,
    pub patches: Vec<String>,
    pub threshold: f64,
    pub runs: Option<Vec<String>>,
    pub sources: BTreeSet<Source>,
    pub what_if: bool,
    pub read_log: String,
    pub info_at_threshold: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            gold: Vec::new(),
            gold_definition: None,
            task: None,
            reads: Vec::new(),
            patches: Vec::new(),
            threshold: readcov_core::metrics::DEFAULT_THRESHOLD,
            runs: None,
            sources: [Source::Agent, Source::Human, Source::Retriever]
                .into_iter()
                .collect(),
            what_if: true,
            read_log: ".readcov/reads.jsonl".into(),
            info_at_threshold: true,
        }
    }
}

impl Config {
    /// Applies a layer; returns the problems found (bad source names, threshold out of range),
    /// which leave the previous value in place.
    pub fn apply(&mut self, p: Partial) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(g) = p.gold {
            self.gold = g;
        }
        if let Some(d) = p.gold_definition {
            self.gold_definition = (!d.trim().is_empty()).then_some(d);
        }
        if let Some(t) = p.task {
            self.task = (!t.is_empty()).then_some(t);
        }
        if let Some(r) = p.reads {
            self.reads = r;
        }
        if let Some(p) = p.patches {
            self.patches = p;
        }
        match p.threshold.map(readcov_core::checked_threshold) {
            Some(Ok(t)) => self.threshold = t,
            Some(Err(e)) => problems.push(format!("threshold {e}")),
            None => {}
        }
        if let Some(r) = p.runs {
            self.runs = r;
        }
        if let Some(list) = p.sources {
            let mut set = BTreeSet::new();
            for s in &list {
                match Source::parse(s) {
                    Some(src) => {
                        set.insert(src);
                    }
                    None => problems.push(format!(
                        "source `{s}` is not agent, human, manual or retriever"
                    )),
                }
            }
            if problems.is_empty() || !set.is_empty() {
                self.sources = set;
            }
        }
        if let Some(w) = p.what_if {
            self.what_if = w;
        }
        if let Some(l) = p.read_log.filter(|l| !l.trim().is_empty()) {
            self.read_log = l;
        }
        if let Some(i) = p.info_at_threshold {
            self.info_at_threshold = i;
        }
        problems
    }
}

/// Parses a JSON layer: the `readcov` key of a settings object when present, else the object.
pub fn from_json(v: &serde_json::Value) -> Result<Partial, String> {
    let inner = v.get("readcov").unwrap_or(v);
    if inner.is_null() {
        return Ok(Partial::default());
    }
    Partial::deserialize(inner).map_err(|e| format!("readcov settings: {e}"))
}

/// The largest `readcov.toml` read (a repository's file is untrusted; real ones are a few
/// hundred bytes).
pub const MAX_TOML: u64 = 1 << 20;

/// Parses `readcov.toml` (same keys; a `[readcov]` table is accepted too).
pub fn from_toml(text: &str) -> Result<Partial, String> {
    let v: toml::Value = toml::from_str(text).map_err(|e| format!("readcov.toml: {e}"))?;
    let inner = v.get("readcov").cloned().unwrap_or(v);
    inner
        .try_into()
        .map_err(|e: toml::de::Error| format!("readcov.toml: {e}"))
}

#[cfg(test)]
mod tests;
