//! The typed parse of a chat row ([`typed`]): `doc::de`'s visitors read into a [`Row`], every
//! other key skipped by the checking skip.

use super::{ChatMsg, Patch, Row};
use crate::doc::de::{AnyOf, Arr, Content, Fields, MaybeStr, Obj, ObjVisitor, Scalar};
use crate::doc::{Call, MiniAction};
use serde::de::{Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

/// The typed parse of a row's text; `None` when it is not one JSON object (the caller reads it
/// as a `Value` then, for the same answer or the error). Its texts borrow from `text` where they
/// have no escapes (the row's text is kept while its messages are imported).
pub(crate) fn typed(text: &str) -> Option<Row<'_>> {
    serde_json::from_str::<Top>(text).ok().map(|t| t.0)
}

/// A row: an object, or an error (any other value).
struct Top<'de>(Row<'de>);

impl<'de> Deserialize<'de> for Top<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Top<'de>, D::Error> {
        d.deserialize_map(TopVisitor)
    }
}

struct TopVisitor;

impl<'de> Visitor<'de> for TopVisitor {
    type Value = Top<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Top<'de>, A::Error> {
        let Obj(row) = ObjVisitor::<Row<'de>>(std::marker::PhantomData).visit_map(map)?;
        Ok(Top(row))
    }
}

/// `as_str` of a value (borrowed from the row when it can be).
fn maybe_str<'de, A: MapAccess<'de>>(map: &mut A) -> Result<Option<Cow<'de, str>>, A::Error> {
    Ok(map.next_value::<MaybeStr>()?.0)
}

fn messages<'de, A: MapAccess<'de>>(map: &mut A) -> Result<Option<Vec<ChatMsg<'de>>>, A::Error> {
    let Arr(items) = map.next_value::<Arr<Obj<ChatMsg<'de>>>>()?;
    Ok(items.map(|m| m.into_iter().map(|m| m.0).collect()))
}

impl<'de> Fields<'de> for Row<'de> {
    const NAMES: &'static [&'static str] = &[
        "instance_id",
        "run_id",
        "model_name",
        "model",
        "agent",
        "agent_name",
        "info",
        "traj_id",
        "trajectory_id",
        "resolved",
        "target",
        "reward",
        "test_result",
        "patch",
        "generated_patch",
        "model_patch",
        "trajectory_format",
        "messages",
        "trajectory",
        "fncall_messages",
    ];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.instance_id = maybe_str(map)?,
            1..=5 => self.names[i - 1] = maybe_str(map)?,
            6 => {
                let Obj(info) = map.next_value::<Obj<Info>>()?;
                self.names[5] = info.model_name;
                self.patches[4] = info.submission;
            }
            7 | 8 => self.trajs[i - 7] = maybe_str(map)?,
            9..=11 => self.outcomes[i - 9] = map.next_value::<Flag>()?.0,
            12 => {
                let Obj(t) = map.next_value::<Obj<TestResult>>()?;
                self.outcomes[3] = t.resolved;
                self.patches[0] = t.git_patch;
            }
            13..=15 => self.patches[i - 12] = Some(map.next_value::<PatchValue>()?.0),
            16 => self.trajectory_format = maybe_str(map)?,
            _ => self.lists[i - 17] = messages(map)?,
        }
        Ok(())
    }
}

/// `info`: `config.model.model_name` and `submission`.
#[derive(Default)]
struct Info<'de> {
    model_name: Option<Cow<'de, str>>,
    submission: Option<Patch<'de>>,
}

impl<'de> Fields<'de> for Info<'de> {
    const NAMES: &'static [&'static str] = &["config", "submission"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.model_name = map.next_value::<Obj<Config>>()?.0 .0,
            _ => self.submission = Some(map.next_value::<PatchValue>()?.0),
        }
        Ok(())
    }
}

/// `config`: `model.model_name`.
#[derive(Default)]
struct Config<'de>(Option<Cow<'de, str>>);

impl<'de> Fields<'de> for Config<'de> {
    const NAMES: &'static [&'static str] = &["model"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Obj<ModelName>>()?.0 .0;
        Ok(())
    }
}

/// `model`: `model_name`.
#[derive(Default)]
struct ModelName<'de>(Option<Cow<'de, str>>);

impl<'de> Fields<'de> for ModelName<'de> {
    const NAMES: &'static [&'static str] = &["model_name"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = maybe_str(map)?;
        Ok(())
    }
}

/// `test_result`: `report.resolved` and `git_patch`.
#[derive(Default)]
struct TestResult<'de> {
    resolved: Option<bool>,
    git_patch: Option<Patch<'de>>,
}

impl<'de> Fields<'de> for TestResult<'de> {
    const NAMES: &'static [&'static str] = &["report", "git_patch"];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.resolved = map.next_value::<Obj<Report>>()?.0 .0,
            _ => self.git_patch = Some(map.next_value::<PatchValue>()?.0),
        }
        Ok(())
    }
}

/// `report`: `resolved`.
#[derive(Default)]
struct Report(Option<bool>);

impl<'de> Fields<'de> for Report {
    const NAMES: &'static [&'static str] = &["resolved"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        self.0 = map.next_value::<Flag>()?.0;
        Ok(())
    }
}

/// A patch field's value.
struct PatchValue(Patch<'static>);

impl<'de> Deserialize<'de> for PatchValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PatchValue, D::Error> {
        let p = d.deserialize_any(AnyOf(|s: Scalar| match s {
            Scalar::Str(s) => Patch::Str(Cow::Owned(s.to_string())),
            Scalar::Null => Patch::Null,
            Scalar::Other => Patch::Other,
        }))?;
        Ok(PatchValue(p.unwrap_or(Patch::Other)))
    }
}

/// An outcome field's value: what `flag` gives of the `Value`.
struct Flag(Option<bool>);

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Flag, D::Error> {
        d.deserialize_any(FlagVisitor)
    }
}

struct FlagVisitor;

impl<'de> Visitor<'de> for FlagVisitor {
    type Value = Flag;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, b: bool) -> Result<Flag, E> {
        Ok(Flag(Some(b)))
    }
    // `Number::as_f64` of an integer is `n as f64`.
    #[allow(clippy::cast_precision_loss)]
    fn visit_i64<E: Error>(self, n: i64) -> Result<Flag, E> {
        Ok(Flag(Some(n as f64 >= 1.0)))
    }
    #[allow(clippy::cast_precision_loss)]
    fn visit_u64<E: Error>(self, n: u64) -> Result<Flag, E> {
        Ok(Flag(Some(n as f64 >= 1.0)))
    }
    fn visit_f64<E: Error>(self, x: f64) -> Result<Flag, E> {
        Ok(Flag(Some(x >= 1.0)))
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<Flag, E> {
        Ok(Flag(None))
    }
    fn visit_unit<E: Error>(self) -> Result<Flag, E> {
        Ok(Flag(None))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Flag, A::Error> {
        AnyOf(|_: Scalar| ()).visit_seq(seq).map(|_| Flag(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Flag, A::Error> {
        AnyOf(|_: Scalar| ()).visit_map(map).map(|_| Flag(None))
    }
}

impl<'de> Fields<'de> for ChatMsg<'de> {
    const NAMES: &'static [&'static str] = &[
        "role",
        "content",
        "text",
        "tool_call_id",
        "tool_calls",
        "extra",
    ];
    fn field<A: MapAccess<'de>>(&mut self, i: usize, map: &mut A) -> Result<(), A::Error> {
        match i {
            0 => self.role = maybe_str(map)?,
            1 => self.content = map.next_value::<Content>()?.0,
            2 => self.text = maybe_str(map)?,
            3 => self.tool_call_id = maybe_str(map)?,
            4 => {
                let Arr(calls) = map.next_value::<Arr<Obj<Call<'de>>>>()?;
                self.tool_calls = calls.map(|c| c.into_iter().map(|c| c.0).collect());
            }
            _ => self.actions = map.next_value::<Obj<Extra>>()?.0 .0,
        }
        Ok(())
    }
}

/// A message's `extra`: whether it holds `actions`, and their items when an array.
#[derive(Default)]
struct Extra<'de>(Option<Option<Vec<MiniAction<'de>>>>);

impl<'de> Fields<'de> for Extra<'de> {
    const NAMES: &'static [&'static str] = &["actions"];
    fn field<A: MapAccess<'de>>(&mut self, _: usize, map: &mut A) -> Result<(), A::Error> {
        let Arr(actions) = map.next_value::<Arr<Obj<MiniAction<'de>>>>()?;
        self.0 = Some(actions.map(|a| a.into_iter().map(|a| a.0).collect()));
        Ok(())
    }
}
