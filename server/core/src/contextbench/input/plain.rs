//! Prediction rows of the plain shape read straight into a [`PredRow`], without a
//! `serde_json::Value` of the row: building one (a map per span object, its keys as owned
//! strings) was most of loading a real-size predictions file, 7–8% of a ContextBench run
//! (docs/performance.md, session 38). The plain shape is what [`super::pred_row`] takes without an
//! error: a top-level object without a repeated key, `instance_id` a string that is not blank,
//! `model_patch` a string or null, `traj_data` an object or null whose steps, files, spans and
//! symbols all have the expected types, each span two integers with `start <= end`, and no path
//! repeated within one `spans` or `symbols` object. Anything else gives `None`, and the row
//! goes through the checked path, which reads it (and words its errors) as before. Values of
//! other keys are read as a `Value` and dropped, so a document the checked path refuses (a bad
//! `\u` escape, nesting too deep) is never taken here. `tests.rs` compares both paths.

use super::{PredRow, Step};
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// The row of `text` (one JSONL line) when it has the plain shape, else `None`.
pub(super) fn plain_pred(text: &str, file: &str, line: usize, sorted: bool) -> Option<PredRow> {
    let Row {
        instance_id,
        model_patch,
        traj,
    } = serde_json::from_str::<Row>(text).ok()?;
    let instance_id = instance_id.filter(|id| !id.trim().is_empty())?;
    let (steps, final_step) = match traj {
        Some(t) => (
            t.steps.into_iter().map(|s| s.into_step(sorted)).collect(),
            t.last.into_step(sorted),
        ),
        None => (Vec::new(), Step::default()),
    };
    Some(PredRow {
        instance_id,
        run: None,
        model_patch: model_patch.unwrap_or_default(),
        steps,
        final_step,
        file: file.to_string(),
        line,
    })
}

/// Whether this build's `serde_json::Map` iterates in key order (a `BTreeMap`) rather than in
/// the order the keys came (`preserve_order`, which another crate of the build may turn on):
/// the checked path lists spans and symbols in its map's order, so this one must too.
pub(super) fn map_sorts() -> bool {
    let mut m = serde_json::Map::new();
    m.insert("b".to_string(), Value::Null);
    m.insert("a".to_string(), Value::Null);
    m.keys().next().is_some_and(|k| k == "a")
}

/// Reads the next value as the checked path would (a `Value`, so a document it refuses is
/// refused here too) and drops it.
fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<Value>().map(|_| ())
}

/// Not the plain shape: the error makes the parse give up (its text is never shown).
fn no<E: Error>() -> E {
    E::custom("not a plain prediction row")
}

/// The top-level keys read (each at most once; others read as a `Value` and dropped).
#[derive(Default)]
struct Row {
    instance_id: Option<String>,
    model_patch: Option<String>,
    traj: Option<Traj>,
}

impl<'de> serde::Deserialize<'de> for Row {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Row, D::Error> {
        d.deserialize_map(RowVisitor)
    }
}

struct RowVisitor;

impl<'de> Visitor<'de> for RowVisitor {
    type Value = Row;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a prediction row")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Row, A::Error> {
        let mut row = Row::default();
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            // A repeated top-level key is an error of the checked path (`strict_json`).
            if seen.contains(&key) {
                return Err(no());
            }
            match key.as_str() {
                "instance_id" => row.instance_id = Some(map.next_value::<String>()?),
                "model_patch" => row.model_patch = map.next_value::<Option<String>>()?,
                "traj_data" => row.traj = map.next_value::<Option<Traj>>()?,
                _ => skip(&mut map)?,
            }
            seen.push(key);
        }
        Ok(row)
    }
}

/// A step's three keys as read (a repeated key counts the last time, as in a `Value`).
#[derive(Default)]
struct RawStep {
    files: Option<Vec<String>>,
    spans: Option<Paths<Vec<(i64, i64)>>>,
    symbols: Option<Paths<Option<Vec<String>>>>,
}

impl RawStep {
    /// The step as [`super::step`] makes it: spans and symbols in the map's order.
    fn into_step(self, sorted: bool) -> Step {
        let mut out = Step {
            files: self.files.unwrap_or_default(),
            ..Step::default()
        };
        for (path, spans) in self.spans.map(|p| p.ordered(sorted)).unwrap_or_default() {
            out.spans
                .extend(spans.into_iter().map(|(a, b)| (path.clone(), a, b)));
        }
        for (path, names) in self.symbols.map(|p| p.ordered(sorted)).unwrap_or_default() {
            if let Some(names) = names {
                out.symbols.push((path, names));
            }
        }
        out
    }

    /// Reads the value of `key` when it is one of `keys` (files, spans, symbols); `false` for
    /// another key, whose value the caller reads.
    fn field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        keys: [&str; 3],
        map: &mut A,
    ) -> Result<bool, A::Error> {
        if key == keys[0] {
            self.files = map.next_value::<Option<Vec<String>>>()?;
        } else if key == keys[1] {
            self.spans = map
                .next_value::<Option<Paths<Vec<Span>>>>()?
                .map(Paths::spans);
        } else if key == keys[2] {
            self.symbols = map.next_value::<Option<Paths<Option<Vec<String>>>>>()?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}

/// `traj_data`: the steps and the final context (`pred_files`, `pred_spans`, `pred_symbols`).
#[derive(Default)]
struct Traj {
    steps: Vec<RawStep>,
    last: RawStep,
}

impl<'de> serde::Deserialize<'de> for Traj {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Traj, D::Error> {
        d.deserialize_map(TrajVisitor)
    }
}

struct TrajVisitor;

impl<'de> Visitor<'de> for TrajVisitor {
    type Value = Traj;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("traj_data")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Traj, A::Error> {
        let mut t = Traj::default();
        while let Some(key) = map.next_key::<String>()? {
            if key == "pred_steps" {
                t.steps = (map.next_value::<Option<Vec<StepObj>>>()?)
                    .map(|s| s.into_iter().map(|s| s.0).collect())
                    .unwrap_or_default();
            } else if !t
                .last
                .field(&key, ["pred_files", "pred_spans", "pred_symbols"], &mut map)?
            {
                skip(&mut map)?;
            }
        }
        Ok(t)
    }
}

/// One of `pred_steps`: an object with `files`, `spans`, `symbols`.
struct StepObj(RawStep);

impl<'de> serde::Deserialize<'de> for StepObj {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StepObj, D::Error> {
        d.deserialize_map(StepVisitor)
    }
}

struct StepVisitor;

impl<'de> Visitor<'de> for StepVisitor {
    type Value = StepObj;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a step")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StepObj, A::Error> {
        let mut s = RawStep::default();
        while let Some(key) = map.next_key::<String>()? {
            if !s.field(&key, ["files", "spans", "symbols"], &mut map)? {
                skip(&mut map)?;
            }
        }
        Ok(StepObj(s))
    }
}

/// An object of paths, in the order they came; a path repeated is not the plain shape.
struct Paths<T>(Vec<(String, T)>);

impl<T> Paths<T> {
    fn ordered(mut self, sorted: bool) -> Vec<(String, T)> {
        if sorted {
            // The paths are distinct, so the order is the map's.
            self.0.sort_by(|a, b| a.0.cmp(&b.0));
        }
        self.0
    }
}

impl Paths<Vec<Span>> {
    fn spans(self) -> Paths<Vec<(i64, i64)>> {
        Paths(
            self.0
                .into_iter()
                .map(|(p, s)| (p, s.into_iter().map(|s| s.0).collect()))
                .collect(),
        )
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Paths<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Paths<T>, D::Error> {
        d.deserialize_map(PathsVisitor(std::marker::PhantomData))
    }
}

struct PathsVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for PathsVisitor<T> {
    type Value = Paths<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of paths")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Paths<T>, A::Error> {
        let mut out: Vec<(String, T)> = Vec::new();
        while let Some(path) = map.next_key::<String>()? {
            if out.iter().any(|(p, _)| *p == path) {
                return Err(no());
            }
            let v = map.next_value::<T>()?;
            out.push((path, v));
        }
        Ok(Paths(out))
    }
}

/// A span object whose `start` and `end` are integers with `start <= end` (other keys read as
/// a `Value` and dropped; a repeated key counts the last time).
struct Span((i64, i64));

impl<'de> serde::Deserialize<'de> for Span {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Span, D::Error> {
        d.deserialize_map(SpanVisitor)
    }
}

struct SpanVisitor;

impl<'de> Visitor<'de> for SpanVisitor {
    type Value = Span;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a span")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Span, A::Error> {
        let (mut start, mut end) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "start" => start = Some(map.next_value_seed(Int)?),
                "end" => end = Some(map.next_value_seed(Int)?),
                _ => skip(&mut map)?,
            }
        }
        match (start, end) {
            (Some(a), Some(b)) if b >= a => Ok(Span((a, b))),
            _ => Err(no()),
        }
    }
}

/// A JSON integer within `i64` (what `Value::as_i64` gives); any other value is not plain.
struct Int;

impl<'de> DeserializeSeed<'de> for Int {
    type Value = i64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<i64, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Int {
    type Value = i64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an integer")
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<i64, E> {
        Ok(v)
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<i64, E> {
        i64::try_from(v).map_err(|_| no())
    }
}

#[cfg(test)]
mod tests;
