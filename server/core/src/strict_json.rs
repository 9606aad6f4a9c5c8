//! One JSONL record, parsed strictly: a duplicate top-level key is reported instead of silently
//! keeping the last value (serde_json) or the first (other tools) — a record that means different
//! things to different readers is an input error, located at the key.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A parsed line: an object (with its first duplicated key, if any) or what else it was.
pub enum Record {
    Object {
        map: Map<String, Value>,
        duplicate: Option<String>,
    },
    /// Not an object: "null", "a boolean", "a number", "a string", "an array".
    Other(&'static str),
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        d.deserialize_any(RecordVisitor)
    }
}

struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = Record;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Record, E> {
        Ok(Record::Other("a boolean"))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }
    fn visit_str<E>(self, _: &str) -> Result<Record, E> {
        Ok(Record::Other("a string"))
    }
    fn visit_unit<E>(self) -> Result<Record, E> {
        Ok(Record::Other("null"))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Record, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Record::Other("an array"))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Record, A::Error> {
        let mut map = Map::new();
        let mut duplicate = None;
        while let Some(key) = access.next_key::<String>()? {
            let value: Value = access.next_value()?;
            if map.contains_key(&key) {
                duplicate.get_or_insert_with(|| key.clone());
            }
            map.insert(key, value);
        }
        Ok(Record::Object { map, duplicate })
    }
}

#[cfg(test)]
mod tests;
