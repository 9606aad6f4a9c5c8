//! Which [`InputKind`] a file is, from its name and content: a diff by its extension or first
//! line, Parquet by its magic bytes, rows by the keys of their first objects (up to
//! [`ROWS_LOOKED_AT`] of them), an agent log by `readcov-import`'s own detection. Reads and gold
//! rows share `path`/`start`/`end`; they are told apart by the keys only one of them has.

use super::InputKind;
use crate::{open_input, FileError};
use readcov_import::Format;
use serde_json::{Map, Value};
use std::io::Read;
use std::path::Path;

/// How much of a file is looked at before the whole of it is needed (a trajectory that is one
/// JSON document): a reads log of hundreds of megabytes is classified from its head.
pub const HEAD: usize = 1 << 16;

/// How many parsed rows of the head vote on gold vs reads.
pub const ROWS_LOOKED_AT: usize = 32;

/// Keys only reads rows have (`run` counts only without a gold-only key: consensus gold rows
/// carry the run their optional tier belongs to).
const READS_KEYS: [&str; 8] = [
    "tool", "command", "turn", "step", "kind", "source", "rank", "score",
];
const GOLD_KEYS: [&str; 3] = ["tier", "origin", "requirement"];

/// The kind of a whole file's bytes (only the head is looked at unless the file may be one JSON
/// document).
pub fn detect(name: &str, bytes: &[u8]) -> InputKind {
    detect_by(name, bytes, Reader::Any)
}

/// Who a file is detected for: every reader alike, or `readcov locbench --gold`, to which
/// Loc-Bench rows carrying a `patch` are Loc-Bench rows (their names are the gold), where every
/// other reader takes them as SWE-bench rows (gold from the patch: `score --gold` reads them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Any,
    LocBenchGold,
}

/// [`detect`] for `reader`: the kind told once (`locbench --gold` parsed the first row again
/// to tell Loc-Bench rows with a patch from SWE-bench rows, and its gold loader detected again).
pub fn detect_by(name: &str, bytes: &[u8], reader: Reader) -> InputKind {
    let head = &bytes[..bytes.len().min(HEAD)];
    detect_head_by(name, head, head.len() == bytes.len(), reader)
        .unwrap_or_else(|| detect_document(bytes, reader).0)
}

/// The kind of the file at `path`, reading only its head when that decides (reads logs are
/// large); the whole file when it may be one JSON document (a trajectory). Only a regular file
/// is opened: a FIFO or a device is an error, never a read that blocks.
pub fn detect_file(path: &Path) -> Result<InputKind, FileError> {
    detect_file_document(path).map(|(kind, _)| kind)
}

/// A file read whole to tell its kind, kept for the import that follows: a trajectory of
/// hundreds of megabytes is then read once and built as a JSON value once (it was built three
/// times, two of them held at once, and read twice).
pub struct Document {
    pub bytes: Vec<u8>,
    /// The bytes' JSON value, when they are one JSON document in a log format (the value
    /// `readcov_import::import_parsed` takes).
    pub value: Option<Value>,
}

/// [`detect_file`], handing back the whole file when it had to be read to tell (one JSON
/// document larger than the head), with its value when it is a log.
pub fn detect_file_document(path: &Path) -> Result<(InputKind, Option<Document>), FileError> {
    if let Some(kind) = detect_file_head(path)? {
        return Ok((kind, None));
    }
    let bytes = crate::read_input(path)?;
    let (kind, value) = detect_document(&bytes, Reader::Any);
    Ok((kind, Some(Document { bytes, value })))
}

/// The kind of the file at `path` from its head alone; `None` when the file is one JSON
/// document larger than the head (only the whole of it tells).
pub fn detect_file_head(path: &Path) -> Result<Option<InputKind>, FileError> {
    let (file, len) = open_input(path)?;
    let mut head = Vec::with_capacity(HEAD.min(usize::try_from(len).unwrap_or(HEAD)) + 1);
    file.take(HEAD as u64 + 1)
        .read_to_end(&mut head)
        .map_err(|e| FileError::new(path, format!("cannot read: {e}")))?;
    let whole = head.len() <= HEAD;
    head.truncate(HEAD);
    // A Parquet file longer than the head: its magic at both ends (the head holds only the
    // first; its rows read as text were a located error per "line").
    if !whole && head.starts_with(readcov_parquet::MAGIC) && ends_with_magic(path)? {
        return Ok(Some(InputKind::Parquet));
    }
    Ok(detect_head(&path.display().to_string(), &head, whole))
}

/// Whether the file's last bytes are Parquet's magic.
fn ends_with_magic(path: &Path) -> Result<bool, FileError> {
    use std::io::{Seek, SeekFrom};
    let (mut file, _) = open_input(path)?;
    let mut tail = [0u8; 4];
    let cannot = |e: std::io::Error| FileError::new(path, format!("cannot read: {e}"));
    file.seek(SeekFrom::End(-4)).map_err(cannot)?;
    file.read_exact(&mut tail).map_err(cannot)?;
    Ok(&tail == readcov_parquet::MAGIC)
}

/// The kind from the first bytes of a file (`whole`: they are the whole file); `None` when the
/// whole file is needed to tell (it opens a JSON document that does not fit in the head).
pub fn detect_head(name: &str, head: &[u8], whole: bool) -> Option<InputKind> {
    detect_head_by(name, head, whole, Reader::Any)
}

/// [`detect_head`] for `reader`.
fn detect_head_by(name: &str, head: &[u8], whole: bool, reader: Reader) -> Option<InputKind> {
    if readcov_parquet::is_parquet(head) {
        return Some(InputKind::Parquet);
    }
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".diff") || lower.ends_with(".patch") {
        return Some(InputKind::Diff);
    }
    let text = String::from_utf8_lossy(head);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let Some(first) = text.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return Some(InputKind::Unknown);
    };
    if first.starts_with("diff ") || first.starts_with("--- ") || first.starts_with("Index: ") {
        return Some(InputKind::Diff);
    }
    let row = matches!(serde_json::from_str::<Value>(first), Ok(Value::Object(_)));
    if row {
        return kind_of_lines(text, whole, reader);
    }
    if whole {
        return Some(detect_document(head, reader).0);
    }
    // A JSON document larger than the head (a trajectory): the whole of it decides. Anything
    // else may be rows whose first line is broken: the next lines vote.
    if first.starts_with('[') || first.starts_with('{') {
        return None;
    }
    kind_of_lines(text, false, reader)
}

/// The whole file: one JSON document, else lines; with the document's value when it is a log
/// (parsed once: the log's format is told from that value, and its import takes it).
fn detect_document(bytes: &[u8], reader: Reader) -> (InputKind, Option<Value>) {
    let text = String::from_utf8_lossy(bytes);
    // The importer does not skip a byte order mark: its value would not be the text's.
    let bom = text.starts_with('\u{feff}');
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    // An array is checked element by element and only its first element built: the kind is
    // told by it, and a 100 MB array of gold rows built whole took gigabytes.
    let mut first = None;
    let array = super::rows::array_elements(text.as_bytes(), |row| {
        if first.is_none() {
            first = Some(serde_json::from_slice::<Value>(row).unwrap_or(Value::Null));
        }
    });
    if array {
        let kind = match first {
            Some(Value::Object(o)) => {
                kind_of_rows(&[&o], text, reader).unwrap_or_else(|| log_kind(text))
            }
            _ => log_kind(text),
        };
        return (kind, None);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(doc) => {
            let kind = kind_of_document(&doc, text, reader);
            let log = matches!(kind, InputKind::Log(_)) && !bom;
            (kind, log.then_some(doc))
        }
        Err(_) => (
            kind_of_lines(text, true, reader).unwrap_or(InputKind::Unknown),
            None,
        ),
    }
}

/// A whole JSON document that is no array (`detect_document` tells arrays): one object. Its
/// log format is told from `doc`, never by parsing `text` again (as [`log_kind`] and
/// [`first_line_log`] of a text that is this document would).
fn kind_of_document(doc: &Value, text: &str, reader: Reader) -> InputKind {
    let Value::Object(o) = doc else {
        return InputKind::Unknown;
    };
    let as_log = || Format::detect_json(doc).map_or(InputKind::Unknown, InputKind::Log);
    // The first line of a document on one line is the document. Another document's first line
    // is no JSON value (the document goes on): only its head can name a format (`{"fncall_...`).
    let one_line = !text.trim().contains('\n');
    let first_log = || match one_line {
        true => Format::detect_json(doc),
        false => first_line_log(head_of(text)),
    };
    kind_of_rows_with(&[o], &first_log, reader).unwrap_or_else(as_log)
}

/// JSONL: the first objects that parse vote; `None` when none parses and the head is not all.
fn kind_of_lines(text: &str, whole: bool, reader: Reader) -> Option<InputKind> {
    let objects: Vec<Map<String, Value>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(ROWS_LOOKED_AT * 4)
        .filter_map(|l| match serde_json::from_str::<Value>(l.trim()) {
            Ok(Value::Object(o)) => Some(o),
            _ => None,
        })
        .take(ROWS_LOOKED_AT)
        .collect();
    if objects.is_empty() {
        return whole.then(|| text_kind(text));
    }
    let refs: Vec<&Map<String, Value>> = objects.iter().collect();
    // A test run's output may print a JSON object on a line of its own.
    Some(kind_of_rows(&refs, text, reader).unwrap_or_else(|| harness_or(log_kind(text), text)))
}

/// A log readcov-import reads, else unknown.
fn log_kind(text: &str) -> InputKind {
    Format::detect(text).map_or(InputKind::Unknown, InputKind::Log)
}

/// A text of no JSON rows: an agent log, else a harness log or run summary, else another file
/// of the harness (its test output, its script, a submission's metadata), else unknown.
fn text_kind(text: &str) -> InputKind {
    match log_kind(text) {
        InputKind::Unknown if readcov_core::stages::is_report_text(text) => {
            InputKind::HarnessReport
        }
        kind => harness_or(kind, text),
    }
}

/// `kind`, unless it is unknown and `text` is one of the harness's files that hold no verdict.
fn harness_or(kind: InputKind, text: &str) -> InputKind {
    match kind {
        InputKind::Unknown => readcov_core::stages::HarnessFile::of_text(text)
            .map_or(InputKind::Unknown, InputKind::HarnessFile),
        kind => kind,
    }
}

/// Rows of a known shape, from the first row's keys (the gold/reads vote takes every row
/// given); `None` when the first row is no known row (then maybe a log).
fn kind_of_rows(rows: &[&Map<String, Value>], text: &str, reader: Reader) -> Option<InputKind> {
    kind_of_rows_with(rows, &|| first_line_log(text), reader)
}

/// [`kind_of_rows`] with the log format of the text's first line given by `first_log`.
fn kind_of_rows_with(
    rows: &[&Map<String, Value>],
    first_log: &dyn Fn() -> Option<Format>,
    reader: Reader,
) -> Option<InputKind> {
    let first = rows.first()?;
    let has = |k: &str| first.contains_key(k);
    if readcov_core::stages::is_report_object(first) {
        return Some(InputKind::HarnessReport);
    }
    if has("ground_truth") {
        return Some(InputKind::Explore);
    }
    let loc_bench = has("instance_id") && (has("file_changes") || has("edit_functions"));
    // For `locbench --gold`, before ContextBench and SWE-bench rows (Loc-Bench rows carry a
    // `patch`): the rule that command applied to the first row after detecting.
    if reader == Reader::LocBenchGold && loc_bench {
        return Some(InputKind::LocBench);
    }
    if has("gold_context") || has("init_ctx") || has("gold_ctx") {
        // Before SWE-bench: ContextBench rows carry `instance_id` and `patch` too.
        return Some(InputKind::ContextBench);
    }
    if has("instance_id") && has("patch") && !has("history") {
        return Some(InputKind::SweBench);
    }
    if loc_bench {
        return Some(InputKind::LocBench);
    }
    let located = [
        "found_files",
        "found_modules",
        "found_entities",
        "found_edit_locs",
        "found_related_locs",
        "docs",
    ];
    if has("instance_id") && located.iter().any(|k| has(k)) {
        return Some(InputKind::Localizations);
    }
    // Before predictions: ContextBench's carry a `model_patch` too.
    if has("traj_data") {
        return Some(InputKind::ContextBenchPreds);
    }
    if has("model_patch") {
        return Some(InputKind::Predictions);
    }
    if has("instance_id") && !has("history") && (has("regions") || has("explorer")) {
        return Some(InputKind::ExplorePreds);
    }
    // Retrieved chunks (character offsets, `start_line`, LangChain/LlamaIndex shapes) and
    // JSONL trajectories (Claude Code's `sessionId`) before plain rows; a row with `path` and
    // neither is a reads or gold row even with a `rank` (a chunk key too).
    let plain_row = has("path") && !has("sessionId") && !has("start_char") && !has("start_line");
    if !plain_row {
        if let Some(f) = first_log() {
            return Some(InputKind::Log(f));
        }
    }
    if has("path") && (has("start") || has("end")) {
        return Some(span_rows(rows));
    }
    if has("resolved") && !has("path") {
        return Some(InputKind::Outcomes);
    }
    if has("event") && has("requirement") {
        return Some(InputKind::Ledger);
    }
    if has("required") && has("task") {
        return Some(InputKind::TaskDecls);
    }
    let sheet = ["condition", "environment", "simulator", "scenario_oracle"];
    if has("run") && sheet.iter().any(|k| has(k)) {
        return Some(InputKind::SheetRuns);
    }
    None
}

/// At most the first [`HEAD`] bytes of `text`, cut on a character boundary.
fn head_of(text: &str) -> &str {
    let mut end = text.len().min(HEAD);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The log format of the first JSON line, when it is a log record (not a whole document).
fn first_line_log(text: &str) -> Option<Format> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    if !first.starts_with('{') {
        return None;
    }
    Format::detect(first)
}

/// `path`/`start`/`end` rows: gold, reads, units, or either, by the keys only one of them has.
fn span_rows(rows: &[&Map<String, Value>]) -> InputKind {
    let any = |keys: &[&str]| rows.iter().any(|r| keys.iter().any(|k| r.contains_key(*k)));
    // `kind` is read/edit on reads; function, class, … on units.
    let unit_kind = rows.iter().any(|r| {
        r.get("kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k != "read" && k != "edit")
    });
    if (unit_kind || any(&["depth"])) && any(&["name"]) {
        return InputKind::Units;
    }
    let gold = any(&GOLD_KEYS);
    let reads = any(&READS_KEYS) || (any(&["run"]) && !gold);
    match (gold, reads) {
        (true, false) => InputKind::GoldJsonl,
        (false, true) => InputKind::ReadsJsonl,
        _ => InputKind::Spans,
    }
}
