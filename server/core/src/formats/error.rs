//! [`InputError`], a located problem in an input file, and [`Parsed`], the items and errors of one
//! file.

use thiserror::Error;

/// A located problem in an input file. `line` is 1-based; 0 means the file as a whole.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}", self.render())]
pub struct InputError {
    pub file: String,
    pub line: usize,
    pub field: Option<String>,
    pub message: String,
}

impl InputError {
    pub fn new(file: &str, line: usize, field: Option<&str>, message: impl Into<String>) -> Self {
        InputError {
            file: file.to_string(),
            line,
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    /// The message as printed: the file name, field and message escaped and cut
    /// ([`crate::shown::shown`]), since all three may carry an input's text (a path with a line
    /// break or escape codes, a 500 MB value).
    fn render(&self) -> String {
        use crate::shown::shown;
        let file = shown(&self.file);
        let loc = if self.line == 0 {
            file.into_owned()
        } else {
            format!("{file}:{}", self.line)
        };
        let message = shown(&self.message);
        match &self.field {
            Some(f) => format!("{loc}: field `{}`: {message}", shown(f)),
            None => format!("{loc}: {message}"),
        }
    }
}

/// The records that parsed, and an error for each line that did not.
#[derive(Debug, Clone)]
pub struct Parsed<T> {
    pub items: Vec<T>,
    pub errors: Vec<InputError>,
    /// Non-blank lines seen (valid + invalid).
    pub records: usize,
}

impl<T> Default for Parsed<T> {
    fn default() -> Self {
        Parsed {
            items: Vec::new(),
            errors: Vec::new(),
            records: 0,
        }
    }
}
