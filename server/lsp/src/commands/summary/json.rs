//! The `readcov/summary` answer as a type: serialised whole by tower-lsp-server's `to_value`
//! (no transport attached), or written in pieces by readcov's transport ([`Pieces`]).

use crate::transport::streamed::Pieces;
use readcov_core::Name;
use serde::{Serialize, Serializer};
use serde_json::Value;
use std::io::Write;

/// What the `readcov/summary` handler answers: the summary itself, or, when readcov's transport
/// streams it, the token the transport writes it in place of.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Answer {
    Whole(Summary),
    Streamed(String),
}

/// The answer to `readcov/summary`: handed to the transport when one streams answers (the
/// binary, the in-process tests), else whole.
pub fn answer(me: &crate::backend::Inner) -> Answer {
    let summary = super::summary(me);
    match me.streamed.attached() {
        true => Answer::Streamed(me.streamed.defer(Box::new(summary))),
        false => Answer::Whole(summary),
    }
}

/// The `readcov/summary` answer. Typed, not a `Value`: a `Value` built here was copied whole
/// by tower-lsp-server's `to_value` (with a row per task, 156,844 one-span tasks, ~100 MB a
/// copy), and streamed it is never one (issue 35, item 7). Fields, here and in [`SummaryRow`],
/// in the order of the keys of the JSON, sorted as `serde_json`'s `Value` sorts them: the
/// streamed answer is byte for byte the `Value`'s text (`tests.rs`; the `summary_stream` tests in
/// process and through the binary).
#[derive(Serialize)]
pub struct Summary {
    // Built by `summary.rs`.
    pub inputs: Value,
    pub loading: bool,
    pub rows: Rows,
    pub threshold: f64,
    pub totals: Value,
}

/// One `readcov/summary` row.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    pub covered_lines: u64,
    pub file_hit: Missing,
    pub gold_lines: u64,
    pub layer: Layer,
    pub line_coverage: Missing,
    pub passes_threshold: Option<bool>,
    pub run: Name,
    pub task: Name,
    pub unit_hit: Missing,
}

/// A figure that may be missing, in 8 bytes instead of `Option<f64>`'s 16 (a row is held per
/// task until written): a missing one is NaN, which `serde_json` writes as `null`, as it wrote
/// `None` — and as its `Value` holds any non-finite number (no figure of the engine is NaN).
pub type Missing = f64;

/// [`Missing`] from the engine's figure.
pub fn figure(x: Option<f64>) -> Missing {
    x.unwrap_or(f64::NAN)
}

/// Which layer a row is (one byte, written as its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Agent,
    Human,
    WhatIf,
}

impl Serialize for Layer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Layer::Agent => "agent",
            Layer::Human => super::HUMAN,
            Layer::WhatIf => super::WHAT_IF,
        })
    }
}

/// The rows, in the pieces they were scored in (each exactly sized: one list of all rows grew by
/// doubling, a copy of up to twice the rows held during the last growth).
#[derive(Default)]
pub struct Rows {
    pub chunks: Vec<Vec<SummaryRow>>,
}

impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.chunks.iter().flatten())
    }
}

/// The JSON of [`Summary`] as `{"inputs":…,"loading":…,"rows":[` (piece 0), a piece per chunk
/// of rows, and `],"threshold":…,"totals":…}`.
impl Pieces for Summary {
    fn count(&self) -> usize {
        self.rows.chunks.len() + 2
    }

    fn write(&self, i: usize, out: &mut dyn Write) -> serde_json::Result<()> {
        let raw = |out: &mut dyn Write, s: &[u8]| out.write_all(s).map_err(serde_json::Error::io);
        if i == 0 {
            raw(out, b"{\"inputs\":")?;
            serde_json::to_writer(&mut *out, &self.inputs)?;
            raw(out, b",\"loading\":")?;
            serde_json::to_writer(&mut *out, &self.loading)?;
            return raw(out, b",\"rows\":[");
        }
        if let Some(chunk) = self.rows.chunks.get(i - 1) {
            // A comma before every row but the very first (a chunk may be empty).
            let mut first = self.rows.chunks[..i - 1].iter().all(Vec::is_empty);
            for row in chunk {
                if !first {
                    raw(out, b",")?;
                }
                first = false;
                serde_json::to_writer(&mut *out, row)?;
            }
            return Ok(());
        }
        raw(out, b"],\"threshold\":")?;
        serde_json::to_writer(&mut *out, &self.threshold)?;
        raw(out, b",\"totals\":")?;
        serde_json::to_writer(&mut *out, &self.totals)?;
        raw(out, b"}")
    }
}

#[cfg(test)]
mod tests;
