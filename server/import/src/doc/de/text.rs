//! The typed parse's texts: a value read as `Value::as_str` reads it ([`MaybeStr`]) and a
//! message `content` read as `openhands::content_str` reads it ([`Content`]), each borrowed from
//! the document when the parser can lend it (see `de.rs`).

use super::{scalars_but_str_default, AnyOf, Fields, Obj, ObjVisitor, Scalar};
use serde::de::{Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

/// `v.as_str()`: the string (borrowed from the document when it can be), `None` for any other
/// value.
#[derive(Default)]
pub(crate) struct MaybeStr<'de>(pub(crate) Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for MaybeStr<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MaybeStr<'de>, D::Error> {
        d.deserialize_any(MaybeStrVisitor)
    }
}

struct MaybeStrVisitor;

impl<'de> Visitor<'de> for MaybeStrVisitor {
    type Value = MaybeStr<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_but_str_default!();
    fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<MaybeStr<'de>, E> {
        Ok(MaybeStr(Some(Cow::Borrowed(s))))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<MaybeStr<'de>, E> {
        Ok(MaybeStr(Some(Cow::Owned(s.to_string()))))
    }
    fn visit_string<E: Error>(self, s: String) -> Result<MaybeStr<'de>, E> {
        Ok(MaybeStr(Some(Cow::Owned(s))))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<MaybeStr<'de>, A::Error> {
        AnyOf(|_: Scalar| ()).visit_seq(seq).map(|_| MaybeStr(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<MaybeStr<'de>, A::Error> {
        AnyOf(|_: Scalar| ()).visit_map(map).map(|_| MaybeStr(None))
    }
}

/// `openhands::content_str`: a string, or the `text` of each part (or the part, when a string)
/// joined; `None` for any other value. One part is its text as read (borrowed when it can be).
#[derive(Default)]
pub(crate) struct Content<'de>(pub(crate) Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for Content<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Content<'de>, D::Error> {
        d.deserialize_any(ContentVisitor)
    }
}

struct ContentVisitor;

impl<'de> Visitor<'de> for ContentVisitor {
    type Value = Content<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_but_str_default!();
    fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<Content<'de>, E> {
        Ok(Content(Some(Cow::Borrowed(s))))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Content<'de>, E> {
        Ok(Content(Some(Cow::Owned(s.to_string()))))
    }
    fn visit_string<E: Error>(self, s: String) -> Result<Content<'de>, E> {
        Ok(Content(Some(Cow::Owned(s))))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content<'de>, A::Error> {
        let Some(Part(first)) = seq.next_element::<Part>()? else {
            return Ok(Content(Some(Cow::Borrowed(""))));
        };
        let first = first.unwrap_or(Cow::Borrowed(""));
        let Some(Part(second)) = seq.next_element::<Part>()? else {
            return Ok(Content(Some(first)));
        };
        let mut text = first.into_owned();
        text.push_str(second.as_deref().unwrap_or(""));
        while let Some(Part(part)) = seq.next_element::<Part>()? {
            text.push_str(part.as_deref().unwrap_or(""));
        }
        Ok(Content(Some(Cow::Owned(text))))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Content<'de>, A::Error> {
        AnyOf(|_: Scalar| ()).visit_map(map).map(|_| Content(None))
    }
}

/// One part of a `content` list: its `text` when a string, or the part when a string.
#[derive(Default)]
struct Part<'de>(Option<Cow<'de, str>>);

#[derive(Default)]
struct TextField<'de>(Option<Cow<'de, str>>);

impl<'de> Fields<'de> for TextField<'de> {
    const NAMES: &'static [&'static str] = &["text"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<MaybeStr>()?.0;
        Ok(())
    }
}

impl<'de> Deserialize<'de> for Part<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Part<'de>, D::Error> {
        d.deserialize_any(PartVisitor)
    }
}

struct PartVisitor;

impl<'de> Visitor<'de> for PartVisitor {
    type Value = Part<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_but_str_default!();
    fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<Part<'de>, E> {
        Ok(Part(Some(Cow::Borrowed(s))))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Part<'de>, E> {
        Ok(Part(Some(Cow::Owned(s.to_string()))))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Part<'de>, A::Error> {
        AnyOf(|_: Scalar| ()).visit_seq(seq).map(|_| Part(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Part<'de>, A::Error> {
        let Obj(TextField(text)) = ObjVisitor(std::marker::PhantomData).visit_map(map)?;
        Ok(Part(text))
    }
}
