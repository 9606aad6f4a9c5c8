//! The IO edge for inputs: reads gold and reads files, reports located errors on stderr, and
//! measures file lengths inside a `--workspace` (never following a path out of it).

use anyhow::{Context, Result};
use readcov_core::{
    parse_gold_checked, parse_reads_checked, GoldSpan, InputError, Parsed, ReadSpan,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Reads a whole input file; a directory, a missing file or a FIFO is a clear error.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    let meta =
        std::fs::metadata(path).with_context(|| format!("{}: cannot open", path.display()))?;
    if !meta.is_file() {
        anyhow::bail!("{}: not a regular file", path.display());
    }
    std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
}

/// The workspace root as an absolute path string, for lexical path confinement.
pub fn workspace_root(ws: Option<&Path>) -> Result<Option<String>> {
    let Some(ws) = ws else { return Ok(None) };
    let abs =
        std::path::absolute(ws).with_context(|| format!("{}: bad workspace path", ws.display()))?;
    if !abs.is_dir() {
        anyhow::bail!("{}: workspace is not a directory", ws.display());
    }
    Ok(Some(abs.to_string_lossy().into_owned()))
}

/// Loads and parses a gold file; errors are collected, not fatal.
pub fn load_gold(path: &Path, workspace: Option<&str>) -> Result<Parsed<GoldSpan>> {
    let bytes = read_input(path)?;
    let root = canonical_root(workspace);
    let check = |p: &str| inside_workspace(root.as_deref(), p);
    Ok(parse_gold_checked(
        &bytes,
        &path.display().to_string(),
        workspace,
        &check,
    ))
}

/// Loads and parses a reads file; errors are collected, not fatal.
pub fn load_reads(path: &Path, workspace: Option<&str>) -> Result<Parsed<ReadSpan>> {
    let bytes = read_input(path)?;
    let root = canonical_root(workspace);
    let check = |p: &str| inside_workspace(root.as_deref(), p);
    Ok(parse_reads_checked(
        &bytes,
        &path.display().to_string(),
        workspace,
        &check,
    ))
}

fn canonical_root(workspace: Option<&str>) -> Option<PathBuf> {
    workspace.and_then(|w| Path::new(w).canonicalize().ok())
}

/// With a workspace, a path that exists must resolve (through symlinks) inside it: a link out of
/// the workspace is an input error, not a file readcov will measure. Missing files are fine
/// (gold may name files the checkout lacks); without a workspace nothing is checked.
pub fn inside_workspace(root: Option<&Path>, rel: &str) -> Result<(), String> {
    let Some(root) = root else { return Ok(()) };
    let joined = root.join(rel);
    if std::fs::symlink_metadata(&joined).is_err() {
        return Ok(());
    }
    match joined.canonicalize() {
        Ok(real) if real.starts_with(root) => Ok(()),
        Ok(real) => Err(format!(
            "resolves through a symlink to {}, outside the workspace",
            real.display()
        )),
        // A dangling or looping link: nothing readcov could read, and nothing outside either.
        Err(_) => Ok(()),
    }
}

/// Prints each located error on stderr and returns how many there were.
pub fn report_errors(errors: &[InputError]) -> usize {
    for e in errors {
        eprintln!("error: {e}");
    }
    errors.len()
}

/// Line counts of workspace files, for clipping spans past the end of a file. Files that are
/// missing, unreadable or resolve (through symlinks) outside the workspace stay unknown.
pub fn workspace_lengths<'a>(
    ws: Option<&Path>,
    paths: impl IntoIterator<Item = &'a str>,
) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    let Some(root) = ws.and_then(|w| w.canonicalize().ok()) else {
        return out;
    };
    for p in paths {
        if out.contains_key(p) {
            continue;
        }
        if let Some(n) = confined_file(&root, p)
            .and_then(|f| std::fs::read(f).ok())
            .map(|b| count_lines(&b))
        {
            out.insert(p.to_string(), n);
        }
    }
    out
}

/// `root/rel` resolved through symlinks, if it is a regular file inside `root`.
pub fn confined_file(root: &Path, rel: &str) -> Option<PathBuf> {
    let real = root.join(rel).canonicalize().ok()?;
    (real.starts_with(root) && real.is_file()).then_some(real)
}

/// Lines in a text: a final line without `\n` still counts; an empty file has 0 lines.
pub fn count_lines(bytes: &[u8]) -> u32 {
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let extra = usize::from(!bytes.is_empty() && !bytes.ends_with(b"\n"));
    u32::try_from(newlines + extra).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::count_lines;

    #[test]
    fn counts_lines() {
        assert_eq!(count_lines(b""), 0);
        assert_eq!(count_lines(b"a"), 1);
        assert_eq!(count_lines(b"a\n"), 1);
        assert_eq!(count_lines(b"a\nb"), 2);
        assert_eq!(count_lines(b"a\r\nb\r\n"), 2);
    }
}
