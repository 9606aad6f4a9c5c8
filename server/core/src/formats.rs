//! Parsers for the reads and gold JSONL formats (see `docs/formats.md`).
//!
//! They take bytes and a display name, never a file handle: the caller does the IO. Each bad line
//! becomes an [`InputError`] naming file, line and field, and parsing goes on with the next line,
//! so one bad record never loses the rest of a file.

use crate::name::{Name, Names};
use crate::path::normalize_path;
use crate::span::{EventKind, GoldSpan, ReadSpan, Source, Tier, DEFAULT_ID};
use crate::strict_json::Record;
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use thiserror::Error;

/// A located problem in an input file. `line` is 1-based; 0 means the file as a whole.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}", self.render())]
pub struct InputError {
    pub file: String,
    pub line: usize,
    pub field: Option<String>,
    pub message: String,
}

impl InputError {
    pub fn new(file: &str, line: usize, field: Option<&str>, message: impl Into<String>) -> Self {
        InputError {
            file: file.to_string(),
            line,
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    /// The message as printed: the file name, field and message escaped and cut
    /// ([`crate::shown::shown`]), since all three may carry an input's text (a path with a line
    /// break or escape codes, a 500 MB value).
    fn render(&self) -> String {
        use crate::shown::shown;
        let file = shown(&self.file);
        let loc = if self.line == 0 {
            file.into_owned()
        } else {
            format!("{file}:{}", self.line)
        };
        let message = shown(&self.message);
        match &self.field {
            Some(f) => format!("{loc}: field `{}`: {message}", shown(f)),
            None => format!("{loc}: {message}"),
        }
    }
}

/// The records that parsed, and an error for each line that did not.
#[derive(Debug, Clone)]
pub struct Parsed<T> {
    pub items: Vec<T>,
    pub errors: Vec<InputError>,
    /// Non-blank lines seen (valid + invalid).
    pub records: usize,
}

impl<T> Default for Parsed<T> {
    fn default() -> Self {
        Parsed {
            items: Vec::new(),
            errors: Vec::new(),
            records: 0,
        }
    }
}

/// Splits JSONL bytes into (line number, text) pairs: strips a UTF-8 BOM and `\r`, skips blank
/// lines, and reports lines that are not UTF-8.
pub fn jsonl_lines<'a>(
    bytes: &'a [u8],
    file: &'a str,
) -> impl Iterator<Item = (usize, Result<&'a str, InputError>)> + 'a {
    jsonl_lines_from(bytes, file, 1)
}

/// [`jsonl_lines`] over a piece of a file that starts at line `first` (1-based): only the piece
/// that starts the file may carry a BOM.
pub(crate) fn jsonl_lines_from<'a>(
    bytes: &'a [u8],
    file: &'a str,
    first: usize,
) -> impl Iterator<Item = (usize, Result<&'a str, InputError>)> + 'a {
    jsonl_line_ranges(bytes, first).map(move |(line, at)| (line, utf8_line(&bytes[at], file, line)))
}

/// Where the non-blank lines of a JSONL piece starting at line `first` are in it, with their
/// numbers: without the BOM (on line 1) and a `\r` before the line break. Not checked as UTF-8:
/// the lean reads path checks a whole piece at once; [`utf8_line`] checks one line.
pub(crate) fn jsonl_line_ranges(
    bytes: &[u8],
    first: usize,
) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> + '_ {
    let bom = if first == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let base = first - 1;
    // memchr finds the line breaks several bytes at a time; `split` looked at every byte.
    let mut from = bom;
    let breaks = memchr::memchr_iter(b'\n', &bytes[bom..])
        .map(move |i| i + bom)
        .chain(std::iter::once(bytes.len()));
    breaks
        .map(move |end| {
            let line = from..end;
            from = end + 1;
            line
        })
        .enumerate()
        .filter_map(move |(i, mut at)| {
            if bytes[at.clone()].ends_with(b"\r") {
                at.end -= 1;
            }
            (!bytes[at.clone()].iter().all(u8::is_ascii_whitespace)).then_some((base + i + 1, at))
        })
}

/// A line as text, or the located error for one that is not UTF-8.
pub(crate) fn utf8_line<'a>(raw: &'a [u8], file: &str, line: usize) -> Result<&'a str, InputError> {
    std::str::from_utf8(raw).map_err(|e| {
        InputError::new(
            file,
            line,
            None,
            format!("not valid UTF-8 (byte {})", e.valid_up_to()),
        )
    })
}

/// Parses one JSONL line into an object, with a located error otherwise (a duplicated key is an
/// error at that key, see [`crate::strict_json`]).
pub fn parse_object(text: &str, file: &str, line: usize) -> Result<Map<String, Value>, InputError> {
    match serde_json::from_str::<Record>(text) {
        Ok(Record::Object {
            duplicate: Some(key),
            ..
        }) => Err(InputError::new(
            file,
            line,
            Some(&key),
            "duplicate key (readers disagree on which value wins)",
        )),
        Ok(Record::Object { map, .. }) => Ok(map),
        Ok(Record::Other(kind)) => Err(InputError::new(
            file,
            line,
            None,
            format!("expected a JSON object, found {kind}"),
        )),
        Err(e) => Err(InputError::new(
            file,
            line,
            None,
            format!("invalid JSON: {e}"),
        )),
    }
}

/// How an input error names the JSON type found.
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Field accessors that produce located errors.
pub struct Fields<'a> {
    pub obj: &'a Map<String, Value>,
    pub file: &'a str,
    pub line: usize,
}

impl Fields<'_> {
    pub fn err(&self, field: &str, msg: impl Into<String>) -> InputError {
        InputError::new(self.file, self.line, Some(field), msg)
    }

    /// A required line number: an integer in `1..=u32::MAX`.
    pub fn line_number(&self, field: &str) -> Result<u32, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Err(self.err(field, "missing")),
            Some(v) => self.integer(field, v, 1),
        }
    }

    /// An optional non-negative integer (turn, step).
    pub fn opt_count(&self, field: &str) -> Result<Option<u32>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => self.integer(field, v, 0).map(Some),
        }
    }

    fn integer(&self, field: &str, v: &Value, min: u64) -> Result<u32, InputError> {
        let Value::Number(n) = v else {
            return Err(self.err(field, format!("expected an integer, found {}", kind_of(v))));
        };
        if let Some(i) = n.as_i64().filter(|i| *i < 0) {
            return Err(self.err(field, format!("must be ≥ {min}, got {i}")));
        }
        let Some(u) = n.as_u64() else {
            return Err(self.err(field, format!("expected an integer, got {n}")));
        };
        if u < min {
            return Err(self.err(field, format!("must be ≥ {min}, got {u}")));
        }
        u32::try_from(u)
            .map_err(|_| self.err(field, format!("{u} is too large (max {})", u32::MAX)))
    }

    /// An optional 1-based `rank` (a retrieved chunk's place in its task's list).
    pub fn opt_rank(&self) -> Result<Option<u32>, InputError> {
        match self.obj.get("rank") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => self.integer("rank", v, 1).map(Some),
        }
    }

    /// An optional finite number (a retriever's score).
    pub fn opt_number(&self, field: &str) -> Result<Option<f64>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => Ok(n.as_f64()),
            Some(v) => Err(self.err(field, format!("expected a number, found {}", kind_of(v)))),
        }
    }

    pub fn string(&self, field: &str) -> Result<&str, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Err(self.err(field, "missing")),
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(self.err(field, format!("expected a string, found {}", kind_of(v)))),
        }
    }

    pub fn opt_string(&self, field: &str) -> Result<Option<&str>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(self.err(field, format!("expected a string, found {}", kind_of(v)))),
        }
    }

    /// A task or run id: a string or an integer, defaulting to [`DEFAULT_ID`].
    pub fn id(&self, field: &str) -> Result<String, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(DEFAULT_ID.to_string()),
            Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
            Some(Value::Number(n)) => Ok(n.to_string()),
            Some(v) => Err(self.err(
                field,
                format!("expected a non-empty string, found {}", kind_of(v)),
            )),
        }
    }

    /// `path`, normalised and confined to the workspace.
    pub fn path(&self, workspace: Option<&str>) -> Result<String, InputError> {
        let raw = self.string("path")?;
        normalize_path(raw, workspace).map_err(|e| self.err("path", e.to_string()))
    }

    /// [`Fields::path`], then the IO layer's `check`.
    pub fn checked_path(
        &self,
        workspace: Option<&str>,
        check: PathCheck,
    ) -> Result<String, InputError> {
        let path = self.path(workspace)?;
        check(&path).map_err(|m| self.err("path", m))?;
        Ok(path)
    }

    /// `start` and `end`, with `end ≥ start`.
    pub fn lines(&self) -> Result<(u32, u32), InputError> {
        let start = self.line_number("start")?;
        let end = self.line_number("end")?;
        if end < start {
            return Err(self.err("end", format!("end {end} is before start {start}")));
        }
        Ok((start, end))
    }
}

/// Parses a reads JSONL file.
pub fn parse_reads(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<ReadSpan> {
    parse_reads_impl(bytes, file, workspace, true, &no_check)
}

/// A check on each normalised path, supplied by the IO layer (for example: does it resolve
/// through a symlink out of the workspace?). An `Err` becomes a located error on `path`.
pub type PathCheck<'a> = &'a dyn Fn(&str) -> Result<(), String>;

pub(crate) fn no_check(_: &str) -> Result<(), String> {
    Ok(())
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

/// Parses a gold JSONL file.
pub fn parse_gold(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<GoldSpan> {
    parse_gold_checked(bytes, file, workspace, &no_check)
}

/// [`parse_gold`] with a [`PathCheck`] on every accepted path.
pub fn parse_gold_checked(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    check: PathCheck,
) -> Parsed<GoldSpan> {
    parse_gold_impl(bytes, file, workspace, true, check)
}

/// [`parse_gold`] with the scanner's fast path on or off; both must give the same result
/// (tests/formats_cases.rs and the `gold` fuzz target hold them to it).
#[doc(hidden)]
pub fn parse_gold_with(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
) -> Parsed<GoldSpan> {
    parse_gold_impl(bytes, file, workspace, fast, &no_check)
}

fn parse_gold_impl(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
    check: PathCheck,
) -> Parsed<GoldSpan> {
    let mut out = Parsed::default();
    // One shared copy of each task and path for the whole file (the spans were ~150 bytes each
    // with their own strings; issue 35, item 7).
    let names = RefCell::new(GoldNames::default());
    let fast = |t: &str| {
        fast.then(|| fast_gold(t, workspace, check, &mut names.borrow_mut()))
            .flatten()
    };
    parse_lines_into(bytes, 1, file, &mut out, fast, |f| {
        gold_record(f, workspace, check, &mut names.borrow_mut())
    });
    out
}

/// The names of one gold file: tasks and paths interned, and each raw path's normalised and
/// checked form worked out once (`None`: declined, the checked path words why).
#[derive(Default)]
struct GoldNames {
    names: Names,
    paths: HashMap<Box<str>, Option<Name>>,
}

impl GoldNames {
    fn path(&mut self, raw: &str, workspace: Option<&str>, check: PathCheck) -> Option<Name> {
        if let Some(p) = self.paths.get(raw) {
            return p.clone();
        }
        let path = normalize_path(raw, workspace)
            .ok()
            .filter(|p| check(p).is_ok());
        let path = path.map(|p| self.names.take(p));
        self.paths.insert(raw.into(), path.clone());
        path
    }
}

/// The gold span on a usual line, or `None` for the checked path to look at it.
fn fast_gold(
    text: &str,
    workspace: Option<&str>,
    check: PathCheck,
    names: &mut GoldNames,
) -> Option<GoldSpan> {
    let raw = crate::scan::scan_gold(text)?;
    if raw.start < 1 || raw.end < raw.start {
        return None;
    }
    let path = names.path(raw.path, workspace, check)?;
    Some(GoldSpan {
        task: names.names.get(raw.task.unwrap_or(DEFAULT_ID)),
        path,
        start: raw.start,
        end: raw.end,
        tier: raw.tier,
        requirement: raw.requirement.map(|r| names.names.get(r)),
    })
}

/// One gold line on the checked path.
fn gold_record(
    f: &Fields,
    workspace: Option<&str>,
    check: PathCheck,
    names: &mut GoldNames,
) -> Result<GoldSpan, InputError> {
    let (start, end) = f.lines()?;
    let tier = match f.opt_string("tier")? {
        None | Some("core") => Tier::Core,
        Some("optional") => Tier::Optional,
        Some(t) => return Err(f.err("tier", format!("`{t}` is not core or optional"))),
    };
    let names = &mut names.names;
    Ok(GoldSpan {
        task: names.take(f.id("task")?),
        path: names.take(f.checked_path(workspace, check)?),
        start,
        end,
        tier,
        requirement: f.opt_string("requirement")?.map(|r| names.get(r)),
    })
}

/// Runs `record` over every object line of a JSONL file, collecting items and located errors.
pub fn parse_jsonl<T>(
    bytes: &[u8],
    file: &str,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) -> Parsed<T> {
    let mut out = Parsed::default();
    parse_lines_into(bytes, 1, file, &mut out, |_| None, record);
    out
}

/// Every line of a piece that starts at line `first`: `fast` takes the usual line whole (or
/// declines it), and a declined line goes through `record` on the checked path, which words
/// the error. `fast` must only accept what `record` accepts, with the same value.
fn parse_lines_into<T>(
    bytes: &[u8],
    first: usize,
    file: &str,
    out: &mut Parsed<T>,
    fast: impl Fn(&str) -> Option<T>,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) {
    for (line, text) in jsonl_lines_from(bytes, file, first) {
        out.records += 1;
        if let Some(item) = text.as_ref().ok().and_then(|t| fast(t)) {
            out.items.push(item);
            continue;
        }
        match checked(text, file, line, &record) {
            Ok(item) => out.items.push(item),
            Err(e) => out.errors.push(e),
        }
    }
}

/// One line on the checked path: parsed as an object (duplicate keys refused), then `record`.
fn checked<T>(
    text: Result<&str, InputError>,
    file: &str,
    line: usize,
    record: impl Fn(&Fields) -> Result<T, InputError>,
) -> Result<T, InputError> {
    let obj = parse_object(text?, file, line)?;
    record(&Fields {
        obj: &obj,
        file,
        line,
    })
}
