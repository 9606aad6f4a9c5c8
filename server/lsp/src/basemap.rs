//! A gold file whose text on disk differs from the base the gold was made against: gold and
//! reads (in base lines) mapped onto the disk text by content — a line diff from the base text
//! when it is known, else each gold span by its recorded first and last line — and what could
//! not be mapped, counted, for the message the editor shows. Pure: texts come in as bytes.

use crate::store::FileGold;
use readcov_core::base::{anchor_span, diff_lines};
use readcov_core::{Interval, LineSet};

/// The counted reads of one file, by the file their lines count in.
#[derive(Clone, Debug, Default)]
pub struct ReadLines {
    /// Lines of reads made against the gold's base (or saying nothing about it).
    pub base: LineSet,
    /// Those reads one by one (run, lines): the ones that cannot be mapped are named.
    pub base_rows: Vec<(Interval, String)>,
    /// Lines of reads made against the text now on disk.
    pub disk: LineSet,
    /// Reads made against another version: never shown, always said.
    pub other: Vec<(Interval, String)>,
}

/// Gold and reads in disk lines, and what to say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mapped {
    pub gold: Vec<(u32, u32)>,
    pub read: LineSet,
    /// Shown on the file: `(message, mapped)`; `mapped` is false when anything was dropped.
    pub note: Option<(String, bool)>,
    /// The reads that could not be mapped, each as "run `r` lines a–b", for the log.
    pub dropped: Vec<String>,
}

/// The message prefix every file that differs from its base gets.
pub const DIFFERS: &str = "file differs from the base commit";

/// Maps `gold` and `reads` onto `disk` (sha256 `disk_sha`). `base_text`: the base's text, when
/// known. A file without a recorded base, or whose disk text is the base, is shown as it is.
pub fn map_file(
    gold: &FileGold,
    base_text: Option<&[u8]>,
    disk: &[u8],
    disk_sha: &str,
    reads: &ReadLines,
) -> Mapped {
    let spans: Vec<(u32, u32)> = gold.spans.iter().map(|s| (s.start, s.end)).collect();
    let mut dropped: Vec<String> = reads.other.iter().map(label).collect();
    let differs = gold.base.as_ref().is_some_and(|b| !b.is(disk_sha));
    if !differs {
        let mut out = Mapped {
            gold: spans,
            read: reads.base.union(&reads.disk),
            ..Mapped::default()
        };
        if !dropped.is_empty() {
            out.note = Some((
                format!(
                    "{} read row(s) were made against another version of this file and could not be mapped",
                    dropped.len()
                ),
                false,
            ));
            out.dropped = dropped;
        }
        return out;
    }
    let runs = base_text.and_then(|b| diff_lines(b, disk));
    let (gold_disk, lost_spans, read) = match &runs {
        Some(runs) => {
            let mut mapped = Vec::new();
            let mut lost = 0;
            for &(s, e) in &spans {
                let lines = runs.map(&LineSet::span(s, e));
                if lines.is_empty() {
                    lost += 1;
                }
                mapped.extend(lines.intervals().iter().map(|iv| (iv.start, iv.end)));
            }
            (mapped, lost, runs.map(&reads.base).union(&reads.disk))
        }
        None => {
            // No base text: each span by its first and last line; base reads cannot be placed.
            let mut mapped = Vec::new();
            let mut lost = 0;
            for &(s, e) in &spans {
                let a = gold.anchors.get(&(s, e));
                match a.and_then(|a| anchor_span(a.first.as_deref(), a.last.as_deref(), s, e, disk))
                {
                    Some(span) => mapped.push(span),
                    None => lost += 1,
                }
            }
            dropped.extend(reads.base_rows.iter().map(label));
            (mapped, lost, reads.disk.clone())
        }
    };
    let how = if runs.is_some() {
        "line diff from the kept base text"
    } else {
        "each gold span's first and last line"
    };
    let note = if lost_spans == 0 && dropped.is_empty() {
        (
            format!("{DIFFERS}: gold and reads mapped by content ({how})"),
            true,
        )
    } else {
        (
            format!(
                "{DIFFERS}: gold and reads could not be mapped ({lost_spans} gold span(s), {} read row(s) dropped); the rest mapped by content ({how})",
                dropped.len()
            ),
            false,
        )
    };
    Mapped {
        gold: gold_disk,
        read,
        note: Some(note),
        dropped,
    }
}

fn label((iv, run): &(Interval, String)) -> String {
    format!("run `{run}` lines {}–{}", iv.start, iv.end)
}

#[cfg(test)]
mod tests;
