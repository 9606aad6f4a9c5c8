//! An input given as a file or as its bytes already in memory (the Python module's rows, written
//! as JSONL): the loaders that take a [`Source`] read both one way.

use crate::{read_input, FileError};
use std::path::PathBuf;

/// An input: a file, or its bytes already in memory with the name errors give them (`<reads>`).
#[derive(Clone, Debug)]
pub enum Source {
    Path(PathBuf),
    Bytes { name: String, bytes: Vec<u8> },
}

impl Source {
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.display().to_string(),
            Source::Bytes { name, .. } => name.clone(),
        }
    }

    /// The whole input, read as every command reads it (a FIFO or a device refused).
    pub fn bytes(&self) -> Result<Vec<u8>, FileError> {
        match self {
            Source::Path(p) => read_input(p),
            Source::Bytes { bytes, .. } => Ok(bytes.clone()),
        }
    }
}
