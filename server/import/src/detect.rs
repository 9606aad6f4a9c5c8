//! The one entry point: bytes in, reads rows and a summary out (the format picked or detected
//! through [`Format`]).

pub use crate::doc::Doc;
pub use crate::format::Format;
use crate::runs::Runs;
use crate::summary::Summary;
use crate::FileProvider;
use readcov_core::span::ReadSpan;
use thiserror::Error;

/// A log that could not be imported at all (its records are counted as malformed).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{file}: {message}")]
pub struct ImportError {
    pub file: String,
    pub message: String,
}

#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// `None`: detect from content.
    pub format: Option<Format>,
    /// Task id; default: the log's instance id, else the file name without extensions.
    pub task: Option<String>,
    /// Run id; default: the format name.
    pub run: Option<String>,
    /// A BEIR-style corpus: TREC run docids are its ids, mapped to the spans it gives
    /// (`readcov import --corpus`).
    pub corpus: Option<std::sync::Arc<crate::chunks::beir::Corpus>>,
    /// The caller does not use the replayed changes (`readcov import` without
    /// `--emit-patches`): each run's [`RunChange::replayed`](crate::change::RunChange) is left
    /// `None` instead of diffing every edited file against its base (profiled: 8% of an import
    /// with workspaces). Rows and summaries are the same either way.
    pub no_replayed_changes: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub rows: Vec<ReadSpan>,
    pub summary: Summary,
    /// Problems with the log as a whole (located by file), beside per-action skips.
    pub errors: Vec<ImportError>,
    /// Per action (by step): the reason it gave no read, `None` when it gave rows.
    pub outcomes: Vec<crate::session::Outcome>,
    /// Per run, the outcome its log states (dataset rows: `resolved`, `target`, `reward`).
    pub labels: Vec<crate::chat::RunLabel>,
    /// Remarks that are not errors: a dataset row that gave no reads, and the shape it had.
    pub notes: Vec<String>,
    /// The format the log was read as (`None`: not recognised).
    pub format: Option<Format>,
    /// Per run, in order: what it changed (the log's own patch, the replayed change).
    pub changes: Vec<crate::change::RunChange>,
}

/// Detects the format of a log; `None` when it is none of the known formats.
pub fn detect_format(text: &str) -> Option<Format> {
    Format::detect(text)
}

/// Imports one log. Never panics on bad input: an unreadable log gives an error and a summary
/// counting it as malformed.
pub fn import(
    bytes: &[u8],
    name: &str,
    opts: &ImportOptions,
    files: &dyn FileProvider,
) -> Imported {
    import_with(bytes, name, opts, &|_| Box::new(Borrowed(files)))
}

struct Borrowed<'a>(&'a dyn FileProvider);

impl FileProvider for Borrowed<'_> {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.0.read(path)
    }
    fn has_workspace(&self) -> bool {
        self.0.has_workspace()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        self.0.is_dir(path)
    }
    fn is_file(&self, path: &str) -> bool {
        self.0.is_file(path)
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        self.0.list_dir(path)
    }
}

/// Like [`import`], with the workspace chosen by task id (one checkout per SWE-bench instance).
pub fn import_with<'p>(
    bytes: &[u8],
    name: &str,
    opts: &ImportOptions,
    workspace_for: &dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
) -> Imported {
    import_parsed(bytes, None, name, opts, workspace_for)
}

/// [`import_with`] of a log whose bytes the caller already parsed: `parsed` must be the JSON
/// value of `bytes` (a reader that parsed the file to see whether it is a dataset hands it on,
/// so a log is parsed once). The result is the same as without it.
pub fn import_parsed<'p>(
    bytes: &[u8],
    parsed: Option<serde_json::Value>,
    name: &str,
    opts: &ImportOptions,
    workspace_for: &dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
) -> Imported {
    import_doc(bytes, parsed.map(Doc::Value), name, opts, workspace_for)
}

/// [`import_parsed`] of a log parsed as a [`Doc`] (its value, or its typed parse): `parsed`
/// must be the parse of `bytes`. The result is the same as without it.
pub fn import_doc<'p>(
    bytes: &[u8],
    parsed: Option<Doc>,
    name: &str,
    opts: &ImportOptions,
    workspace_for: &dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
) -> Imported {
    // Parquet rows are read as the JSON lines of their rows (a dataset of chat rows, say).
    // An Inspect `.eval` archive is read as the `.json` log it holds.
    if crate::inspect::is_zip(bytes) {
        let text = match crate::inspect::eval_to_json(bytes) {
            Ok(t) => t,
            Err(e) => return failed(name, e),
        };
        return import_with(text.as_bytes(), name, opts, workspace_for);
    }
    let (text, parquet_error) = if readcov_parquet::is_parquet(bytes) {
        let rows = readcov_parquet::parquet_to_jsonl(bytes);
        let text = crate::utf8_lossy(&rows.jsonl).into_owned();
        (std::borrow::Cow::Owned(text), rows.error)
    } else {
        (crate::utf8_lossy(bytes), None)
    };
    if let (Some(e), true) = (&parquet_error, text.is_empty()) {
        return failed(name, format!("Parquet: {e}"));
    }
    // The text's JSON value: the caller's, else the one detection parses (handed to the
    // importer either way, which then does not parse the text again).
    let (detected, parsed) = match (opts.format, parsed) {
        (Some(f), p) => (Some(f), p),
        (None, Some(d)) => (d.format(), Some(d)),
        (None, None) => Format::detect_parsed(&text),
    };
    let Some(format) = detected else {
        // A file readcov reads elsewhere is named by the input layer (`readcov_files::input::
        // not_a_log`), which knows every kind; the importer knows only logs.
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.label()).collect();
        return failed(
            name,
            format!(
                "not a recognised trajectory (truncated JSON, or none of: {})",
                names.join(", ")
            ),
        );
    };
    let mut runs = Runs::new(name, opts, workspace_for);
    if let Some(e) = parquet_error {
        runs.bad_records(1, &format!("Parquet: {e}"));
    }
    match format.build(&text, parsed, &mut runs) {
        Ok(()) => Imported {
            format: Some(format),
            ..runs.out
        },
        Err(message) => Imported {
            format: Some(format),
            ..failed(name, message)
        },
    }
}

/// A log that could not be read at all: one malformed record, one error.
fn failed(name: &str, message: String) -> Imported {
    Imported {
        rows: Vec::new(),
        summary: Summary {
            runs: 1,
            malformed_records: 1,
            ..Summary::default()
        },
        errors: vec![ImportError {
            file: name.to_string(),
            message,
        }],
        ..Imported::default()
    }
}

/// One row of a per-row file ([`Format::per_row`]: a dataset with a run per row), for readers
/// that stream a file a row at a time: `index` is the 0-based row and `line` the 1-based line
/// it starts on (both only name the row in messages and, for rows with no id, its run).
pub fn import_row<'p>(
    format: Format,
    row: &[u8],
    at: (usize, usize),
    name: &str,
    opts: &ImportOptions,
    workspace_for: &dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
) -> Imported {
    let text = crate::utf8_lossy(row);
    let mut runs = Runs::new(name, opts, workspace_for);
    match format.build_row(&text, at.0, at.1, &mut runs) {
        Ok(()) => Imported {
            format: Some(format),
            ..runs.out
        },
        Err(message) => Imported {
            format: Some(format),
            ..failed(name, message)
        },
    }
}
