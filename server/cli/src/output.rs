//! The IO edge for outputs: `-o FILE` writes the file, `-o -` (or no `-o`) standard output, the
//! usual convention for every output a subcommand offers. A file is written beside its final
//! name and renamed over it once complete and synced, so a full disk or a failed run leaves the
//! previous file as it was; and no output may name one of the command's inputs ([`check`]).

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether `-o` names standard output: absent, or `-`.
pub fn is_stdout(out: Option<&Path>) -> bool {
    out.is_none_or(|p| p == Path::new("-"))
}

/// Writes `bytes` to `out` (a file, replaced whole: [`write_file`]) or to standard output
/// (`None` or `-`). A closed pipe (`| head`) is no error.
pub fn write_output(out: Option<&Path>, bytes: &[u8]) -> Result<()> {
    match out.filter(|_| !is_stdout(out)) {
        Some(p) => write_file(p, bytes),
        None => match std::io::stdout().lock().write_all(bytes) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other.context("cannot write to stdout"),
        },
    }
}

/// Where an output file is written.
pub enum Dest {
    /// A regular file (or a new one): written to `tmp` beside `target` (same file system, so the
    /// rename is atomic), then renamed over it. A symlink is followed: its target is replaced,
    /// as writing through it did.
    Replace { tmp: PathBuf, target: PathBuf },
    /// An existing file that is no regular file (`/dev/null`, a FIFO): written in place, since
    /// renaming over it would replace the device or the pipe with a plain file.
    InPlace(PathBuf),
}

impl Dest {
    pub fn of(path: &Path) -> Dest {
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Dest::InPlace(path.to_path_buf());
        }
        let target = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
            }
            _ => path.to_path_buf(),
        };
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
        let tmp = target.with_file_name(format!(".{name}.readcov-{}.tmp", std::process::id()));
        Dest::Replace { tmp, target }
    }

    /// The file the output is put in at the end.
    pub fn target(&self) -> &Path {
        match self {
            Dest::Replace { target, .. } | Dest::InPlace(target) => target,
        }
    }

    /// Opens the file to write to (the temp file, or the special file itself).
    pub fn open(&self) -> Result<std::fs::File> {
        match self {
            Dest::Replace { tmp, .. } => std::fs::File::create(tmp),
            Dest::InPlace(p) => std::fs::OpenOptions::new().write(true).open(p),
        }
        .with_context(|| format!("{}: cannot write", self.target().display()))
    }

    /// Ends the output written to `file` (flushed by the caller): `keep` puts it in place —
    /// synced first (a full disk is an error here, before anything is replaced), the old file's
    /// permissions kept, renamed; otherwise (or on any error) the temp file is removed and the
    /// old file is untouched.
    pub fn finish(&self, file: std::fs::File, keep: bool) -> Result<()> {
        let Dest::Replace { tmp, target } = self else {
            return Ok(());
        };
        let done = match keep {
            false => Ok(()),
            true => (|| -> std::io::Result<()> {
                file.sync_all()?;
                if let Ok(old) = std::fs::metadata(target) {
                    std::fs::set_permissions(tmp, old.permissions())?;
                }
                std::fs::rename(tmp, target)
            })(),
        };
        drop(file);
        if !keep || done.is_err() {
            let _ = std::fs::remove_file(tmp);
        }
        done.with_context(|| format!("{}: cannot write", target.display()))
    }

    /// Removes what was written (a write failed part-way).
    pub fn abandon(&self) {
        if let Dest::Replace { tmp, .. } = self {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Writes `bytes` as the whole of `path` ([`Dest`]: a temp file renamed over it).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let dest = Dest::of(path);
    let mut file = dest.open()?;
    if let Err(e) = file.write_all(bytes) {
        drop(file);
        dest.abandon();
        return Err(e).with_context(|| format!("{}: cannot write", path.display()));
    }
    dest.finish(file, true)
}

/// The same file: both exist and are one inode (through links, `./`, other spellings).
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// Refuses outputs that would destroy or garble something: an output that is one of `inputs`
/// (`import a.json -o a.json` replaced its input), two outputs naming one file, and more than
/// one output on standard output (`stdout_busy`: the command prints its own result there).
/// `outputs` are `(flag, path)` as given; `-` is standard output.
pub fn check(outputs: &[(&str, &Path)], inputs: &[&Path], stdout_busy: bool) -> Result<()> {
    let mut on_stdout = stdout_busy.then_some("the command's own output");
    for (i, &(flag, out)) in outputs.iter().enumerate() {
        if out == Path::new("-") {
            if let Some(other) = on_stdout {
                bail!("{flag} -: standard output already carries {other}; give {flag} a file");
            }
            on_stdout = Some(flag);
            continue;
        }
        if let Some(input) = inputs.iter().find(|i| same_file(out, i)) {
            bail!(
                "{flag} {}: this is also an input ({}); writing it would replace that input, so \
                 choose another file",
                out.display(),
                input.display()
            );
        }
        let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        // Two outputs on one regular file would overwrite each other (`/dev/null` twice is fine).
        let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
        for &(other_flag, other) in &outputs[..i] {
            if !special
                && other != Path::new("-")
                && (same_file(out, other) || abs(out) == abs(other))
            {
                bail!(
                    "{flag} and {other_flag} both name {}; give each its own file",
                    out.display()
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
