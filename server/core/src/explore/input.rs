//! Parsers for SWE-Explore benchmark rows, explorer outputs and `--file-lengths` JSON.
//!
//! Lenient where the real data is quirky (optional regions with start > end, `meta` counts that
//! disagree with the lists, extra fields: all read, none rejected) and strict where a value is
//! unusable: a bad region is reported with its file, line and field path, and the rest of the row
//! is kept.

use super::fields::{by_model, id, kind, path, paths, regions, Loc, Root};
pub use super::region::Region;
use super::text::parse_region_line;
use crate::formats::{jsonl_lines, parse_object, InputError, Parsed};
use crate::path::normalize_path;
use serde_json::Value;
use std::collections::BTreeMap;

/// One benchmark instance's ground truth (the fields the metrics use).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BenchRow {
    pub instance_id: String,
    pub core_files: Vec<String>,
    pub core_regions: Vec<Region>,
    /// Model → optional files.
    pub optional_files: BTreeMap<String, Vec<String>>,
    /// Model → optional regions.
    pub optional_regions: BTreeMap<String, Vec<Region>>,
    pub modified_core_files: Vec<String>,
    pub main_files: Vec<String>,
}

/// One explorer's ranked regions for one instance.
#[derive(Clone, Debug, PartialEq)]
pub struct PredRow {
    pub instance_id: String,
    pub explorer: String,
    pub regions: Vec<Region>,
    /// Where the row came from (file name, 1-based line), for messages about duplicates.
    pub file: String,
    pub line: usize,
}

/// Per instance, per path: number of lines.
pub type InstanceLengths = BTreeMap<String, BTreeMap<String, u32>>;

/// Parses benchmark rows. A row without `instance_id` or `ground_truth` is an error and skipped;
/// a bad field inside `ground_truth` is an error and the rest of the row is still used.
/// Duplicate instance ids are reported and the first row wins.
pub fn parse_bench(bytes: &[u8], file: &str) -> Parsed<BenchRow> {
    let mut out = Parsed::default();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (line, text) in jsonl_lines(bytes, file) {
        out.records += 1;
        let loc = Loc {
            file,
            line,
            root: None,
        };
        let obj = match text.and_then(|t| parse_object(t, file, line)) {
            Ok(o) => o,
            Err(e) => {
                out.errors.push(e);
                continue;
            }
        };
        let instance_id = match id(&obj, "instance_id", &loc) {
            Ok(i) => i,
            Err(e) => {
                out.errors.push(e);
                continue;
            }
        };
        let gt = match obj.get("ground_truth") {
            Some(Value::Object(gt)) => gt,
            None | Some(Value::Null) => {
                out.errors.push(loc.err("ground_truth", "missing"));
                continue;
            }
            Some(v) => {
                out.errors.push(loc.err(
                    "ground_truth",
                    format!("expected an object, found {}", kind(v)),
                ));
                continue;
            }
        };
        if let Some(first) = seen.get(&instance_id) {
            let msg =
                format!("duplicate instance `{instance_id}` (first on line {first}); row ignored");
            out.errors.push(loc.err("instance_id", msg));
            continue;
        }
        seen.insert(instance_id.clone(), line);
        let e = &mut out.errors;
        let g = |k: &str| gt.get(k);
        let f = |k: &str| format!("ground_truth.{k}");
        out.items.push(BenchRow {
            instance_id,
            core_files: paths(g("read_core_files"), &f("read_core_files"), &loc, e),
            core_regions: regions(g("read_core_regions"), &f("read_core_regions"), &loc, e),
            optional_files: by_model(
                g("read_optional_files_map"),
                &f("read_optional_files_map"),
                &loc,
                e,
                paths,
            ),
            optional_regions: by_model(
                g("read_optional_regions_map"),
                &f("read_optional_regions_map"),
                &loc,
                e,
                regions,
            ),
            modified_core_files: paths(
                g("modified_core_files"),
                &f("modified_core_files"),
                &loc,
                e,
            ),
            main_files: paths(g("main_files"), &f("main_files"), &loc, e),
        });
    }
    out
}

/// Parses explorer outputs: `{instance_id, explorer, regions: [...]}` per line. `regions` holds
/// objects or `path:10-20` strings; without `regions`, a `text` (or `output`) string is read in the
/// CLI-agent text form, one region per line. `explorer` defaults to `default_explorer`.
/// With `root` (say `/testbed`), absolute paths under it are made relative to it, and absolute
/// paths outside it are errors; without it they stay absolute.
pub fn parse_preds(
    bytes: &[u8],
    file: &str,
    default_explorer: &str,
    root: Option<&str>,
) -> Parsed<PredRow> {
    parse_preds_rooted(bytes, file, default_explorer, root).0
}

/// [`parse_preds`], and how many region paths `root` acted on: the absolute ones (those a read
/// without it keeps as `/…`) it made relative or reported as outside it, in the rows returned.
/// 0 (always so without a root, or with a blank one) says the root changed nothing.
pub fn parse_preds_rooted(
    bytes: &[u8],
    file: &str,
    default_explorer: &str,
    root: Option<&str>,
) -> (Parsed<PredRow>, usize) {
    let root = Root::new(root);
    let mut out = Parsed::default();
    for (line, text) in jsonl_lines(bytes, file) {
        out.records += 1;
        let loc = Loc {
            file,
            line,
            root: root.as_ref(),
        };
        let obj = match text.and_then(|t| parse_object(t, file, line)) {
            Ok(o) => o,
            Err(e) => {
                out.errors.push(e);
                continue;
            }
        };
        let head = id(&obj, "instance_id", &loc).and_then(|i| {
            let explorer = match obj.get("explorer") {
                None | Some(Value::Null) => Ok(default_explorer.to_string()),
                Some(_) => id(&obj, "explorer", &loc),
            }?;
            Ok((i, explorer))
        });
        let (instance_id, explorer) = match head {
            Ok(h) => h,
            Err(e) => {
                out.errors.push(e);
                continue;
            }
        };
        let regions = match (
            obj.get("regions"),
            obj.get("text").or_else(|| obj.get("output")),
        ) {
            (Some(r), _) if !r.is_null() => regions(Some(r), "regions", &loc, &mut out.errors),
            (_, Some(Value::String(t))) => regions_of_text(t, &loc, &mut out.errors),
            (_, Some(v)) if !v.is_null() => {
                out.errors
                    .push(loc.err("text", format!("expected a string, found {}", kind(v))));
                continue;
            }
            _ => {
                out.errors
                    .push(loc.err("regions", "missing (and no `text`): row ignored"));
                continue;
            }
        };
        out.items.push(PredRow {
            instance_id,
            explorer,
            regions,
            file: file.to_string(),
            line,
        });
    }
    (out, root.map_or(0, |r| r.acted.get()))
}

/// Regions from CLI-agent text, one per line; blank lines and `#` comments are skipped. Errors
/// name `file`, `line` (0 for a whole text file) and the text line.
pub fn text_regions(
    text: &str,
    file: &str,
    line: usize,
    root: Option<&str>,
    errors: &mut Vec<InputError>,
) -> Vec<Region> {
    text_regions_rooted(text, file, line, root, errors).0
}

/// [`text_regions`], and how many paths `root` acted on (as [`parse_preds_rooted`] counts them).
pub fn text_regions_rooted(
    text: &str,
    file: &str,
    line: usize,
    root: Option<&str>,
    errors: &mut Vec<InputError>,
) -> (Vec<Region>, usize) {
    let root = Root::new(root);
    let loc = Loc {
        file,
        line,
        root: root.as_ref(),
    };
    let regions = regions_of_text(text, &loc, errors);
    (regions, root.map_or(0, |r| r.acted.get()))
}

fn regions_of_text(text: &str, loc: &Loc, errors: &mut Vec<InputError>) -> Vec<Region> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let field = format!("text line {}", i + 1);
        match parse_region_line(l) {
            None => {}
            Some(Err(msg)) => errors.push(loc.err(&field, msg)),
            Some(Ok(r)) => {
                let p = path(&r.path, &field, loc);
                loc.rooted(&r.path);
                match p {
                    Ok(p) => out.push(Region { path: p, ..r }),
                    Err(e) => errors.push(e),
                }
            }
        }
    }
    out
}

/// Parses `{instance_id: {path: n_lines}}`. Bad entries are errors; the rest is kept.
pub fn parse_lengths(bytes: &[u8], file: &str) -> (InstanceLengths, Vec<InputError>) {
    let mut out = InstanceLengths::new();
    let mut errors = Vec::new();
    let doc = match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(m)) => m,
        Ok(v) => {
            return (
                out,
                vec![InputError::new(
                    file,
                    0,
                    None,
                    format!("expected an object, found {}", kind(&v)),
                )],
            )
        }
        Err(e) => {
            return (
                out,
                vec![InputError::new(
                    file,
                    e.line(),
                    None,
                    format!("invalid JSON: {e}"),
                )],
            )
        }
    };
    for (inst, files) in &doc {
        let Value::Object(files) = files else {
            errors.push(InputError::new(
                file,
                0,
                Some(inst),
                format!("expected an object, found {}", kind(files)),
            ));
            continue;
        };
        let entry = out.entry(inst.clone()).or_default();
        for (p, n) in files {
            let field = format!("{inst}.{p}");
            let n = n.as_u64().and_then(|n| u32::try_from(n).ok());
            match (normalize_path(p, None), n) {
                (Ok(p), Some(n)) => {
                    entry.insert(p, n);
                }
                (Err(e), _) => errors.push(InputError::new(file, 0, Some(&field), e.to_string())),
                (_, None) => errors.push(InputError::new(
                    file,
                    0,
                    Some(&field),
                    "expected a line count (0..=4294967295)",
                )),
            }
        }
    }
    (out, errors)
}
