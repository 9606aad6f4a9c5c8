//! The base file a gold or read row was made against: an optional `base` fingerprint
//! (`sha256` and `lines` of the whole file; on gold rows also the text of the span's `first`
//! and `last` line), and the mapping of base lines onto a file that has changed since — by a
//! line diff when the base text is at hand (`map.rs`), else by the span's recorded line texts.
//! Pure: texts come in as bytes; the caller reads them.

mod map;

pub use map::{anchor_span, diff_lines, Runs};

use crate::formats::{parse_jsonl, Fields, InputError, Parsed};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What a row says about the file its lines count in. `sha256` is lowercase hex.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Base {
    pub sha256: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<u32>,
    /// The span's first line in the base file, without its line break (gold rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The span's last line in the base file, without its line break (gold rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
}

impl Base {
    /// The fingerprint of a whole file: its sha256 and line count.
    pub fn of_file(text: &[u8]) -> Base {
        Base {
            sha256: sha256_hex(text),
            lines: Some(count_lines(text)),
            first: None,
            last: None,
        }
    }

    /// The fingerprint of a file plus the text of lines `start` and `end` (1-based; a line
    /// past the end has no text). For many spans of one file use [`FileBase`]: this hashes and
    /// splits the whole file each time.
    pub fn of_span(text: &[u8], start: u32, end: u32) -> Base {
        FileBase::new(text).span(start, end)
    }

    /// Whether `sha` (any case) is this base's hash.
    pub fn is(&self, sha: &str) -> bool {
        self.sha256.eq_ignore_ascii_case(sha)
    }
}

/// One file's fingerprint and lines, made once, for the `base` of each of its spans. A span's
/// base from scratch costs the whole file (its sha256, its lines), so a gold diff of 20,000
/// hunks on one 4.5 MB file hashed 90 GB (208 s in `readcov gold`, the language server's gold
/// load as long); with this each span costs two line lookups.
pub struct FileBase<'a> {
    file: Base,
    lines: Vec<&'a [u8]>,
}

impl<'a> FileBase<'a> {
    pub fn new(text: &'a [u8]) -> Self {
        FileBase {
            file: Base::of_file(text),
            lines: split_lines(text),
        }
    }

    /// [`Base::of_span`] of this file.
    pub fn span(&self, start: u32, end: u32) -> Base {
        let at = |n: u32| {
            (self.lines.get((n as usize).wrapping_sub(1)))
                .map(|l| String::from_utf8_lossy(l).into_owned())
        };
        Base {
            first: at(start),
            last: at(end),
            ..self.file.clone()
        }
    }
}

/// Lowercase hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Lines as readcov counts them: a last line without a break counts, an empty file has 0.
pub fn count_lines(bytes: &[u8]) -> u32 {
    let breaks = memchr::memchr_iter(b'\n', bytes).count();
    let last = usize::from(bytes.last().is_some_and(|&b| b != b'\n'));
    u32::try_from(breaks + last).unwrap_or(u32::MAX)
}

/// The lines of a text without their breaks (`\n`, `\r\n`).
pub fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        out.pop();
    }
    for l in &mut out {
        if let Some(s) = l.strip_suffix(b"\r") {
            *l = s;
        }
    }
    out
}

/// A row's optional `base` object (or the older bare `sha256` string), checked: `sha256` is
/// 64 hex digits, `lines` a count, `first`/`last` strings.
pub fn parse_base(f: &Fields) -> Result<Option<Base>, InputError> {
    let hex = |field: &str, s: &str| {
        if s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(s.to_ascii_lowercase())
        } else {
            Err(f.err(field, "expected 64 hex digits (a sha256)"))
        }
    };
    match f.obj.get("base") {
        None | Some(Value::Null) => {}
        Some(Value::Object(o)) => {
            let inner = Fields {
                obj: o,
                file: f.file,
                line: f.line,
            };
            let named = |e: InputError| InputError {
                field: e.field.map(|k| format!("base.{k}")),
                ..e
            };
            let sha = hex("base.sha256", inner.string("sha256").map_err(named)?)?;
            return Ok(Some(Base {
                sha256: sha,
                lines: inner.opt_count("lines").map_err(named)?,
                first: inner
                    .opt_string("first")
                    .map_err(named)?
                    .map(str::to_string),
                last: inner.opt_string("last").map_err(named)?.map(str::to_string),
            }));
        }
        Some(_) => return Err(f.err("base", "expected an object")),
    }
    Ok(match f.opt_string("sha256")? {
        Some(s) => Some(Base {
            sha256: hex("sha256", s)?,
            ..Base::default()
        }),
        None => None,
    })
}

/// One row's place and base, from a side pass over gold or reads JSONL (the span parsers
/// ignore `base`, so old and new files score alike).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowBase {
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub base: Option<Base>,
}

/// The `base` of every row of gold or reads JSONL, with located errors for a malformed one.
pub fn parse_row_bases(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<RowBase> {
    parse_jsonl(bytes, file, |f| {
        let (start, end) = f.lines()?;
        Ok(RowBase {
            path: f.path(workspace)?,
            start,
            end,
            base: parse_base(f)?,
        })
    })
}

#[cfg(test)]
mod tests;
