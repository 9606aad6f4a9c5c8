//! SWE-bench predictions (what each run submitted: `instance_id`, `model_name_or_path`,
//! `model_patch`, in any form the harness takes) as an input kind: the file is checked to be
//! predictions, then parsed by `readcov-patch`'s `parse_predictions`, so every command that takes
//! patches reads them one way and refuses the same wrong files.

use super::{detect, LoadError, Loaded, Role};
use crate::read_input;
use std::path::Path;

pub use readcov_patch::{parse_predictions, Prediction};

/// Reads and parses a predictions file; any other kind (reads, gold, a trajectory) is refused.
pub fn load_predictions(path: &Path) -> Result<Loaded<Prediction>, LoadError> {
    let name = path.display().to_string();
    predictions_of(&name, &read_input(path)?)
}

/// [`load_predictions`] for bytes already read (the Python module's input).
pub fn predictions_of(name: &str, bytes: &[u8]) -> Result<Loaded<Prediction>, LoadError> {
    let kind = detect(name, bytes);
    Role::Predictions.check(name, kind)?;
    Loaded::usable(
        Role::Predictions,
        name,
        kind,
        parse_predictions(bytes, name),
    )
}
