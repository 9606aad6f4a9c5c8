//! An input given as a file or as its bytes already in memory (the Python module's rows, written
//! as JSONL): the loaders that take a [`Source`] read both one way.

use super::{GoldChanges, GoldOptions, LoadError, Loaded, LoadedGold, ReadsOptions};
use crate::{read_input, FileError};
use readcov_core::outcomes::Label;
use readcov_core::ReadSpan;
use readcov_import::RunChange;
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

    /// `--units` from this input: its bytes, once the layer has checked they are syntax units (a
    /// file it recognises as another kind is refused, as every flag refuses one).
    pub fn units_bytes(&self) -> Result<Vec<u8>, LoadError> {
        let (name, bytes) = (self.name(), self.bytes()?);
        super::Role::Units.check(&name, super::detect(&name, &bytes))?;
        Ok(bytes)
    }

    /// `--gold` from this input: [`super::load_gold`] for a file, [`super::gold_of`] for bytes.
    pub fn load_gold(self, opts: &GoldOptions) -> Result<LoadedGold, LoadError> {
        match self {
            Source::Path(p) => super::load_gold(&p, opts),
            Source::Bytes { name, bytes } => super::gold_of(&name, bytes, opts),
        }
    }

    /// `--reads` from this input: [`super::load_reads`] or [`super::reads_of`].
    pub fn load_reads(self, opts: &ReadsOptions) -> Result<Loaded<ReadSpan>, LoadError> {
        match self {
            Source::Path(p) => super::load_reads(&p, opts),
            Source::Bytes { name, bytes } => super::reads_of(&name, bytes, opts),
        }
    }

    /// `--outcomes` from this input: [`super::load_outcomes`] or [`super::outcomes_of`].
    pub fn load_outcomes(&self) -> Result<Loaded<Label>, LoadError> {
        match self {
            Source::Path(p) => super::load_outcomes(p),
            Source::Bytes { name, bytes } => super::outcomes_of(name, bytes),
        }
    }

    /// `--gold` with the change behind it (the stages' gold patch): [`super::gold_and_change_of`].
    pub fn load_gold_and_change(
        &self,
        opts: &GoldOptions,
    ) -> Result<(LoadedGold, GoldChanges), LoadError> {
        super::gold_and_change_of(&self.name(), self.bytes()?, opts)
    }

    /// `--reads` with each trajectory's runs' changes: [`super::load_reads_and_changes`] or
    /// [`super::reads_and_changes_of`].
    pub fn load_reads_and_changes(
        &self,
        opts: &ReadsOptions,
    ) -> Result<(Loaded<ReadSpan>, Vec<RunChange>), LoadError> {
        match self {
            Source::Path(p) => super::load_reads_and_changes(p, opts),
            Source::Bytes { name, bytes } => super::reads_and_changes_of(name, bytes.clone(), opts),
        }
    }
}
