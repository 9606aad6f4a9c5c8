//! The typed shapes (an OpenHands completion log, a mini-swe-agent trajectory, their messages)
//! read with the visitors of `de.rs`.

use super::de::{
    scalars_default, AnyOf, Arr, Content, Fields, MaybeStr, Obj, ObjVisitor, Scalar, Skip,
};
use super::{Call, MiniAction, MiniLog, Msg, OpenHandsLog, Role};
use serde::de::{Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

impl<'de> Fields<'de> for Msg<'de> {
    const NAMES: &'static [&'static str] =
        &["role", "content", "tool_call_id", "tool_calls", "extra"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.role = Role::of(map.next_value::<MaybeStr>()?.0.as_deref()),
            1 => self.content = map.next_value::<Content>()?.0,
            2 => self.tool_call_id = map.next_value::<MaybeStr>()?.0,
            3 => {
                let Arr(calls) = map.next_value::<Arr<Obj<Call<'de>>>>()?;
                self.tool_calls = calls.unwrap_or_default().into_iter().map(|c| c.0).collect();
            }
            _ => self.actions = map.next_value::<Obj<Extra>>()?.0 .0,
        }
        Ok(())
    }
}

impl<'de> Fields<'de> for Call<'de> {
    const NAMES: &'static [&'static str] = &["id", "function"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
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
struct Function<'de> {
    name: Option<Cow<'de, str>>,
    arguments: Option<Cow<'de, str>>,
}

impl<'de> Fields<'de> for Function<'de> {
    const NAMES: &'static [&'static str] = &["name", "arguments"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
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
struct Extra<'de>(Option<Vec<MiniAction<'de>>>);

impl<'de> Fields<'de> for Extra<'de> {
    const NAMES: &'static [&'static str] = &["actions"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        let Arr(actions) = map.next_value::<Arr<Obj<MiniAction<'de>>>>()?;
        self.0 = actions.map(|a| a.into_iter().map(|a| a.0).collect());
        Ok(())
    }
}

impl<'de> Fields<'de> for MiniAction<'de> {
    const NAMES: &'static [&'static str] = &["command", "tool_call_id"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
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
struct OpenHandsFields<'de> {
    log: OpenHandsLog<'de>,
    fncall: Option<Option<Vec<Obj<Msg<'de>>>>>,
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

impl<'de> Fields<'de> for OpenHandsFields<'de> {
    const NAMES: &'static [&'static str] = OPENHANDS_KEYS;
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            6 => self.fncall = Some(map.next_value::<Arr<Obj<Msg<'de>>>>()?.0),
            7 => self.log.last = map.next_value::<Obj<Response>>()?.0 .0,
            8 => self.log.instance_id = map.next_value::<MaybeStr>()?.0,
            _ => {
                map.next_value::<Skip>()?;
            }
        }
        Ok(())
    }
    fn other<A: MapAccess<'de>>(&mut self, _: &mut A) -> Result<(), A::Error> {
        Err(unknown())
    }
}

/// `fncall_response`: the message of its first choice (`/choices/0/message`).
#[derive(Default)]
struct Response<'de>(Option<Msg<'de>>);

impl<'de> Fields<'de> for Response<'de> {
    const NAMES: &'static [&'static str] = &["choices"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Choices>()?.0;
        Ok(())
    }
}

/// `choices`: `/0/message` of it (an array's first item, or an object's key `0`).
#[derive(Default)]
struct Choices<'de>(Option<Msg<'de>>);

impl<'de> Deserialize<'de> for Choices<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Choices<'de>, D::Error> {
        d.deserialize_any(ChoicesVisitor)
    }
}

struct ChoicesVisitor;

impl<'de> Visitor<'de> for ChoicesVisitor {
    type Value = Choices<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    scalars_default!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Choices<'de>, A::Error> {
        let first = seq.next_element::<Obj<Choice>>()?;
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Choices(first.and_then(|c| c.0 .0)))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Choices<'de>, A::Error> {
        let Obj(Zero(choice)) = ObjVisitor(std::marker::PhantomData).visit_map(map)?;
        Ok(Choices(choice))
    }
}

/// An object's key `0` (a JSON pointer's `/0` on an object).
#[derive(Default)]
struct Zero<'de>(Option<Msg<'de>>);

impl<'de> Fields<'de> for Zero<'de> {
    const NAMES: &'static [&'static str] = &["0"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Obj<Choice>>()?.0 .0;
        Ok(())
    }
}

/// One choice: its `message` (any value: a value that is not an object is a message without
/// tool calls).
#[derive(Default)]
struct Choice<'de>(Option<Msg<'de>>);

impl<'de> Fields<'de> for Choice<'de> {
    const NAMES: &'static [&'static str] = &["message"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = Some(map.next_value::<Obj<Msg<'de>>>()?.0);
        Ok(())
    }
}

/// An OpenHands completion log, read typed.
pub(super) struct OpenHandsTop<'de>(pub OpenHandsLog<'de>);

impl<'de> Deserialize<'de> for OpenHandsTop<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OpenHandsTop<'de>, D::Error> {
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
struct MiniFields<'de> {
    log: MiniLog<'de>,
    messages: Option<Option<Vec<Obj<Msg<'de>>>>>,
    trajectory_format: Option<Cow<'de, str>>,
}

pub(super) const MINI_KEYS: &[&str] = &["info", "messages", "trajectory_format", "instance_id"];

impl<'de> Fields<'de> for MiniFields<'de> {
    const NAMES: &'static [&'static str] = MINI_KEYS;
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.log.submission = map.next_value::<Obj<Info>>()?.0 .0,
            1 => self.messages = Some(map.next_value::<Arr<Obj<Msg<'de>>>>()?.0),
            2 => self.trajectory_format = map.next_value::<MaybeStr>()?.0,
            _ => self.log.instance_id = map.next_value::<MaybeStr>()?.0,
        }
        Ok(())
    }
    fn other<A: MapAccess<'de>>(&mut self, _: &mut A) -> Result<(), A::Error> {
        Err(unknown())
    }
}

/// `info`: [`crate::change::submitted`] of its `submission`.
#[derive(Default)]
struct Info(Option<String>);

impl<'de> Fields<'de> for Info {
    const NAMES: &'static [&'static str] = &["submission"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
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
pub(super) struct MiniTop<'de>(pub MiniLog<'de>);

impl<'de> Deserialize<'de> for MiniTop<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MiniTop<'de>, D::Error> {
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
