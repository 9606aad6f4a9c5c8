//! [`Fields`]: typed access to one record's fields, each mistake a located [`InputError`].

use super::{kind_of, InputError};
use crate::path::normalize_path;
use crate::span::DEFAULT_ID;
use serde_json::{Map, Value};

/// Field accessors that produce located errors.
pub struct Fields<'a> {
    pub obj: &'a Map<String, Value>,
    pub file: &'a str,
    pub line: usize,
}

impl Fields<'_> {
    pub fn err(&self, field: &str, msg: impl Into<String>) -> InputError {
        InputError::new(self.file, self.line, Some(field), msg)
    }

    /// A required line number: an integer in `1..=u32::MAX`.
    pub fn line_number(&self, field: &str) -> Result<u32, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Err(self.err(field, "missing")),
            Some(v) => self.integer(field, v, 1),
        }
    }

    /// An optional non-negative integer (turn, step).
    pub fn opt_count(&self, field: &str) -> Result<Option<u32>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => self.integer(field, v, 0).map(Some),
        }
    }

    fn integer(&self, field: &str, v: &Value, min: u64) -> Result<u32, InputError> {
        let Value::Number(n) = v else {
            return Err(self.err(field, format!("expected an integer, found {}", kind_of(v))));
        };
        if let Some(i) = n.as_i64().filter(|i| *i < 0) {
            return Err(self.err(field, format!("must be ≥ {min}, got {i}")));
        }
        let Some(u) = n.as_u64() else {
            return Err(self.err(field, format!("expected an integer, got {n}")));
        };
        if u < min {
            return Err(self.err(field, format!("must be ≥ {min}, got {u}")));
        }
        u32::try_from(u)
            .map_err(|_| self.err(field, format!("{u} is too large (max {})", u32::MAX)))
    }

    /// An optional 1-based `rank` (a retrieved chunk's place in its task's list).
    pub fn opt_rank(&self) -> Result<Option<u32>, InputError> {
        match self.obj.get("rank") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => self.integer("rank", v, 1).map(Some),
        }
    }

    /// An optional finite number (a retriever's score).
    pub fn opt_number(&self, field: &str) -> Result<Option<f64>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => Ok(n.as_f64()),
            Some(v) => Err(self.err(field, format!("expected a number, found {}", kind_of(v)))),
        }
    }

    pub fn string(&self, field: &str) -> Result<&str, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Err(self.err(field, "missing")),
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(self.err(field, format!("expected a string, found {}", kind_of(v)))),
        }
    }

    pub fn opt_string(&self, field: &str) -> Result<Option<&str>, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(self.err(field, format!("expected a string, found {}", kind_of(v)))),
        }
    }

    /// A task or run id: a string or an integer, defaulting to [`DEFAULT_ID`].
    pub fn id(&self, field: &str) -> Result<String, InputError> {
        match self.obj.get(field) {
            None | Some(Value::Null) => Ok(DEFAULT_ID.to_string()),
            Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
            Some(Value::Number(n)) => Ok(n.to_string()),
            Some(v) => Err(self.err(
                field,
                format!("expected a non-empty string, found {}", kind_of(v)),
            )),
        }
    }

    /// `path`, normalised and confined to the workspace.
    pub fn path(&self, workspace: Option<&str>) -> Result<String, InputError> {
        let raw = self.string("path")?;
        normalize_path(raw, workspace).map_err(|e| self.err("path", e.to_string()))
    }

    /// [`Fields::path`], then the IO layer's `check`.
    pub fn checked_path(
        &self,
        workspace: Option<&str>,
        check: PathCheck,
    ) -> Result<String, InputError> {
        let path = self.path(workspace)?;
        check(&path).map_err(|m| self.err("path", m))?;
        Ok(path)
    }

    /// `start` and `end`, with `end ≥ start`.
    pub fn lines(&self) -> Result<(u32, u32), InputError> {
        let start = self.line_number("start")?;
        let end = self.line_number("end")?;
        if end < start {
            return Err(self.err("end", format!("end {end} is before start {start}")));
        }
        Ok((start, end))
    }
}

/// A check on each normalised path, supplied by the IO layer (for example: does it resolve
/// through a symlink out of the workspace?). An `Err` becomes a located error on `path`.
pub type PathCheck<'a> = &'a dyn Fn(&str) -> Result<(), String>;

pub(crate) fn no_check(_: &str) -> Result<(), String> {
    Ok(())
}
