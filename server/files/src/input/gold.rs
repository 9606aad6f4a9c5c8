//! Gold from any file that holds it, each kind converted by the library that owns it: gold JSONL
//! (`readcov-core`), a unified diff and SWE-bench rows (`readcov-import`'s `gold_from_diff` /
//! `gold_from_swebench`, as `readcov gold` builds them, with a note), ContextBench gold rows
//! (`readcov-core`'s `contextbench_gold_spans`) and, for the language server only, SWE-Explore
//! benchmark rows (`parse_bench` + `bench_gold`). A JSON array of rows reads like JSONL and a
//! Parquet file like the JSONL of its rows. With a workspace, every path stays inside it.

mod base_keys;

pub use base_keys::{names_a_base, rows_name_a_base};

use super::gold_change::{gold_changes, GoldChanges};
use super::rows::{as_jsonl, parquet_as_jsonl};
use super::{detect, InputKind, LoadError, Role};
use crate::{read_input, WorkspaceCheck};
use readcov_core::base::{parse_row_bases, RowBase};
use readcov_core::explore::{bench_gold, parse_bench};
use readcov_core::{parse_gold_checked, FileLengths, GoldSpan, InputError, Parsed};
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions, GoldFromDiff};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// How gold is read.
#[derive(Clone, Copy)]
pub struct GoldOptions<'a> {
    /// The workspace root: absolute paths are made relative to it, and a path that leaves it
    /// (lexically, or through a symlink) is a located error.
    pub workspace: Option<&'a str>,
    /// The task of a plain diff (default `default`); it also narrows SWE-Explore and
    /// ContextBench rows to that task (the language server's `task`).
    pub task: Option<&'a str>,
    /// Line counts for SWE-Explore regions that count from the end of a file.
    pub lengths: &'a dyn FileLengths,
    /// Also read each gold JSONL row's `base` (the language server maps files that changed).
    pub bases: bool,
}

impl Default for GoldOptions<'_> {
    fn default() -> Self {
        GoldOptions {
            workspace: None,
            task: None,
            lengths: &readcov_core::UnknownLengths,
            bases: false,
        }
    }
}

/// Gold loaded from one file.
#[derive(Debug)]
pub struct LoadedGold {
    pub kind: InputKind,
    pub parsed: Parsed<GoldSpan>,
    /// Each gold JSONL row's place and `base`, when asked for and present.
    pub bases: Vec<RowBase>,
    /// For stderr: what was converted on the fly.
    pub notes: Vec<String>,
}

/// Reads and loads a `--gold` file: gold JSONL as it is, a diff, SWE-bench or ContextBench rows
/// converted (with a note); any other kind refused, naming what it looks like.
pub fn load_gold(path: &Path, opts: &GoldOptions) -> Result<LoadedGold, LoadError> {
    let bytes = read_input(path)?;
    gold_of(&path.display().to_string(), bytes, opts)
}

/// [`load_gold`] for bytes already read (the Python module's input).
pub fn gold_of(name: &str, bytes: Vec<u8>, opts: &GoldOptions) -> Result<LoadedGold, LoadError> {
    let (bytes, parquet_errors) = parquet_as_jsonl(name, bytes);
    let kind = detect(name, &bytes);
    Role::Gold.check(name, kind)?;
    let mut out = gold_of_kind(name, kind, bytes, opts);
    out.parsed.errors.splice(0..0, parquet_errors);
    Ok(out)
}

/// [`gold_of`] for bytes already decoded (a Parquet file's rows as JSONL) and detected by a
/// caller that took `kind` (`locbench --gold`, whose role takes a subset of `--gold`'s kinds):
/// built as `--gold` builds it, without a second detection.
pub fn gold_of_kind(name: &str, kind: InputKind, bytes: Vec<u8>, opts: &GoldOptions) -> LoadedGold {
    build(kind, name, &rows_of(kind, bytes), opts)
}

/// [`load_gold`] with the gold change behind the gold (`readcov diagnose`'s edit and change
/// stages: [`super::gold_changes`]), the file read once.
pub fn load_gold_and_change(
    path: &Path,
    opts: &GoldOptions,
) -> Result<(LoadedGold, GoldChanges), LoadError> {
    let bytes = read_input(path)?;
    gold_and_change_of(&path.display().to_string(), bytes, opts)
}

/// [`load_gold_and_change`] for bytes already read. The change is told from the same rows the
/// gold is (a Parquet file's rows as JSONL).
pub fn gold_and_change_of(
    name: &str,
    bytes: Vec<u8>,
    opts: &GoldOptions,
) -> Result<(LoadedGold, GoldChanges), LoadError> {
    let (bytes, parquet_errors) = parquet_as_jsonl(name, bytes);
    let kind = detect(name, &bytes);
    Role::Gold.check(name, kind)?;
    let change = gold_changes(name, &bytes, opts.workspace);
    let bytes = rows_of(kind, bytes);
    let mut out = build(kind, name, &bytes, opts);
    out.parsed.errors.splice(0..0, parquet_errors);
    Ok((out, change))
}

/// The bytes a kind's parser reads: a JSON array of rows as its JSONL, the array let go as soon
/// as that exists (the two were held at once, beside a copy, while the spans were built); a diff
/// as it is.
fn rows_of(kind: InputKind, bytes: Vec<u8>) -> Vec<u8> {
    if kind == InputKind::Diff {
        return bytes;
    }
    let jsonl = match as_jsonl(&bytes) {
        Cow::Owned(jsonl) => Some(jsonl),
        Cow::Borrowed(_) => None,
    };
    jsonl.unwrap_or(bytes)
}

/// Gold from any gold kind, SWE-Explore rows included (the language server shows them): a file
/// of another kind gives no spans and its refusal as the one error.
pub fn gold_from_bytes(name: &str, bytes: Vec<u8>, opts: &GoldOptions) -> LoadedGold {
    gold_and_rows(name, bytes, opts).0
}

/// [`gold_from_bytes`], handing back the bytes the gold was read from (a Parquet file's rows, an
/// array's JSONL): the language server takes a diff's or SWE-bench rows' patches from them, and
/// so gives the loader the file instead of a copy of it.
pub fn gold_and_rows(name: &str, bytes: Vec<u8>, opts: &GoldOptions) -> (LoadedGold, Vec<u8>) {
    let (bytes, parquet_errors) = parquet_as_jsonl(name, bytes);
    let kind = detect(name, &bytes);
    let mut rows = bytes;
    let mut out = match (kind, Role::Gold.check(name, kind)) {
        (InputKind::Explore, _) | (_, Ok(_)) => {
            rows = rows_of(kind, rows);
            build(kind, name, &rows, opts)
        }
        (_, Err(refused)) => LoadedGold {
            kind,
            parsed: Parsed {
                errors: vec![InputError::new(name, 0, None, refusal_text(&refused, name))],
                ..Parsed::default()
            },
            bases: Vec::new(),
            notes: Vec::new(),
        },
    };
    out.parsed.errors.splice(0..0, parquet_errors);
    (out, rows)
}

/// The refusal without the file name its error starts with (`InputError` adds it back).
fn refusal_text(e: &LoadError, name: &str) -> String {
    let text = e.to_string();
    text.strip_prefix(&format!("{name}: "))
        .unwrap_or(&text)
        .to_string()
}

/// Builds gold from `bytes` of a kind the caller accepted, rows as JSONL ([`rows_of`]).
fn build(kind: InputKind, name: &str, bytes: &[u8], opts: &GoldOptions) -> LoadedGold {
    let root: Option<PathBuf> = opts
        .workspace
        .and_then(|w| Path::new(w).canonicalize().ok());
    let inside = WorkspaceCheck::new(root);
    let check = |p: &str| inside.check(p);
    let mut out = LoadedGold {
        kind,
        parsed: Parsed::default(),
        bases: Vec::new(),
        notes: Vec::new(),
    };
    let task = opts.task;
    let diff_task = task.unwrap_or(readcov_core::DEFAULT_ID);
    let converted = |g: GoldFromDiff, out: &mut LoadedGold, how: String| {
        out.notes = conversion_notes(name, kind, &g, &how, diff_task);
        out.parsed = Parsed {
            records: g.spans.len() + g.errors.len(),
            items: g.spans,
            errors: g.errors,
        };
    };
    match kind {
        InputKind::Diff => {
            let g = gold_from_diff(
                &String::from_utf8_lossy(bytes),
                diff_task,
                &DiffOptions::default(),
                name,
            );
            converted(g, &mut out, format!("readcov gold --from-diff {name}"));
        }
        InputKind::SweBench => {
            let g = gold_from_swebench(bytes, name, &DiffOptions::default());
            converted(g, &mut out, format!("readcov gold --from-swebench {name}"));
        }
        InputKind::Explore => {
            let bench = parse_bench(bytes, name);
            out.parsed.records = bench.records;
            out.parsed.errors = bench.errors;
            for row in (bench.items.iter()).filter(|r| task.is_none_or(|t| t == r.instance_id)) {
                let g = bench_gold(row, opts.lengths);
                out.parsed.items.extend(g.spans);
                out.parsed.errors.extend(g.skipped.iter().map(|(r, why)| {
                    let what = format!(
                        "instance `{}`: region {}:{}-{} skipped: {why}",
                        row.instance_id, r.path, r.start, r.end
                    );
                    InputError::new(name, 0, None, what)
                }));
            }
        }
        InputKind::ContextBench => {
            // Already gold, region by region: no conversion note (docs/contextbench.md).
            let mut g = readcov_core::contextbench::contextbench_gold_spans(bytes, name);
            g.items.retain(|s| task.is_none_or(|t| t == s.task));
            out.parsed = g;
        }
        // Gold JSONL, and what the gold parser words the errors of (`Role::Gold` took it).
        _ => {
            out.parsed = parse_gold_checked(bytes, name, opts.workspace, &check);
            if opts.bases {
                out.bases = row_bases(bytes, name, opts.workspace, &mut out.parsed.errors);
            }
            return out;
        }
    }
    // Built spans: patch paths are repository-relative; inside a workspace they stay in it too.
    let errors = &mut out.parsed.errors;
    out.parsed.items.retain(|g| match check(&g.path) {
        Ok(()) => true,
        Err(why) => {
            let what = format!("`{}` {why}", g.path);
            errors.push(InputError::new(name, 0, Some("path"), what));
            false
        }
    });
    out
}

/// The optional `base` of each row, read in a second light pass; a malformed one is said (the
/// span still counts, without a base).
fn row_bases(
    bytes: &[u8],
    name: &str,
    workspace: Option<&str>,
    errors: &mut Vec<InputError>,
) -> Vec<RowBase> {
    // No row can have a base (`base`, or a plain `sha256`) when no row has either key: the
    // pass, a map per gold row, is skipped (it was most of the language server's peak memory
    // loading large gold without bases).
    if !rows_name_a_base(bytes) {
        return Vec::new();
    }
    let bases = parse_row_bases(bytes, name, workspace);
    let about_base = |e: &&InputError| {
        (e.field.as_deref()).is_some_and(|f| f.starts_with("base") || f == "sha256")
    };
    errors.extend(bases.errors.iter().filter(about_base).map(|e| {
        let mut e = e.clone();
        e.message += " (the span counts without a base)";
        e
    }));
    (bases.items.into_iter())
        .filter(|r| r.base.is_some())
        .collect()
}

/// What stderr says about gold built on the fly: the conversion, then each new file.
fn conversion_notes(
    name: &str,
    kind: InputKind,
    g: &GoldFromDiff,
    how: &str,
    diff_task: &str,
) -> Vec<String> {
    let tasks: std::collections::BTreeSet<&str> = g.spans.iter().map(|s| s.task.as_str()).collect();
    // A plain diff names no task: its gold is the given task's (`default`), as `readcov gold`.
    let task = match kind {
        InputKind::Diff => format!(" for task `{diff_task}`"),
        _ => String::new(),
    };
    let mut notes = vec![format!(
        "note: {name}: {}, not gold JSONL: gold built on the fly ({} span(s) over {} task(s)), \
         as `{how}` writes it{task}",
        kind.label(),
        g.spans.len(),
        tasks.len()
    )];
    for (task, path) in &g.new_files {
        notes.push(format!(
            "  {task}: {path} is a new file (no base lines, unscored)"
        ));
    }
    // The harness writes the model's patch under this name: the run's change, not the fix.
    let file = std::path::Path::new(name).file_name();
    if kind == InputKind::Diff && file.is_some_and(|f| f == "patch.diff") {
        notes.push(format!(
            "  {name}: `patch.diff` is the name the SWE-bench harness gives the model's patch; \
             if this is one, it is a run's change, not gold: give the instance's gold patch"
        ));
    }
    notes
}
