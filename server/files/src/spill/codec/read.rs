//! Reading the spilled rows' records back ([`super`] writes them): the names, then the body
//! skipped or decoded. A record cut short or holding a value no writer gives is an error, never
//! a panic.

use super::Kept;
use readcov_core::metrics::{FileScore, SpanScore};
use readcov_core::sheet::before_edit::{EditRead, RegionKind};
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{Interval, KeptRun, LineSet, RunScore, Status};
use std::io::{self, BufRead, Read};
use std::sync::Arc;

/// The next record's names, or `None` at the end of the file; its body is left to
/// [`read_body`] or [`skip_body`].
pub fn read_names(r: &mut impl BufRead) -> io::Result<Option<(String, String)>> {
    if r.fill_buf()?.is_empty() {
        return Ok(None);
    }
    Ok(Some((read_str(r)?, read_str(r)?)))
}

/// Skips the body of the record whose names were just read.
pub fn skip_body(r: &mut impl BufRead) -> io::Result<()> {
    let n = u64::from(read_u32(r)?);
    let skipped = io::copy(&mut r.take(n), &mut io::sink())?;
    match skipped == n {
        true => Ok(()),
        false => Err(cut()),
    }
}

/// The body of the record whose names were just read, decoded into its row (`buf`: reused).
pub fn read_body(
    r: &mut impl BufRead,
    task: String,
    run: String,
    buf: &mut Vec<u8>,
) -> io::Result<Kept> {
    let n = read_u32(r)? as usize;
    buf.clear();
    let got = r.take(n as u64).read_to_end(buf)?;
    if got != n {
        return Err(cut());
    }
    let mut d = Dec(buf);
    let status = match d.u8()? {
        0 => Status::Scored,
        1 => Status::Unscored,
        2 => Status::NoRun,
        _ => return Err(bad("status")),
    };
    let (file_hit, line_coverage, precision, f1) =
        (d.opt_f64()?, d.opt_f64()?, d.opt_f64()?, d.opt_f64()?);
    let (gold_files, files_hit) = (d.u64()? as usize, d.u64()? as usize);
    let (gold_lines, read_lines, covered_lines) = (d.u64()?, d.u64()?, d.u64()?);
    let passes_threshold = match d.u8()? {
        0 => None,
        p @ 1..=2 => Some(p == 2),
        _ => return Err(bad("passes_threshold")),
    };
    let files = (0..d.u32()?)
        .map(|_| {
            Ok(FileScore {
                path: Arc::from(d.str()?),
                gold_lines: d.u64()?,
                covered_lines: d.u64()?,
                coverage: d.opt_f64()?,
                hit: d.u8()? == 1,
            })
        })
        .collect::<io::Result<_>>()?;
    let spans = (0..d.u32()?)
        .map(|_| {
            let (path, start, end) = (Arc::from(d.str()?), d.u32()?, d.u32()?);
            let (gold_lines, covered_lines, coverage) = (d.u64()?, d.u64()?, d.opt_f64()?);
            let n = d.u32()?;
            let mut intervals = Vec::new();
            for _ in 0..n {
                let (s, e) = (d.u32()?, d.u32()?);
                intervals.push(Interval::new(s, e).ok_or_else(|| bad("unread"))?);
            }
            Ok(SpanScore {
                path,
                start,
                end,
                gold_lines,
                covered_lines,
                coverage,
                unread: LineSet::from_intervals(intervals),
            })
        })
        .collect::<io::Result<_>>()?;
    let score = RunScore {
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
    };
    let extra = match d.u8()? {
        0 => None,
        1 => {
            let (edits, mean) = (d.u64()? as usize, d.opt_f64()?);
            let worst = match d.u8()? {
                0 => None,
                _ => Some(d.edit()?),
            };
            let per_edit = (0..d.u32()?).map(|_| d.edit()).collect::<io::Result<_>>()?;
            Some(ReadBeforeEdit {
                edits,
                mean,
                worst,
                per_edit,
            })
        }
        _ => return Err(bad("read_before_edit")),
    };
    match d.0.is_empty() {
        true => Ok(KeptRun {
            task,
            run,
            score,
            extra,
        }),
        false => Err(bad("record length")),
    }
}

fn cut() -> io::Error {
    io::Error::new(io::ErrorKind::UnexpectedEof, "a record cut short")
}

fn bad(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a record's {what} is not valid"),
    )
}

fn read_u32(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0; 4];
    r.read_exact(&mut b).map_err(|_| cut())?;
    Ok(u32::from_le_bytes(b))
}

fn read_str(r: &mut impl Read) -> io::Result<String> {
    let n = read_u32(r)? as usize;
    let mut b = Vec::with_capacity(n.min(1 << 16));
    if r.take(n as u64).read_to_end(&mut b)? != n {
        return Err(cut());
    }
    String::from_utf8(b).map_err(|_| bad("name"))
}

struct Dec<'a>(&'a [u8]);

impl Dec<'_> {
    fn bytes(&mut self, n: usize) -> io::Result<&[u8]> {
        if self.0.len() < n {
            return Err(cut());
        }
        let (b, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(b)
    }
    fn u8(&mut self) -> io::Result<u8> {
        Ok(self.bytes(1)?[0])
    }
    fn u32(&mut self) -> io::Result<u32> {
        Ok(u32::from_le_bytes(
            self.bytes(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> io::Result<u64> {
        Ok(u64::from_le_bytes(
            self.bytes(8)?.try_into().expect("8 bytes"),
        ))
    }
    fn opt_f64(&mut self) -> io::Result<Option<f64>> {
        match self.u8()? {
            0 => Ok(None),
            1 => Ok(Some(f64::from_bits(self.u64()?))),
            _ => Err(bad("number")),
        }
    }
    fn str(&mut self) -> io::Result<&str> {
        let n = self.u32()? as usize;
        std::str::from_utf8(self.bytes(n)?).map_err(|_| bad("text"))
    }
    fn edit(&mut self) -> io::Result<EditRead> {
        let (event_id, turn, path) = (self.str()?.to_string(), self.u32()?, self.str()?.into());
        let (start, end) = (self.u32()?, self.u32()?);
        let region = match self.u8()? {
            0 => RegionKind::Unit,
            1 => RegionKind::Window,
            _ => return Err(bad("region")),
        };
        let (region_start, region_end) = (self.u32()?, self.u32()?);
        let (region_lines, read_lines) = (self.u64()?, self.u64()?);
        Ok(EditRead {
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
            coverage: f64::from_bits(self.u64()?),
        })
    }
}
