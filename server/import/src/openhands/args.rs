//! A tool call's `arguments` (a JSON object in a string) read into the fields the editor and
//! the shell use, instead of a `serde_json::Map` of every value (built and dropped for each of a
//! log's calls). Acceptance is the `Map`'s: every value goes through `deserialize_any` as in a
//! `Value` (`doc::de`), a repeated key counts the last time, and only an object is arguments
//! (`typed_args_read_as_the_map`).

use crate::doc::de::{MaybeStr, Obj, Skip};
use serde::de::{Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;

/// What `editor_op`, `trim_to_range` and the shell read of a call's arguments: each string
/// field `a.get(k).and_then(Value::as_str)`, `insert_line` its `as_u64`, and `view_end` the
/// second item of `view_range` as `as_i64`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Args {
    pub command: Option<String>,
    pub path: Option<String>,
    pub file_text: Option<String>,
    pub old_str: Option<String>,
    pub new_str: Option<String>,
    pub insert_line: Option<u64>,
    pub view_end: Option<i64>,
}

impl Args {
    /// The fields of a `Map` (the importers that have one).
    pub(crate) fn of_map(a: &Map<String, Value>) -> Args {
        let s = |k: &str| a.get(k).and_then(Value::as_str).map(str::to_string);
        Args {
            command: s("command"),
            path: s("path"),
            file_text: s("file_text"),
            old_str: s("old_str"),
            new_str: s("new_str"),
            insert_line: a.get("insert_line").and_then(Value::as_u64),
            view_end: view_end(a.get("view_range")),
        }
    }

    /// The arguments string read as `serde_json::from_str::<Map<String, Value>>(raw).ok()`
    /// would be, then [`Args::of_map`]: `None` when that gives no object.
    pub(crate) fn parse(raw: &str) -> Option<Args> {
        // JSON text is an object when its first character past white space opens one; then
        // the text parses as a `Map` exactly when it parses here (the same checks).
        let first = raw
            .trim_start_matches([' ', '\n', '\t', '\r'])
            .as_bytes()
            .first();
        if first != Some(&b'{') {
            return None;
        }
        serde_json::from_str::<Obj<Args>>(raw).ok().map(|Obj(a)| a)
    }
}

/// `range.get(1).and_then(Value::as_i64)`.
pub(crate) fn view_end(range: Option<&Value>) -> Option<i64> {
    range.and_then(|r| r.get(1)).and_then(Value::as_i64)
}

fn owned(s: Option<Cow<'_, str>>) -> Option<String> {
    s.map(Cow::into_owned)
}

impl<'de> crate::doc::de::Fields<'de> for Args {
    const NAMES: &'static [&'static str] = &[
        "command",
        "path",
        "file_text",
        "old_str",
        "new_str",
        "insert_line",
        "view_range",
    ];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.command = owned(map.next_value::<MaybeStr>()?.0),
            1 => self.path = owned(map.next_value::<MaybeStr>()?.0),
            2 => self.file_text = owned(map.next_value::<MaybeStr>()?.0),
            3 => self.old_str = owned(map.next_value::<MaybeStr>()?.0),
            4 => self.new_str = owned(map.next_value::<MaybeStr>()?.0),
            5 => self.insert_line = map.next_value::<Num>()?.u64,
            _ => self.view_end = map.next_value::<Range>()?.0,
        }
        Ok(())
    }
}

/// A number as `Value::as_u64` and `as_i64` read it; `None` for any other value.
#[derive(Default)]
struct Num {
    u64: Option<u64>,
    i64: Option<i64>,
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        d.deserialize_any(NumVisitor)
    }
}

struct NumVisitor;

impl<'de> Visitor<'de> for NumVisitor {
    type Value = Num;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Num, E> {
        Ok(Num::default())
    }
    fn visit_u64<E: Error>(self, n: u64) -> Result<Num, E> {
        Ok(Num {
            u64: Some(n),
            i64: i64::try_from(n).ok(),
        })
    }
    fn visit_i64<E: Error>(self, n: i64) -> Result<Num, E> {
        // serde_json hands a non-negative integer to `visit_u64`: this one is negative.
        Ok(Num {
            u64: u64::try_from(n).ok(),
            i64: Some(n),
        })
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Num, E> {
        Ok(Num::default())
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<Num, E> {
        Ok(Num::default())
    }
    fn visit_unit<E: Error>(self) -> Result<Num, E> {
        Ok(Num::default())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Num, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Num::default())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Num, A::Error> {
        while map.next_key::<Skip>()?.is_some() {
            map.next_value::<Skip>()?;
        }
        Ok(Num::default())
    }
}

/// `view_range`: its second item as `as_i64` when it is an array; `None` otherwise.
#[derive(Default)]
struct Range(Option<i64>);

impl<'de> Deserialize<'de> for Range {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Range, D::Error> {
        d.deserialize_any(RangeVisitor)
    }
}

struct RangeVisitor;

impl<'de> Visitor<'de> for RangeVisitor {
    type Value = Range;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    crate::doc::de::scalars_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Range, A::Error> {
        let mut end = None;
        let mut i = 0usize;
        while let Some(n) = seq.next_element::<Num>()? {
            if i == 1 {
                end = n.i64;
            }
            i += 1;
        }
        Ok(Range(end))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Range, A::Error> {
        while map.next_key::<Skip>()?.is_some() {
            map.next_value::<Skip>()?;
        }
        Ok(Range(None))
    }
}

#[cfg(test)]
mod tests;
