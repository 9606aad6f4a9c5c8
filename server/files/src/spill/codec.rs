//! The spilled rows' record: a run's names, then its score and read-before-edit as a body of
//! known length (so a pass over the names skips it), in a compact binary form written and read
//! only by this module. Floats go as their bits: a row read back prints byte for byte as it
//! would have (a decimal text round trip is not exact in every parser). Every struct is taken
//! apart field by field without `..`: a field added to a row fails to compile here, never goes
//! missing from a spilled row.
mod read;

pub use read::{read_body, read_names, skip_body};

use readcov_core::metrics::{FileScore, SpanScore};
use readcov_core::sheet::before_edit::{EditRead, RegionKind};
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{KeptRun, RunScore, Status};

/// A kept row with its run's read-before-edit (runs with edits).
pub type Kept = KeptRun<Option<ReadBeforeEdit>>;

/// Appends `row`'s record to `out`.
pub fn encode(row: &Kept, out: &mut Vec<u8>) {
    let mut e = Enc(out);
    e.str(&row.task);
    e.str(&row.run);
    let at = e.0.len();
    e.u32(0);
    let RunScore {
        status,
        file_hit,
        line_coverage,
        precision,
        f1,
        gold_files,
        files_hit,
        gold_lines,
        read_lines,
        covered_lines,
        passes_threshold,
        files,
        spans,
    } = &row.score;
    e.u8(match status {
        Status::Scored => 0,
        Status::Unscored => 1,
        Status::NoRun => 2,
    });
    for x in [file_hit, line_coverage, precision, f1] {
        e.opt_f64(*x);
    }
    for n in [
        *gold_files as u64,
        *files_hit as u64,
        *gold_lines,
        *read_lines,
        *covered_lines,
    ] {
        e.u64(n);
    }
    e.u8(passes_threshold.map_or(0, |p| 1 + u8::from(p)));
    e.u32(files.len() as u32);
    for FileScore {
        path,
        gold_lines,
        covered_lines,
        coverage,
        hit,
    } in files
    {
        e.str(path);
        e.u64(*gold_lines);
        e.u64(*covered_lines);
        e.opt_f64(*coverage);
        e.u8(u8::from(*hit));
    }
    e.u32(spans.len() as u32);
    for SpanScore {
        path,
        start,
        end,
        gold_lines,
        covered_lines,
        coverage,
        unread,
    } in spans
    {
        e.str(path);
        e.u32(*start);
        e.u32(*end);
        e.u64(*gold_lines);
        e.u64(*covered_lines);
        e.opt_f64(*coverage);
        e.u32(unread.intervals().len() as u32);
        for i in unread.intervals() {
            e.u32(i.start);
            e.u32(i.end);
        }
    }
    match &row.extra {
        None => e.u8(0),
        Some(ReadBeforeEdit {
            edits,
            mean,
            worst,
            per_edit,
        }) => {
            e.u8(1);
            e.u64(*edits as u64);
            e.opt_f64(*mean);
            e.u8(u8::from(worst.is_some()));
            worst.iter().for_each(|w| e.edit(w));
            e.u32(per_edit.len() as u32);
            per_edit.iter().for_each(|w| e.edit(w));
        }
    }
    let body = (e.0.len() - at - 4) as u32;
    e.0[at..at + 4].copy_from_slice(&body.to_le_bytes());
}

/// A record's parts, little-endian: a length before each text and list, a tag before each
/// `Option`.
struct Enc<'a>(&'a mut Vec<u8>);

impl Enc<'_> {
    fn u8(&mut self, x: u8) {
        self.0.push(x);
    }
    fn u32(&mut self, x: u32) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn opt_f64(&mut self, x: Option<f64>) {
        self.u8(u8::from(x.is_some()));
        x.into_iter().for_each(|x| self.u64(x.to_bits()));
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.0.extend_from_slice(s.as_bytes());
    }
    fn edit(&mut self, w: &EditRead) {
        let EditRead {
            event_id,
            turn,
            path,
            start,
            end,
            region,
            region_start,
            region_end,
            region_lines,
            read_lines,
            coverage,
        } = w;
        self.str(event_id);
        self.u32(*turn);
        self.str(path);
        self.u32(*start);
        self.u32(*end);
        self.u8(match region {
            RegionKind::Unit => 0,
            RegionKind::Window => 1,
        });
        self.u32(*region_start);
        self.u32(*region_end);
        self.u64(*region_lines);
        self.u64(*read_lines);
        self.u64(coverage.to_bits());
    }
}
