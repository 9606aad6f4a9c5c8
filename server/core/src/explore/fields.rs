//! JSON value helpers for the SWE-Explore parsers: ids, paths, line bounds, regions and lists,
//! each turning a bad value into an [`InputError`] that names file, line and dotted field path.

use super::region::Region;
use super::text::parse_region_line;
use crate::formats::InputError;
use crate::path::normalize_path;
use serde_json::{Map, Value};
use std::cell::Cell;
use std::collections::BTreeMap;

/// Where a value sits, for error messages: file, line, dotted field path.
pub(super) struct Loc<'a> {
    pub file: &'a str,
    pub line: usize,
    /// Absolute paths under this root are made relative to it (see [`path`]).
    pub root: Option<&'a Root<'a>>,
}

/// A prediction root (`--pred-root`, never blank: a blank one names no folder) and the region
/// paths it acted on in one parse, so a caller learns whether it changed anything without
/// reading the file again.
pub(super) struct Root<'a> {
    pub dir: &'a str,
    pub acted: Cell<usize>,
}

impl<'a> Root<'a> {
    /// `dir` as a root: None when it is absent or blank (paths are read as without one).
    pub fn new(dir: Option<&'a str>) -> Option<Self> {
        dir.filter(|d| !d.trim().is_empty()).map(|dir| Root {
            dir,
            acted: Cell::new(0),
        })
    }
}

impl Loc<'_> {
    pub fn err(&self, field: &str, msg: impl Into<String>) -> InputError {
        InputError::new(self.file, self.line, Some(field), msg)
    }

    /// Counts `raw`, the path of a region that was read whole, as acted on by the root when a
    /// read without the root keeps it absolute (`/…`): the root made it relative or reported it
    /// as outside. Called once the region's other fields parsed, so the count is that of the
    /// absolute paths a rootless read returns.
    pub fn rooted(&self, raw: &str) {
        if let Some(r) = self.root {
            if normalize_path(raw, None).is_ok_and(|p| p.starts_with('/')) {
                r.acted.set(r.acted.get() + 1);
            }
        }
    }
}

pub(super) use crate::formats::kind_of as kind;

/// An instance id: a non-empty string, or an integer.
pub(super) fn id(obj: &Map<String, Value>, field: &str, loc: &Loc) -> Result<String, InputError> {
    match obj.get(field) {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.clone()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        None | Some(Value::Null) => Err(loc.err(field, "missing")),
        Some(v) => Err(loc.err(
            field,
            format!("expected a non-empty string, found {}", kind(v)),
        )),
    }
}

pub(super) fn path(raw: &str, field: &str, loc: &Loc) -> Result<String, InputError> {
    normalize_path(raw, loc.root.map(|r| r.dir)).map_err(|e| loc.err(field, e.to_string()))
}

/// A line bound: an integer (negative allowed); absent or null gives `default`.
pub(super) fn bound(
    obj: &Map<String, Value>,
    key: &str,
    default: i64,
    field: &str,
    loc: &Loc,
) -> Result<i64, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Number(n)) => n.as_i64().ok_or_else(|| {
            loc.err(
                &format!("{field}.{key}"),
                format!("expected an integer, got {n}"),
            )
        }),
        Some(v) => Err(loc.err(
            &format!("{field}.{key}"),
            format!("expected an integer, found {}", kind(v)),
        )),
    }
}

/// One region: `{path, start, end}` (missing start = 1, missing end = -1: the whole file) or the
/// text form `path:10-20` / `path`.
pub(super) fn region(v: &Value, field: &str, loc: &Loc) -> Result<Region, InputError> {
    match v {
        Value::Object(o) => {
            let raw = match o.get("path") {
                Some(Value::String(s)) => s,
                None | Some(Value::Null) => {
                    return Err(loc.err(&format!("{field}.path"), "missing"))
                }
                Some(v) => {
                    return Err(loc.err(
                        &format!("{field}.path"),
                        format!("expected a string, found {}", kind(v)),
                    ))
                }
            };
            let p = path(raw, &format!("{field}.path"), loc);
            // The bounds are read even when the root refused the path, to count it (a region
            // whose bounds fail is no region, rooted or not); the path's error still comes first.
            let bounds = bound(o, "start", 1, field, loc)
                .and_then(|start| Ok((start, bound(o, "end", -1, field, loc)?)));
            if bounds.is_ok() {
                loc.rooted(raw);
            }
            let p = p?;
            let (start, end) = bounds?;
            Ok(Region {
                path: p,
                start,
                end,
            })
        }
        Value::String(s) => match parse_region_line(s) {
            Some(Ok(r)) => {
                let p = path(&r.path, field, loc);
                loc.rooted(&r.path);
                Ok(Region { path: p?, ..r })
            }
            Some(Err(msg)) => Err(loc.err(field, msg)),
            None => Err(loc.err(field, "empty region")),
        },
        other => Err(loc.err(
            field,
            format!(
                "expected a region object or `path:start-end`, found {}",
                kind(other)
            ),
        )),
    }
}

/// A list of regions; each bad element is an error, the good ones are kept in order.
pub(super) fn regions(
    v: Option<&Value>,
    field: &str,
    loc: &Loc,
    errors: &mut Vec<InputError>,
) -> Vec<Region> {
    match v {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                region(r, &format!("{field}[{i}]"), loc)
                    .map_err(|e| errors.push(e))
                    .ok()
            })
            .collect(),
        Some(other) => {
            errors.push(loc.err(
                field,
                format!("expected a list of regions, found {}", kind(other)),
            ));
            Vec::new()
        }
    }
}

/// A list of paths; bad elements are errors.
pub(super) fn paths(
    v: Option<&Value>,
    field: &str,
    loc: &Loc,
    errors: &mut Vec<InputError>,
) -> Vec<String> {
    match v {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let f = format!("{field}[{i}]");
                let r = match p {
                    Value::String(s) => path(s, &f, loc),
                    other => {
                        Err(loc.err(&f, format!("expected a path string, found {}", kind(other))))
                    }
                };
                r.map_err(|e| errors.push(e)).ok()
            })
            .collect(),
        Some(other) => {
            errors.push(loc.err(
                field,
                format!("expected a list of paths, found {}", kind(other)),
            ));
            Vec::new()
        }
    }
}

/// A `model → list` map, each list parsed by `each`.
pub(super) fn by_model<T>(
    v: Option<&Value>,
    field: &str,
    loc: &Loc,
    errors: &mut Vec<InputError>,
    each: impl Fn(Option<&Value>, &str, &Loc, &mut Vec<InputError>) -> Vec<T>,
) -> BTreeMap<String, Vec<T>> {
    match v {
        None | Some(Value::Null) => BTreeMap::new(),
        Some(Value::Object(m)) => m
            .iter()
            .map(|(model, list)| {
                (
                    model.clone(),
                    each(Some(list), &format!("{field}.{model}"), loc, errors),
                )
            })
            .collect(),
        Some(other) => {
            errors.push(loc.err(
                field,
                format!("expected an object keyed by model, found {}", kind(other)),
            ));
            BTreeMap::new()
        }
    }
}
