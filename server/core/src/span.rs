//! The records readcov measures: read spans (what an agent looked at) and gold spans (what a fix
//! needed). Lines are 1-based and inclusive, paths are normalised (see [`crate::path`]).

use crate::name::Name;
use serde::{Deserialize, Serialize};

/// The task or run used when a record names none.
pub const DEFAULT_ID: &str = "default";

/// Who produced a read.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Recorded from an agent's trajectory.
    #[default]
    Agent,
    /// Lines a person viewed in an editor.
    Human,
    /// A what-if read added by hand (for example by a widen code action).
    Manual,
    /// A chunk a code retriever returned for the task (`readcov import --format chunks`); rows
    /// carry the chunk's `rank` and `score`.
    Retriever,
}

impl Source {
    pub fn parse(s: &str) -> Option<Source> {
        match s {
            "agent" => Some(Source::Agent),
            "human" => Some(Source::Human),
            "manual" => Some(Source::Manual),
            "retriever" => Some(Source::Retriever),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Agent => "agent",
            Source::Human => "human",
            Source::Manual => "manual",
            Source::Retriever => "retriever",
        }
    }
}

/// Whether a row of a reads file is a read or an edit (importers record edits for the
/// evaluation sheet; edits never count as reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    #[default]
    Read,
    Edit,
}

/// One read event: the agent saw lines `start..=end` of `path`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadSpan {
    pub task: String,
    pub run: String,
    pub path: String,
    pub start: u32,
    pub end: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(default)]
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    #[serde(default, skip_serializing_if = "is_read")]
    pub kind: EventKind,
    /// A retrieved chunk's rank for its task (1 = best); `readcov score --at-k` keeps rows with
    /// `rank ≤ k`. `None` for every other source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// The retriever's own score for the chunk, carried through (never used for scoring).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

// `score` is an f64, but JSON has no NaN (serde_json refuses it), so equality stays reflexive.
impl Eq for ReadSpan {}

fn is_read(k: &EventKind) -> bool {
    *k == EventKind::Read
}

impl ReadSpan {
    /// A plain agent read in the default task and run.
    pub fn simple(path: &str, start: u32, end: u32) -> ReadSpan {
        ReadSpan {
            task: DEFAULT_ID.into(),
            run: DEFAULT_ID.into(),
            path: path.into(),
            start,
            end,
            turn: None,
            step: None,
            tool: None,
            source: Source::Agent,
            command: None,
            kind: EventKind::Read,
            rank: None,
            score: None,
        }
    }
}

/// Core gold lines must be read for the fix; optional ones help but are not required.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    #[default]
    Core,
    Optional,
}

/// One gold span: a fix for `task` needs lines `start..=end` of `path`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoldSpan {
    /// Shared with the other spans of the task (a loader interns it: [`crate::name::Names`]).
    pub task: Name,
    /// Shared with the other spans of the file, like `task`.
    pub path: Name,
    pub start: u32,
    pub end: u32,
    #[serde(default)]
    pub tier: Tier,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirement: Option<Name>,
}

impl GoldSpan {
    pub fn simple(path: &str, start: u32, end: u32) -> GoldSpan {
        GoldSpan {
            task: DEFAULT_ID.into(),
            path: path.into(),
            start,
            end,
            tier: Tier::Core,
            requirement: None,
        }
    }
}

/// Gold spans for display: the spans of one (task, path, tier) that overlap or touch become
/// one (`units` gold splits a method into its changed lines and the unit around them: three
/// adjacent spans, which an editor would show as three diagnostics and three rows). The gold
/// lines are the same, so line coverage and file hit are unchanged; a merged span keeps the
/// first span's requirement. Sorted by (task, path, tier, start).
pub fn merge_touching(gold: &[GoldSpan]) -> Vec<GoldSpan> {
    let mut sorted: Vec<&GoldSpan> = gold.iter().collect();
    sorted.sort_by(|a, b| {
        (&a.task, &a.path, a.tier as u8, a.start, a.end).cmp(&(
            &b.task,
            &b.path,
            b.tier as u8,
            b.start,
            b.end,
        ))
    });
    let mut out: Vec<GoldSpan> = Vec::with_capacity(sorted.len());
    for g in sorted {
        match out.last_mut() {
            Some(last)
                if (&last.task, &last.path, last.tier) == (&g.task, &g.path, g.tier)
                    && g.start <= last.end.saturating_add(1) =>
            {
                last.end = last.end.max(g.end);
            }
            _ => out.push(g.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// A read, not an edit, from one of the counted `sources`: the one rule every figure takes its
/// reads by (`ScoreOptions::counts` for a row).
#[inline]
pub fn counts_as_read(
    kind: EventKind,
    source: Source,
    sources: &std::collections::BTreeSet<Source>,
) -> bool {
    kind == EventKind::Read && sources.contains(&source)
}
