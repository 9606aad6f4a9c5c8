//! Naming a file `readcov import` could not read as a log, by the input layer's detection: the
//! importer knows only logs, this layer knows every kind and where each goes.

use super::{detect, InputKind};

/// What a file that `readcov import` could not read as a log is, when the input layer knows it:
/// `looks like …: where it goes` (a diff, SWE-bench rows, gold, reads, a harness file, …). `None`
/// for a file of unknown kind, a log or Parquet rows: the importer's own message stands then.
/// The importer asks here rather than keeping a second rule of its own for the same files.
pub fn not_a_log(name: &str, bytes: &[u8]) -> Option<String> {
    match detect(name, bytes) {
        InputKind::Log(_) => None,
        kind => named(kind, name),
    }
}

/// A file `readcov merge` could not read as a partial: `name: looks like …, not a readcov
/// partial (… where it goes)` when the input layer knows the kind, else `name: why` as the
/// partial's parser said it.
pub fn partial_of(name: &str, bytes: &[u8]) -> Result<readcov_core::PartialFile, String> {
    readcov_core::PartialFile::parse(bytes).map_err(|why| {
        let kind = detect(name, bytes);
        match known(kind) {
            true => format!(
                "{name}: looks like {}, not a readcov partial (`--emit-partial FILE` writes one){}",
                kind.looks_like(),
                where_it_goes(kind, name)
            ),
            false => format!("{name}: {why}"),
        }
    })
}

/// `looks like …: where it goes` for a kind the layer can name.
fn named(kind: InputKind, name: &str) -> Option<String> {
    known(kind).then(|| {
        format!(
            "looks like {}{}",
            kind.looks_like(),
            where_it_goes(kind, name)
        )
    })
}

/// Whether the layer can name `kind` (not unknown, not Parquet rows of no known shape).
fn known(kind: InputKind) -> bool {
    !matches!(kind, InputKind::Unknown | InputKind::Parquet)
}

/// `: where it goes`, or nothing for a kind with no place.
fn where_it_goes(kind: InputKind, name: &str) -> String {
    match kind.goes_to(name) {
        to if to.is_empty() => String::new(),
        to => format!(": {to}"),
    }
}

#[cfg(test)]
mod tests;
