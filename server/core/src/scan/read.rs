//! The reads line: [`scan_read_into`], one member at a time into a [`RawRead`], with the mark
//! that lets the next line of the same run skip its `task` and `run`.

use super::keys::{
    line_no, opt_count, opt_id, opt_str, BASE, COMMAND, END, KIND, PATH, RUN, SOURCE, START, STEP,
    TASK, TOOL, TURN,
};
use super::scanner::{scan_members, Line, Scanner, Val};
use crate::row::RawRead;
use crate::span::{EventKind, Source};

/// The line as a [`RawRead`], or `None` to let serde decide (the tests' whole scan; the fast
/// path calls [`scan_read_into`] for the mark too).
#[cfg(test)]
pub(crate) fn scan_read(line: &str) -> Option<RawRead<'_>> {
    let mut raw = RawRead::empty();
    scan_read_into(Line::text(line), None, &mut raw)?;
    Some(raw)
}

/// The bits of `task` and `run` in a read's `seen` (see [`read_field`]).
pub(super) const TASK_AND_RUN: u16 = 1 << 3 | 1 << 4;

/// [`scan_read`] into `raw`, which starts [`RawRead::empty`]: `None` declines the line (and
/// leaves `raw` partly filled). A whole scan (`from` is `None`) returns the line's mark: when
/// it opens with its `task` and `run` members (in either order, nothing before them), the
/// offset just past the comma after them. Logs are written run by run, so the next line often
/// repeats the bytes up to there, and a scan `from` the mark reads only what follows, with
/// those two members seen and `task` and `run` left `None` (the caller knows what the repeated
/// bytes stood for). Profiled: the two ids were a third of the scanning, and comparing them with
/// the last row's another 5%. The lean path calls this with one `raw` per line: returning the
/// 144-byte struct in an `Option` copied it twice per line, and reading its fields right after
/// the copy stalled (a fifth of the line loop's own time).
#[inline(always)]
pub(crate) fn scan_read_into<'a>(
    line: Line<'a>,
    from: Option<usize>,
    raw: &mut RawRead<'a>,
) -> Option<Option<usize>> {
    let mut resume = None;
    let seen = match from {
        None => {
            let mut sc = Scanner::at(line, 0);
            sc.eat(b'{')?;
            let mark = |at, seen| {
                // `seen` only grows, so this holds after the second member or never.
                if seen == TASK_AND_RUN {
                    resume = Some(at);
                }
            };
            scan_members(sc, 0, |k, v| read_field(raw, k, v), mark)?
        }
        Some(at) => {
            let sc = Scanner::at(line, at);
            scan_members(sc, TASK_AND_RUN, |k, v| read_field(raw, k, v), |_, _| {})?
        }
    };
    // path, start and end (bits 0–2) are required.
    (seen & 0b111 == 0b111).then_some(resume)
}

/// Stores one member of a read in `raw` and returns the key's bit in `seen`, or `None` to
/// decline the line. Inlined into the scans, so the struct is built where it ends up instead of
/// being copied out (profiled: 3%).
#[inline(always)]
pub(crate) fn read_field<'a>(raw: &mut RawRead<'a>, key: u64, v: Val<'a>) -> Option<u16> {
    Some(match key {
        PATH => {
            raw.path = v.text()?;
            0
        }
        START => {
            raw.start = line_no(v)?;
            1
        }
        END => {
            raw.end = line_no(v)?;
            2
        }
        TASK => {
            raw.task = opt_id(v)?;
            3
        }
        RUN => {
            raw.run = opt_id(v)?;
            4
        }
        TURN => {
            raw.turn = opt_count(v)?;
            5
        }
        STEP => {
            raw.step = opt_count(v)?;
            6
        }
        TOOL => {
            raw.tool = opt_str(v)?;
            7
        }
        COMMAND => {
            raw.command = opt_str(v)?;
            8
        }
        SOURCE => {
            raw.source = match v {
                Val::Null => None,
                v => Some(Source::parse(&v.text()?)?),
            };
            9
        }
        KIND => {
            raw.kind = match v {
                Val::Null => None,
                v => match &*v.text()? {
                    "read" => Some(EventKind::Read),
                    "edit" => Some(EventKind::Edit),
                    _ => return None,
                },
            };
            10
        }
        // Any value the scanner reads: the span parsers do not keep `base` (a side pass reads
        // it, `base::parse_row_bases`), so the checked path takes whatever JSON it holds.
        BASE => 11,
        _ => return None,
    })
}

/// The keys [`read_field`] takes, as [`key_code`]s.
pub(super) const READ_KEYS: [u64; 12] = [
    PATH, START, END, TASK, RUN, TURN, STEP, TOOL, COMMAND, SOURCE, KIND, BASE,
];

/// Whether the line (an object) has a plain top-level key no reads field bears, among the
/// members before anything the scanner cannot read. serde's typed visitor refuses such a line
/// (`deny_unknown_fields`), and formats an error string to say so: its caller skips it.
pub(crate) fn has_unknown_key(line: &str) -> bool {
    let mut sc = Scanner::at(Line::text(line), 0);
    if sc.eat(b'{').is_none() {
        return false;
    }
    loop {
        let Some(key) = sc.key() else {
            return false; // an escaped key, or no key: serde's to judge
        };
        if !READ_KEYS.contains(&key) {
            return true;
        }
        let read = sc.eat(b':').and_then(|()| sc.value());
        if read.is_none() || sc.eat(b',').is_none() {
            return false;
        }
    }
}
