//! The reads JSONL parser: `fastread`'s typed fast path first, the checked path for each line it
//! declines.

use super::{checked, no_check, parse_lines_into, Fields, InputError, Parsed, PathCheck};
use crate::span::{EventKind, ReadSpan, Source};
use std::cell::RefCell;

/// Parses a reads JSONL file.
pub fn parse_reads(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<ReadSpan> {
    parse_reads_impl(bytes, file, workspace, true, &no_check)
}

/// [`parse_reads`] with a [`PathCheck`] on every accepted path.
pub fn parse_reads_checked(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    check: PathCheck,
) -> Parsed<ReadSpan> {
    parse_reads_impl(bytes, file, workspace, true, check)
}

/// [`parse_reads`] with the typed fast path on or off; both must give the same result (a
/// property test holds them to it).
#[doc(hidden)]
pub fn parse_reads_with(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
) -> Parsed<ReadSpan> {
    parse_reads_impl(bytes, file, workspace, fast, &no_check)
}

/// Parses one piece of a reads JSONL file that starts at line `first` (1-based) and ends at a
/// line break (or at the end of the file) into `out`: a large log can be read and parsed a few
/// megabytes at a time, with the same items, errors and line numbers as [`parse_reads_checked`]
/// on the whole file.
pub fn parse_reads_piece(
    bytes: &[u8],
    first: usize,
    file: &str,
    workspace: Option<&str>,
    check: PathCheck,
    out: &mut Parsed<ReadSpan>,
) {
    parse_reads_into(bytes, first, file, workspace, true, check, out);
}

fn parse_reads_impl(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
    check: PathCheck,
) -> Parsed<ReadSpan> {
    let mut out = Parsed::default();
    parse_reads_into(bytes, 1, file, workspace, fast, check, &mut out);
    out
}

fn parse_reads_into(
    bytes: &[u8],
    first: usize,
    file: &str,
    workspace: Option<&str>,
    fast: bool,
    check: PathCheck,
    out: &mut Parsed<ReadSpan>,
) {
    let last = RefCell::new(crate::fastread::LastPath::default());
    let fast = |t: &str| {
        fast.then(|| crate::fastread::fast_read(t, workspace, &mut last.borrow_mut()))
            .flatten()
            .filter(|r| check(&r.path).is_ok())
    };
    parse_lines_into(bytes, first, file, out, fast, |f| {
        read_record(f, workspace, check)
    });
}

/// The slow, fully checked path for one reads line (as split by [`jsonl_lines`]).
pub(crate) fn slow_read(
    text: Result<&str, InputError>,
    file: &str,
    line: usize,
    workspace: Option<&str>,
    check: PathCheck,
) -> Result<ReadSpan, InputError> {
    checked(text, file, line, |f| read_record(f, workspace, check))
}

/// The slow, fully checked path for one reads line: every problem becomes a located error.
fn read_record(
    f: &Fields,
    workspace: Option<&str>,
    check: PathCheck,
) -> Result<ReadSpan, InputError> {
    let (start, end) = f.lines()?;
    let source = match f.opt_string("source")? {
        None => Source::Agent,
        Some(s) => Source::parse(s).ok_or_else(|| {
            f.err(
                "source",
                format!("`{s}` is not agent, human, manual or retriever"),
            )
        })?,
    };
    let kind = match f.opt_string("kind")? {
        None | Some("read") => EventKind::Read,
        Some("edit") => EventKind::Edit,
        Some(k) => return Err(f.err("kind", format!("`{k}` is not read or edit"))),
    };
    Ok(ReadSpan {
        task: f.id("task")?,
        run: f.id("run")?,
        path: f.checked_path(workspace, check)?,
        start,
        end,
        turn: f.opt_count("turn")?,
        step: f.opt_count("step")?,
        tool: f.opt_string("tool")?.map(str::to_string),
        source,
        command: f.opt_string("command")?.map(str::to_string),
        kind,
        rank: f.opt_rank()?,
        score: f.opt_number("score")?,
    })
}
