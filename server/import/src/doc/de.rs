//! The typed parse: hand-written visitors, so that every skipped value goes through
//! `deserialize_any` like `serde_json::Value` (serde's `IgnoredAny` takes serde_json's skipping
//! path, which does not count depth nor check `\u` surrogates and number ranges: a document
//! `Value` refuses would be read). Each field reads what `Value::get(..).and_then(as_..)` gave;
//! a repeated key counts the last time, as in a `Value`.

use super::{Call, MiniAction, MiniLog, Msg, OpenHandsLog, Role};
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

type Owned = Cow<'static, str>;

/// Any JSON value, checked as a `Value` would be, and dropped.
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        d.deserialize_any(AnyOf(|_: Scalar| ())).map(|_| Skip)
    }
}

/// A scalar a visitor met (strings borrowed for the call).
enum Scalar<'s> {
    Str(&'s str),
    Null,
    Other,
}

/// Visits any value: a scalar is handed to the closure, an array or object skipped (`None`).
struct AnyOf<F>(F);

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

/// `v.as_str()`: the string, `None` for any other value.
struct MaybeStr(Option<Owned>);

impl<'de> Deserialize<'de> for MaybeStr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MaybeStr, D::Error> {
        let s = d.deserialize_any(AnyOf(|s: Scalar| match s {
            Scalar::Str(s) => Some(Cow::Owned(s.to_string())),
            _ => None,
        }))?;
        Ok(MaybeStr(s.flatten()))
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

/// The fields an object is read into (the other keys skipped, or the document refused).
trait Fields: Default {
    const NAMES: &'static [&'static str];
    /// The value of the key `NAMES[i]`.
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error>;
    /// The value of another key.
    fn other<'de, A: MapAccess<'de>>(&mut self, map: &mut A) -> Result<(), A::Error> {
        map.next_value::<Skip>().map(|_| ())
    }
}

/// An object read into `T`; any other value is skipped and gives `T::default()` (as
/// `Value::get` gives nothing on a value that is not an object).
struct Obj<T>(T);

impl<'de, T: Fields> Deserialize<'de> for Obj<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Obj<T>, D::Error> {
        d.deserialize_any(ObjVisitor(std::marker::PhantomData))
    }
}

struct ObjVisitor<T>(std::marker::PhantomData<T>);

/// The scalar methods of a visitor that gives `T::default()` for any scalar.
macro_rules! scalars_default {
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
        fn visit_str<E: Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_unit<E: Error>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}

impl<'de, T: Fields> Visitor<'de> for ObjVisitor<T> {
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
struct Arr<T>(Option<Vec<T>>);

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

/// `openhands::content_str`: a string, or the `text` of each part (or the part, when a string)
/// joined; `None` for any other value.
struct Content(Option<Owned>);

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Content, D::Error> {
        d.deserialize_any(ContentVisitor)
    }
}

struct ContentVisitor;

impl<'de> Visitor<'de> for ContentVisitor {
    type Value = Content;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Content, E> {
        Ok(Content(None))
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<Content, E> {
        Ok(Content(None))
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<Content, E> {
        Ok(Content(None))
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Content, E> {
        Ok(Content(None))
    }
    fn visit_unit<E: Error>(self) -> Result<Content, E> {
        Ok(Content(None))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Content, E> {
        Ok(Content(Some(Cow::Owned(s.to_string()))))
    }
    fn visit_string<E: Error>(self, s: String) -> Result<Content, E> {
        Ok(Content(Some(Cow::Owned(s))))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
        let mut text = String::new();
        while let Some(Part(part)) = seq.next_element::<Part>()? {
            text.push_str(part.as_deref().unwrap_or(""));
        }
        Ok(Content(Some(Cow::Owned(text))))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Content, A::Error> {
        AnyOf(|_: Scalar| ()).visit_map(map).map(|_| Content(None))
    }
}

/// One part of a `content` list: its `text` when a string, or the part when a string.
struct Part(Option<Owned>);

#[derive(Default)]
struct TextField(Option<Owned>);

impl Fields for TextField {
    const NAMES: &'static [&'static str] = &["text"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<MaybeStr>()?.0;
        Ok(())
    }
}

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Part, D::Error> {
        d.deserialize_any(PartVisitor)
    }
}

struct PartVisitor;

impl<'de> Visitor<'de> for PartVisitor {
    type Value = Part;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Part, E> {
        Ok(Part(None))
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<Part, E> {
        Ok(Part(None))
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<Part, E> {
        Ok(Part(None))
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Part, E> {
        Ok(Part(None))
    }
    fn visit_unit<E: Error>(self) -> Result<Part, E> {
        Ok(Part(None))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Part, E> {
        Ok(Part(Some(Cow::Owned(s.to_string()))))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Part, A::Error> {
        AnyOf(|_: Scalar| ()).visit_seq(seq).map(|_| Part(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Part, A::Error> {
        let Obj(TextField(text)) = ObjVisitor(std::marker::PhantomData).visit_map(map)?;
        Ok(Part(text))
    }
}

impl Fields for Msg<'static> {
    const NAMES: &'static [&'static str] =
        &["role", "content", "tool_call_id", "tool_calls", "extra"];
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.role = Role::of(map.next_value::<MaybeStr>()?.0.as_deref()),
            1 => self.content = map.next_value::<Content>()?.0,
            2 => self.tool_call_id = map.next_value::<MaybeStr>()?.0,
            3 => {
                let Arr(calls) = map.next_value::<Arr<Obj<Call<'static>>>>()?;
                self.tool_calls = calls.unwrap_or_default().into_iter().map(|c| c.0).collect();
            }
            _ => self.actions = map.next_value::<Obj<Extra>>()?.0 .0,
        }
        Ok(())
    }
}

impl Fields for Call<'static> {
    const NAMES: &'static [&'static str] = &["id", "function"];
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.id = map.next_value::<MaybeStr>()?.0,
            _ => {
                let Obj(f) = map.next_value::<Obj<Function>>()?;
                (self.name, self.arguments) = (f.name, f.arguments);
            }
        }
        Ok(())
    }
}

/// A tool call's `function`.
#[derive(Default)]
struct Function {
    name: Option<Owned>,
    arguments: Option<Owned>,
}

impl Fields for Function {
    const NAMES: &'static [&'static str] = &["name", "arguments"];
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        let s = map.next_value::<MaybeStr>()?.0;
        match i {
            0 => self.name = s,
            _ => self.arguments = s,
        }
        Ok(())
    }
}

/// mini-swe-agent's `extra`: its `actions`.
#[derive(Default)]
struct Extra(Option<Vec<MiniAction<'static>>>);

impl Fields for Extra {
    const NAMES: &'static [&'static str] = &["actions"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        let Arr(actions) = map.next_value::<Arr<Obj<MiniAction<'static>>>>()?;
        self.0 = actions.map(|a| a.into_iter().map(|a| a.0).collect());
        Ok(())
    }
}

impl Fields for MiniAction<'static> {
    const NAMES: &'static [&'static str] = &["command", "tool_call_id"];
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        let s = map.next_value::<MaybeStr>()?.0;
        match i {
            0 => self.command = s,
            _ => self.tool_call_id = s,
        }
        Ok(())
    }
}

/// Refuses the document: a key the typed shape does not know (detection might read it).
fn unknown<E: Error>() -> E {
    E::custom("a key outside the typed shape")
}

/// The top of an OpenHands completion log. Only these keys: with `fncall_messages` among them,
/// format detection names OpenHands whatever their values (test
/// `the_typed_keys_leave_detection_no_choice`).
#[derive(Default)]
struct OpenHandsFields {
    log: OpenHandsLog<'static>,
    fncall: Option<Option<Vec<Obj<Msg<'static>>>>>,
}

pub(super) const OPENHANDS_KEYS: &[&str] = &[
    "messages",
    "response",
    "args",
    "kwargs",
    "timestamp",
    "cost",
    "fncall_messages",
    "fncall_response",
    "instance_id",
];

impl Fields for OpenHandsFields {
    const NAMES: &'static [&'static str] = OPENHANDS_KEYS;
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            6 => self.fncall = Some(map.next_value::<Arr<Obj<Msg<'static>>>>()?.0),
            7 => self.log.last = map.next_value::<Obj<Response>>()?.0 .0,
            8 => self.log.instance_id = map.next_value::<MaybeStr>()?.0,
            _ => {
                map.next_value::<Skip>()?;
            }
        }
        Ok(())
    }
    fn other<'de, A: MapAccess<'de>>(&mut self, _: &mut A) -> Result<(), A::Error> {
        Err(unknown())
    }
}

/// `fncall_response`: the message of its first choice (`/choices/0/message`).
#[derive(Default)]
struct Response(Option<Msg<'static>>);

impl Fields for Response {
    const NAMES: &'static [&'static str] = &["choices"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Choices>()?.0;
        Ok(())
    }
}

/// `choices`: `/0/message` of it (an array's first item, or an object's key `0`).
struct Choices(Option<Msg<'static>>);

impl<'de> Deserialize<'de> for Choices {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Choices, D::Error> {
        d.deserialize_any(ChoicesVisitor)
    }
}

struct ChoicesVisitor;

impl<'de> Visitor<'de> for ChoicesVisitor {
    type Value = Choices;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_unit<E: Error>(self) -> Result<Choices, E> {
        Ok(Choices(None))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Choices, A::Error> {
        let first = seq.next_element::<Obj<Choice>>()?;
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Choices(first.and_then(|c| c.0 .0)))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Choices, A::Error> {
        let Obj(Zero(choice)) = ObjVisitor(std::marker::PhantomData).visit_map(map)?;
        Ok(Choices(choice))
    }
}

/// An object's key `0` (a JSON pointer's `/0` on an object).
#[derive(Default)]
struct Zero(Option<Msg<'static>>);

impl Fields for Zero {
    const NAMES: &'static [&'static str] = &["0"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Obj<Choice>>()?.0 .0;
        Ok(())
    }
}

/// One choice: its `message` (any value: a value that is not an object is a message without
/// tool calls).
#[derive(Default)]
struct Choice(Option<Msg<'static>>);

impl Fields for Choice {
    const NAMES: &'static [&'static str] = &["message"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = Some(map.next_value::<Obj<Msg<'static>>>()?.0);
        Ok(())
    }
}

/// An OpenHands completion log, read typed.
pub(super) struct OpenHandsTop(pub OpenHandsLog<'static>);

impl<'de> Deserialize<'de> for OpenHandsTop {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OpenHandsTop, D::Error> {
        let Obj(OpenHandsFields { mut log, fncall }) = Obj::deserialize(d)?;
        // `fncall_messages` (whatever its value) is what makes the log OpenHands.
        let Some(messages) = fncall else {
            return Err(unknown());
        };
        log.messages = messages
            .unwrap_or_default()
            .into_iter()
            .map(|m| m.0)
            .collect();
        Ok(OpenHandsTop(log))
    }
}

/// The top of a mini-swe-agent trajectory: with only these keys, `messages` an array and a
/// `trajectory_format` naming mini, detection names mini-swe-agent whatever the rest holds.
#[derive(Default)]
struct MiniFields {
    log: MiniLog<'static>,
    messages: Option<Option<Vec<Obj<Msg<'static>>>>>,
    trajectory_format: Option<Owned>,
}

pub(super) const MINI_KEYS: &[&str] = &["info", "messages", "trajectory_format", "instance_id"];

impl Fields for MiniFields {
    const NAMES: &'static [&'static str] = MINI_KEYS;
    fn field<'de, A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.log.submission = map.next_value::<Obj<Info>>()?.0 .0,
            1 => self.messages = Some(map.next_value::<Arr<Obj<Msg<'static>>>>()?.0),
            2 => self.trajectory_format = map.next_value::<MaybeStr>()?.0,
            _ => self.log.instance_id = map.next_value::<MaybeStr>()?.0,
        }
        Ok(())
    }
    fn other<'de, A: MapAccess<'de>>(&mut self, _: &mut A) -> Result<(), A::Error> {
        Err(unknown())
    }
}

/// `info`: [`crate::change::submitted`] of its `submission`.
#[derive(Default)]
struct Info(Option<String>);

impl Fields for Info {
    const NAMES: &'static [&'static str] = &["submission"];
    fn field<'de, A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Submission>()?.0;
        Ok(())
    }
}

struct Submission(Option<String>);

impl<'de> Deserialize<'de> for Submission {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Submission, D::Error> {
        let s = d.deserialize_any(AnyOf(|s: Scalar| match s {
            Scalar::Str(s) => Some(s.to_string()),
            Scalar::Null => Some(String::new()),
            Scalar::Other => None,
        }))?;
        Ok(Submission(s.flatten()))
    }
}

/// A mini-swe-agent trajectory, read typed.
pub(super) struct MiniTop(pub MiniLog<'static>);

impl<'de> Deserialize<'de> for MiniTop {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MiniTop, D::Error> {
        let Obj(MiniFields {
            mut log,
            messages,
            trajectory_format,
        }) = Obj::deserialize(d)?;
        let mini = trajectory_format.is_some_and(|f| f.contains("mini"));
        let (true, Some(Some(messages))) = (mini, messages) else {
            return Err(unknown());
        };
        log.messages = messages.into_iter().map(|m| m.0).collect();
        Ok(MiniTop(log))
    }
}
