//! `NAME=FILE` arguments (`--gold NAME=FILE`, `--outcomes RUN=FILE`, `--test-report RUN=FILE`):
//! the one rule the CLI and the Python module split them by.

use std::path::{Path, PathBuf};

/// `NAME=FILE` when NAME is a plain label (ASCII letters, digits, `_`, `-`, `.`) and no file is
/// named like the whole argument; else the whole argument is the file. `NAME=` with nothing
/// after it is refused.
pub fn named_file(arg: &str) -> Result<(Option<String>, PathBuf), String> {
    if let Some((name, path)) = arg.split_once('=') {
        let plain = !name.is_empty()
            && (name.chars()).all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if plain && !Path::new(arg).exists() {
            if path.is_empty() {
                return Err(format!("`{arg}`: no file after `{name}=`"));
            }
            return Ok((Some(name.to_string()), PathBuf::from(path)));
        }
    }
    Ok((None, PathBuf::from(arg)))
}
