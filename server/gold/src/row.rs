//! A gold JSONL row with its origin: the core gold format (`task`, `path`, `start`, `end`,
//! `tier`) plus `origin` (where the lines came from) and, for a per-run optional tier, `run`.
//! Core's gold parser ignores the extra keys, so these rows score as plain gold.

use readcov_core::formats::{parse_jsonl, Parsed};
use readcov_core::span::{GoldSpan, Tier};
use serde::{Deserialize, Serialize};

/// Where gold lines came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// A line the patch deletes or changes, or an insertion's anchor.
    Edit,
    /// A line of the function, method or small class enclosing an edit line.
    Unit,
    /// A line within ±window of an edit line no function or small class encloses.
    Window,
    /// A line of a test function the test patch touches.
    Test,
    /// A line that successful runs read (core: all or K of them; optional: one run's own).
    Consensus,
    /// A line of a corpus document relevance judgments (BEIR-style qrels) call relevant.
    Qrels,
}

impl Origin {
    pub const ALL: [Origin; 6] = [
        Origin::Edit,
        Origin::Unit,
        Origin::Window,
        Origin::Test,
        Origin::Consensus,
        Origin::Qrels,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Edit => "edit",
            Origin::Unit => "unit",
            Origin::Window => "window",
            Origin::Test => "test",
            Origin::Consensus => "consensus",
            Origin::Qrels => "qrels",
        }
    }

    pub fn parse(s: &str) -> Option<Origin> {
        Origin::ALL.into_iter().find(|o| o.as_str() == s)
    }
}

/// One gold row (1-based inclusive lines).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoldRow {
    pub task: String,
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub tier: Tier,
    pub origin: Origin,
    /// The run an optional-tier row belongs to (consensus gold's per-run tier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
}

impl GoldRow {
    pub fn new(task: &str, path: &str, start: u32, end: u32, origin: Origin) -> GoldRow {
        GoldRow {
            task: task.to_string(),
            path: path.to_string(),
            start,
            end,
            tier: Tier::Core,
            origin,
            run: None,
        }
    }

    /// The span core scores (origin and run dropped).
    pub fn span(&self) -> GoldSpan {
        GoldSpan {
            task: self.task.as_str().into(),
            path: self.path.as_str().into(),
            start: self.start,
            end: self.end,
            tier: self.tier,
            requirement: None,
        }
    }
}

/// Gold JSONL with origins; a row without `origin` is `edit` (gold from a patch, as
/// `readcov gold` wrote it before origins existed). Errors are located.
pub fn parse_rows(bytes: &[u8], file: &str) -> Parsed<GoldRow> {
    parse_rows_in(bytes, file, None)
}

/// As [`parse_rows`], with absolute paths made relative to `workspace` (as `parse_gold` does).
pub fn parse_rows_in(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<GoldRow> {
    parse_jsonl(bytes, file, |f| {
        let (start, end) = f.lines()?;
        let tier = match f.opt_string("tier")? {
            None | Some("core") => Tier::Core,
            Some("optional") => Tier::Optional,
            Some(t) => return Err(f.err("tier", format!("`{t}` is not core or optional"))),
        };
        let origin = match f.opt_string("origin")? {
            None => Origin::Edit,
            Some(o) => Origin::parse(o).ok_or_else(|| {
                f.err(
                    "origin",
                    format!("`{o}` is not edit, unit, window, test or consensus"),
                )
            })?,
        };
        Ok(GoldRow {
            task: f.id("task")?,
            path: f.path(workspace)?,
            start,
            end,
            tier,
            origin,
            run: f.opt_string("run")?.map(str::to_string),
        })
    })
}
