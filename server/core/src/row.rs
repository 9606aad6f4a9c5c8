//! One reads line as written (`RawRead`) and its ids (`Id`): what the hand scanner (`scan`), the
//! typed serde path (`fastread`) and the lean table's cells (`lean`) all fill in, kept here so
//! none of them has to import another for the row type.

use crate::span::{EventKind, Source, DEFAULT_ID};
use serde::de::{Deserializer, Visitor};
use serde::Deserialize;
use std::borrow::Cow;

/// One reads line as written, strings borrowed from the line where JSON allows (no escapes).
/// Unknown keys send the line to the slow path: serde skips their values without judging them,
/// where the slow path's `Value` refuses some (a number beyond f64, found by the `reads` fuzz
/// target), so the two paths would not accept the same lines. Logs readcov writes have none
/// but `base`, which is parsed as the slow path parses it ([`any_json`]) and not kept.
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
    /// The row's `base` (`readcov import --workspaces`): the span parsers do not keep it (a side
    /// pass reads it), but a line that has one must not fail here for an unknown field — that
    /// formatted an error string per line and sent the line to the slow path (profiled: 7% of
    /// `score` on the real data with bases).
    #[serde(default, deserialize_with = "any_json")]
    pub base: (),
}

/// Any JSON value, judged as the slow path's `Value` judges it (a number beyond f64 refused),
/// then dropped.
fn any_json<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    serde_json::Value::deserialize(d).map(drop)
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
            base: (),
        }
    }
}

/// A task or run id: a non-empty string or an integer, as on the slow path.
#[derive(Debug, PartialEq)]
pub(crate) struct Id<'a>(pub Cow<'a, str>);

impl Id<'_> {
    /// The id a read row keeps: the one given, owned, or [`DEFAULT_ID`] for none.
    pub(crate) fn owned_or_default(id: Option<Id<'_>>) -> String {
        id.map_or_else(|| DEFAULT_ID.to_string(), |i| i.0.into_owned())
    }
}

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
