//! A typed fast path for reads JSONL: most lines are valid, and deserialising straight into a
//! borrowed struct is several times faster than building a `serde_json::Value` first.
//!
//! It only ever *accepts*: a line it cannot take whole (any type mismatch, range error, odd
//! path) returns `None`, and the caller re-parses that line on the slow path, which produces the
//! located error. So both paths accept exactly the same lines.

use crate::path::normalize_path;
use crate::span::{EventKind, ReadSpan, Source, DEFAULT_ID};
use serde::de::{Deserializer, Visitor};
use serde::Deserialize;
use std::borrow::Cow;

/// One reads line as written, strings borrowed from the line where JSON allows (no escapes).
/// Unknown keys send the line to the slow path: serde skips their values without judging them,
/// where the slow path's `Value` refuses some (a number beyond f64, found by the `reads` fuzz
/// target), so the two paths would not accept the same lines. Logs readcov writes have none.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRead<'a> {
    #[serde(borrow)]
    pub path: Cow<'a, str>,
    pub start: u32,
    pub end: u32,
    #[serde(default, borrow)]
    pub task: Option<Id<'a>>,
    #[serde(default, borrow)]
    pub run: Option<Id<'a>>,
    #[serde(default)]
    pub turn: Option<u32>,
    #[serde(default)]
    pub step: Option<u32>,
    #[serde(default, borrow)]
    pub tool: Option<Cow<'a, str>>,
    #[serde(default)]
    pub source: Option<Source>,
    #[serde(default, borrow)]
    pub command: Option<Cow<'a, str>>,
    #[serde(default)]
    pub kind: Option<EventKind>,
}

impl RawRead<'_> {
    /// Lines start at 1 and a range does not run backwards (the slow path words the error).
    pub(crate) fn valid_range(&self) -> bool {
        self.start >= 1 && self.end >= self.start
    }

    /// No path, lines 0, nothing else (the scanner fills it in).
    pub(crate) fn empty() -> Self {
        RawRead {
            path: Cow::Borrowed(""),
            start: 0,
            end: 0,
            task: None,
            run: None,
            turn: None,
            step: None,
            tool: None,
            source: None,
            command: None,
            kind: None,
        }
    }
}

/// A task or run id: a non-empty string or an integer, as on the slow path.
#[derive(Debug, PartialEq)]
pub(crate) struct Id<'a>(pub Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Id<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Id<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a non-empty string or an integer")
            }
            fn visit_borrowed_str<E: serde::de::Error>(self, s: &'de str) -> Result<Id<'de>, E> {
                if s.is_empty() {
                    Err(E::custom("empty id"))
                } else {
                    Ok(Id(Cow::Borrowed(s)))
                }
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Id<'de>, E> {
                if s.is_empty() {
                    Err(E::custom("empty id"))
                } else {
                    Ok(Id(Cow::Owned(s.to_string())))
                }
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Id<'de>, E> {
                Ok(Id(Cow::Owned(n.to_string())))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Id<'de>, E> {
                Ok(Id(Cow::Owned(n.to_string())))
            }
        }
        d.deserialize_any(V)
    }
}

/// The line as written, when it has the shape of a read with a valid line range; `None` sends it
/// to the slow path. The path is not normalised yet (callers do it, and may cache it).
pub(crate) fn fast_raw(text: &str) -> Option<RawRead<'_>> {
    let raw = crate::scan::scan_read(text).or_else(|| serde_raw(text))?;
    raw.valid_range().then_some(raw)
}

/// A line the hand scanner declined, through serde's typed visitor. Objects only: the derived
/// visitor also takes a struct as an array of its fields (`["a.py",1,2]`), which the slow path
/// refuses (found by the `reads` fuzz target).
pub(crate) fn serde_raw(text: &str) -> Option<RawRead<'_>> {
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).ok()
    } else {
        None
    }
}

/// The read on this line, or `None` when the slow path must look at it.
pub(crate) fn fast_read(text: &str, workspace: Option<&str>) -> Option<ReadSpan> {
    let raw = fast_raw(text)?;
    let id = |v: Option<Id>| v.map_or_else(|| DEFAULT_ID.to_string(), |i| i.0.into_owned());
    Some(ReadSpan {
        task: id(raw.task),
        run: id(raw.run),
        path: normalize_path(&raw.path, workspace).ok()?,
        start: raw.start,
        end: raw.end,
        turn: raw.turn,
        step: raw.step,
        tool: raw.tool.map(Cow::into_owned),
        source: raw.source.unwrap_or_default(),
        command: raw.command.map(Cow::into_owned),
        kind: raw.kind.unwrap_or_default(),
        // `rank` and `score` are unknown keys here: such lines go to the slow path.
        rank: None,
        score: None,
    })
}
