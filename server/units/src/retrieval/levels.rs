//! One run's ranked chunks as ranked documents at the three levels (file, unit, line) and the
//! IR measures of each ([`readcov_core::retrieval::measures`]), for `score --at-k` rows and for
//! writing the run as TREC at a level (`score --at-k … --trec-run LEVEL`).

use super::unit_docs::{unit_entries, FileUnits};
use readcov_core::retrieval::docs::{file_entries, gold_line_total, judged, line_entries, Entry};
use readcov_core::retrieval::measures::{measures, Measures};
use readcov_core::{collect_lines, FileLengths, GoldSpan, ReadSpan, Tier};
use serde::Serialize;
use std::collections::BTreeMap;

/// A level of documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    File,
    Unit,
    Line,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::File, Level::Unit, Level::Line];

    pub fn label(self) -> &'static str {
        match self {
            Level::File => "file",
            Level::Unit => "unit",
            Level::Line => "line",
        }
    }
}

/// A ranked document list and its relevant total; `None` at a level that cannot be judged.
pub type Ranking = Option<(Vec<Entry>, u64)>;

/// The three rankings of one run.
pub struct Rankings {
    pub file: Ranking,
    pub unit: Ranking,
    pub line: Ranking,
}

impl Rankings {
    pub fn get(&self, level: Level) -> &Ranking {
        match level {
            Level::File => &self.file,
            Level::Unit => &self.unit,
            Level::Line => &self.line,
        }
    }
}

/// The rankings of `chunks` (a run's chunks, every rank) against `gold` (the task's spans; core
/// tier counted). Unit level needs every gold file's units in `units`.
pub fn rankings(
    gold: &[&GoldSpan],
    chunks: &[&ReadSpan],
    units: &BTreeMap<&str, FileUnits>,
    lengths: &dyn FileLengths,
) -> Rankings {
    let lines = collect_lines(
        gold.iter()
            .filter(|g| g.tier == Tier::Core)
            .map(|g| (g.path.as_str(), g.start, g.end)),
        lengths,
    );
    let files = readcov_core::retrieval::docs::gold_file_set(&lines).len() as u64;
    Rankings {
        file: Some((file_entries(chunks, &lines), files)),
        unit: unit_entries(chunks, &lines, units, lengths),
        line: Some((
            line_entries(chunks, &lines, lengths),
            gold_line_total(&lines),
        )),
    }
}

/// The measures at each level, named as ir_measures names them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelMeasures {
    pub file: Option<Measures>,
    pub unit: Option<Measures>,
    pub line: Option<Measures>,
}

impl LevelMeasures {
    pub fn get(&self, level: Level) -> Option<&Measures> {
        match level {
            Level::File => self.file.as_ref(),
            Level::Unit => self.unit.as_ref(),
            Level::Line => self.line.as_ref(),
        }
    }
}

/// The measures of `r` for the cutoffs `ks`.
pub fn level_measures(r: &Rankings, ks: &[u32]) -> LevelMeasures {
    let at = |x: &Ranking| {
        x.as_ref()
            .and_then(|(entries, total)| measures(&judged(entries), *total, ks))
    };
    LevelMeasures {
        file: at(&r.file),
        unit: at(&r.unit),
        line: at(&r.line),
    }
}

/// The mean of each level's measures over the rows that have them.
pub fn mean_level_measures<'a>(rows: impl IntoIterator<Item = &'a LevelMeasures>) -> LevelMeasures {
    let rows: Vec<&LevelMeasures> = rows.into_iter().collect();
    let mean = |l: Level| readcov_core::retrieval::measures::mean(rows.iter().map(|m| m.get(l)));
    LevelMeasures {
        file: mean(Level::File),
        unit: mean(Level::Unit),
        line: mean(Level::Line),
    }
}
