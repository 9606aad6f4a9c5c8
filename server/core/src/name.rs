//! [`Name`]: a task or path string that gold spans share instead of each owning a copy, and
//! [`Names`], the per-load table that hands out one `Name` per distinct text.
//!
//! Why: a gold span of ~52 bytes of JSON held two small `String`s (24 bytes each inline plus a
//! heap block each), ~150 bytes a span; large gold in the language server took 4.3–4.5 times its
//! input. A `Name` is one pointer pair and a reference count bump to copy, and a loader that
//! interns its names keeps each distinct task and path once (issue 35, item 7).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::collections::HashSet;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// An immutable, cheaply cloned string: compares, hashes, orders and prints as its text.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Arc<str>);

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `a` and `b` are one allocation (the same [`Names`] handed both out), not only the
    /// same text.
    pub fn ptr_eq(a: &Name, b: &Name) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::from("")
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name(Arc::from(s))
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name(Arc::from(s))
    }
}

impl From<&String> for Name {
    fn from(s: &String) -> Name {
        Name(Arc::from(s.as_str()))
    }
}

impl From<Name> for String {
    fn from(n: Name) -> String {
        n.0.to_string()
    }
}

impl From<&Name> for String {
    fn from(n: &Name) -> String {
        n.0.to_string()
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        &*self.0 == other.as_str()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == &*other.0
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == &*other.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == &*other.0
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name, D::Error> {
        std::borrow::Cow::<'de, str>::deserialize(d).map(|s| Name::from(&*s))
    }
}

/// One [`Name`] per distinct text: a loader asks for every task and path it reads, and rows
/// naming the same text share one allocation.
#[derive(Debug, Default)]
pub struct Names(HashSet<Name>);

impl Names {
    /// The shared `Name` of `text`, made the first time it is asked for.
    pub fn get(&mut self, text: &str) -> Name {
        if let Some(n) = self.0.get(text) {
            return n.clone();
        }
        let n = Name::from(text);
        self.0.insert(n.clone());
        n
    }

    /// [`Names::get`] for a `String` already made: kept as the shared copy when it is new.
    pub fn take(&mut self, text: String) -> Name {
        if let Some(n) = self.0.get(text.as_str()) {
            return n.clone();
        }
        let n = Name::from(text);
        self.0.insert(n.clone());
        n
    }

    /// Forgets the texts only this table still holds: for a table kept past one load (the
    /// language server's reads), whose rows are dropped later (a rotated log, a reload).
    pub fn prune(&mut self) {
        self.0.retain(|n| Arc::strong_count(&n.0) > 1);
    }

    /// How many texts are kept.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests;
