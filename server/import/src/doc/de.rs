//! The typed parse's building blocks: hand-written visitors, so that every skipped value goes
//! through `deserialize_any` like `serde_json::Value` (serde's `IgnoredAny` takes serde_json's
//! skipping path, which does not count depth nor check `\u` surrogates and number ranges: a
//! document `Value` refuses would be read). Each reads what `Value::get(..).and_then(as_..)`
//! gave; a repeated key counts the last time, as in a `Value`. The shapes are in `shapes.rs`.
//!
//! A text is borrowed from the document (`Cow::Borrowed`) when the parser can lend it: a string
//! without escapes in a document parsed from a `&str` (serde's `visit_borrowed_str`); a string
//! with escapes is unescaped by the parser into its scratch space and copied out (`Cow::Owned`).
//! A chat row's read keeps its text alive while its messages are imported, so it lends; a
//! whole log's typed parse outlives its bytes and is made owned ([`super::OpenHandsLog::into_owned`]).

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

mod text;
pub(crate) use text::{Content, MaybeStr};

/// The scalar methods but `visit_str` of a visitor that gives its value's `Default` for them.
macro_rules! scalars_but_str_default {
    () => {
        fn visit_bool<E: Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_i64<E: Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_u64<E: Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_f64<E: Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_unit<E: Error>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}
pub(crate) use scalars_but_str_default;

/// Every scalar, strings too, as the value's `Default` (a visitor that keeps only arrays or objects).
macro_rules! scalars_default {
    () => {
        $crate::doc::de::scalars_but_str_default!();
        fn visit_str<E: Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}
pub(crate) use scalars_default;

/// Any JSON value, checked as a `Value` would be, and dropped.
pub(crate) struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        d.deserialize_any(AnyOf(|_: Scalar| ())).map(|_| Skip)
    }
}

/// A scalar a visitor met (strings borrowed for the call).
pub(crate) enum Scalar<'s> {
    Str(&'s str),
    Null,
    Other,
}

/// Visits any value: a scalar is handed to the closure, an array or object skipped (`None`).
pub(crate) struct AnyOf<F>(pub(crate) F);

impl<'de, T, F: FnOnce(Scalar) -> T> Visitor<'de> for AnyOf<F> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Other)))
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Other)))
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Other)))
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Other)))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Str(s))))
    }
    fn visit_unit<E: Error>(self) -> Result<Option<T>, E> {
        Ok(Some(self.0(Scalar::Null)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<T>, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(None)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<T>, A::Error> {
        while map.next_key::<Skip>()?.is_some() {
            map.next_value::<Skip>()?;
        }
        Ok(None)
    }
}

/// The index of a key among `names`, `None` for another key.
struct KeyIn(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for KeyIn {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIn {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object key")
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|k| *k == s))
    }
}

/// The fields an object is read into (the other keys skipped, or the document refused); `'de`:
/// the document the texts may borrow from.
pub(crate) trait Fields<'de>: Default {
    const NAMES: &'static [&'static str];
    /// The value of the key `NAMES[i]`.
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error>;
    /// The value of another key.
    fn other<A: MapAccess<'de>>(&mut self, map: &mut A) -> Result<(), A::Error> {
        map.next_value::<Skip>().map(|_| ())
    }
}

/// An object read into `T`; any other value is skipped and gives `T::default()` (as
/// `Value::get` gives nothing on a value that is not an object).
pub(crate) struct Obj<T>(pub(crate) T);

impl<'de, T: Fields<'de>> Deserialize<'de> for Obj<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Obj<T>, D::Error> {
        d.deserialize_any(ObjVisitor(std::marker::PhantomData))
    }
}

pub(crate) struct ObjVisitor<T>(pub(crate) std::marker::PhantomData<T>);

impl<'de, T: Fields<'de>> Visitor<'de> for ObjVisitor<T> {
    type Value = Obj<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Obj<T>, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Obj(T::default()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Obj<T>, A::Error> {
        let mut t = T::default();
        while let Some(key) = map.next_key_seed(KeyIn(T::NAMES))? {
            match key {
                Some(i) => t.field(i, &mut map)?,
                None => t.other(&mut map)?,
            }
        }
        Ok(Obj(t))
    }
}

impl<T> Default for Obj<T>
where
    T: Default,
{
    fn default() -> Self {
        Obj(T::default())
    }
}

/// `v.as_array()`: each item read as `T`; `None` for any other value.
pub(crate) struct Arr<T>(pub(crate) Option<Vec<T>>);

impl<T> Default for Arr<T> {
    fn default() -> Self {
        Arr(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Arr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Arr<T>, D::Error> {
        d.deserialize_any(ArrVisitor(std::marker::PhantomData))
    }
}

struct ArrVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ArrVisitor<T> {
    type Value = Arr<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Arr<T>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element::<T>()? {
            items.push(item);
        }
        Ok(Arr(Some(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Arr<T>, A::Error> {
        AnyOf(|_: Scalar| ()).visit_map(map).map(|_| Arr(None))
    }
}
