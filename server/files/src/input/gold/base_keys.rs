//! Whether any row of gold or reads JSONL can have a `base` (issue 35, item 7): the side pass
//! that reads the rows' bases (`readcov_core::base::parse_row_bases`) builds every row as a
//! `serde_json` map, most of the language server's peak memory loading large gold, and finds
//! nothing in a file none of whose rows has a top-level `base` or `sha256` key. This scan tells
//! that from the rows typed: each line's keys are read (unescaped, so `"\u0062ase"` is `base`)
//! and its values skipped unbuilt (`IgnoredAny`), so a `"base"` inside a string value or a
//! nested object, or any `\u` escape, no longer sends a file through the pass.
//!
//! Exact in the direction that matters: a line the pass could take a base or a `base` error
//! from is a JSON object with such a key, which this scan reads on the same lines
//! (`jsonl_lines`) with the same parser — and more leniently (values are only checked, not
//! converted: `1e400` passes here and not there). So skipping the pass when this says no changes
//! nothing; a yes (a `"base": null`, say) only costs the pass.
//!
//! A file whose bytes hold neither `"base"`, `"sha256"` nor a `\u` escape cannot have such a key
//! (a key spells `base` either plainly or with a `\u` escape), so it is not scanned at all: the
//! usual large gold costs a byte search, as before.

use readcov_core::formats::jsonl_lines;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// Whether some line of `bytes` is a JSON object with a top-level `base` or `sha256` key.
pub fn rows_name_a_base(bytes: &[u8]) -> bool {
    let holds = |what: &[u8]| memchr::memmem::find(bytes, what).is_some();
    if !holds(b"\"base\"") && !holds(b"\"sha256\"") && !holds(b"\\u") {
        return false;
    }
    jsonl_lines(bytes, "").any(|(_, line)| line.is_ok_and(names_a_base))
}

/// Whether one line is a JSON object (and nothing after it) with a `base` or `sha256` key.
pub fn names_a_base(line: &str) -> bool {
    let mut de = serde_json::Deserializer::from_str(line);
    matches!(de.deserialize_map(Keys), Ok(true)) && de.end().is_ok()
}

/// An object's keys, looked at; its values skipped.
struct Keys;

impl<'de> Visitor<'de> for Keys {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let mut found = false;
        // Every entry is read: the object must be well-formed to the end, as for the pass.
        while let Some(Key(is_base)) = map.next_key()? {
            found |= is_base;
            map.next_value::<IgnoredAny>()?;
        }
        Ok(found)
    }
}

/// A key, as whether it is `base` or `sha256` (borrowed from the line unless it has escapes).
struct Key(bool);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E>(self, k: &str) -> Result<Key, E> {
                Ok(Key(k == "base" || k == "sha256"))
            }
        }
        d.deserialize_str(Name)
    }
}

#[cfg(test)]
mod tests;
