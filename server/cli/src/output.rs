//! The IO edge for outputs: `-o FILE` writes the file, `-o -` (or no `-o`) standard output, the
//! usual convention for every output a subcommand offers. A file is written beside its final
//! name and renamed over it once complete and synced, so a full disk or a failed run leaves the
//! previous file as it was; and no output may name one of the command's inputs ([`check`]).
//! Nothing is written through a symbolic link, and files readcov names itself in a folder the
//! user named never replace a file of the user's ([`write_in`]; docs/reliability.md).

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
        None => {
            // Flushed here: a write error the buffer held (a full disk) is this call's, not
            // lost at exit.
            let mut w = std::io::stdout().lock();
            match w.write_all(bytes).and_then(|()| w.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.context("cannot write to stdout"),
            }
        }
    }
}

/// Prints `text` on standard output; a closed pipe (`| head`) is no error, where `print!` panics.
pub fn print(text: &str) -> Result<()> {
    write_output(None, text.as_bytes())
}

/// Whether `e` is a write into a closed pipe (`readcov units … | head`): the reader has what it
/// wanted, so the command ends as it would have, exit 0, without a word.
pub fn is_closed_pipe(e: &anyhow::Error) -> bool {
    let broken = |k: Option<std::io::ErrorKind>| k == Some(std::io::ErrorKind::BrokenPipe);
    e.chain().any(|c| {
        broken(c.downcast_ref::<std::io::Error>().map(std::io::Error::kind))
            || broken(
                c.downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind),
            )
    })
}

/// Where an output file is written.
pub enum Dest {
    /// A regular file (or a new one): written to a temp file beside `target` (same file system,
    /// so the rename is atomic; made with `O_EXCL`, so never through something already there),
    /// then renamed over it.
    Replace { tmp: PathBuf, target: PathBuf },
    /// An existing file that is no regular file (`/dev/null`, a FIFO) named as such: written in
    /// place, since renaming over it would replace the device or the pipe with a plain file.
    InPlace(PathBuf),
}

/// A symbolic link at an output's path is refused, never written through: a link planted in
/// a repository (`out.jsonl -> ~/.bashrc`) made readcov replace the file it points to.
fn refuse_link(path: &Path) -> Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        let to = std::fs::read_link(path).map_or_else(|_| "?".into(), |t| t.display().to_string());
        bail!(
            "{}: is a symbolic link (to {to}); readcov does not write through a link: name the \
             file itself",
            path.display()
        );
    }
    Ok(())
}

/// Whether `path` names one of the process's own streams, links the system makes and no
/// repository can plant: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` (a shell's `>(gzip >
/// out.gz)` gives `/dev/fd/63`), `/proc/self/fd/N`, `/proc/thread-self/fd/N`. Any other link,
/// under `/dev` too (`/dev/shm` is anyone's), is refused.
fn is_stream(path: &Path) -> bool {
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return false;
    };
    let fd = || name.to_str().is_some_and(|n| n.parse::<u32>().is_ok());
    match parent.to_str() {
        Some("/dev") => name == "stdout" || name == "stderr",
        Some("/dev/fd" | "/proc/self/fd" | "/proc/thread-self/fd") => fd(),
        _ => false,
    }
}

impl Dest {
    /// Where `path` is written: refused when it is a symbolic link, unless it names one of the
    /// process's own streams ([`is_stream`]: `-o /dev/stdout`), written in place.
    pub fn of(path: &Path) -> Result<Dest> {
        if !is_stream(path) {
            refuse_link(path)?;
        }
        if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
            return Ok(Dest::InPlace(path.to_path_buf()));
        }
        Ok(Dest::Replace {
            tmp: PathBuf::new(),
            target: path.to_path_buf(),
        })
    }

    /// The file the output is put in at the end.
    pub fn target(&self) -> &Path {
        match self {
            Dest::Replace { target, .. } | Dest::InPlace(target) => target,
        }
    }

    /// Opens the file to write to: a new temp file beside the target — `O_EXCL`, so a name
    /// already taken (by a link planted at the name readcov would pick, or another run) is
    /// never opened, the next name is tried — or the special file itself.
    pub fn open(&mut self) -> Result<std::fs::File> {
        let target = self.target().to_path_buf();
        let cannot = || format!("{}: cannot write", target.display());
        match self {
            Dest::Replace { tmp, target } => {
                let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
                let pid = std::process::id();
                for k in 0..64 {
                    let try_name = match k {
                        0 => format!(".{name}.readcov-{pid}.tmp"),
                        _ => format!(".{name}.readcov-{pid}-{k}.tmp"),
                    };
                    let path = target.with_file_name(try_name);
                    let made = std::fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .open(&path);
                    match made {
                        Ok(f) => {
                            *tmp = path;
                            return Ok(f);
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(e).with_context(cannot),
                    }
                }
                bail!(
                    "{}: cannot write: every temp name beside it is taken",
                    target.display()
                )
            }
            Dest::InPlace(p) => {
                use std::os::unix::fs::OpenOptionsExt;
                // `of` saw no link here, but a link swapped in since (a FIFO replaced by
                // `out -> ~/.bashrc`) must not be followed: `O_NOFOLLOW`, except for the
                // process's own streams, which are links by nature.
                let no_follow = match is_stream(p) {
                    true => 0,
                    false => libc::O_NOFOLLOW,
                };
                std::fs::OpenOptions::new()
                    .write(true)
                    .custom_flags(no_follow)
                    .open(p)
                    .with_context(cannot)
            }
        }
    }

    /// Ends the output written to `file` (flushed by the caller): `keep` puts it in place —
    /// synced first (a full disk is an error here, before anything is replaced), the old file's
    /// permissions kept, renamed (the rename replaces the name, never a file a link points to);
    /// otherwise (or on any error) the temp file is removed and the old file is untouched.
    pub fn finish(&self, file: std::fs::File, keep: bool) -> Result<()> {
        let Dest::Replace { tmp, target } = self else {
            return Ok(());
        };
        let done = match keep {
            false => Ok(()),
            true => (|| -> std::io::Result<()> {
                file.sync_all()?;
                if let Ok(old) = std::fs::symlink_metadata(target) {
                    if old.is_file() {
                        file.set_permissions(old.permissions())?;
                    }
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
            if !tmp.as_os_str().is_empty() {
                let _ = std::fs::remove_file(tmp);
            }
        }
    }
}

/// Writes `bytes` as the whole of `path` ([`Dest`]: a temp file renamed over it).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut dest = Dest::of(path)?;
    let mut file = dest.open()?;
    if let Err(e) = file.write_all(bytes) {
        drop(file);
        dest.abandon();
        return Err(e).with_context(|| format!("{}: cannot write", path.display()));
    }
    dest.finish(file, true)
}

/// Whether the file at `path` (of `len` bytes) holds exactly `bytes` (read only when the
/// lengths agree).
fn holds(path: &Path, len: u64, bytes: &[u8]) -> bool {
    len == bytes.len() as u64 && std::fs::read(path).is_ok_and(|b| b == bytes)
}

/// Writes files readcov names itself inside `dir`, a folder the user named (`demo --write
/// DIR`): `files` are (path relative to `dir`, bytes). `dir` is made if missing (it may be a
/// link: the user named it); below it nothing is written through a symbolic link (a file or a
/// folder), and a file already there is replaced only when it holds these very bytes (a rerun)
/// — anything else is the user's, and is refused by name. Everything is checked before any
/// file is written, so a refusal writes nothing.
pub fn write_in(dir: &Path, files: &[(PathBuf, Vec<u8>)]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    for (rel, bytes) in files {
        let mut at = dir.to_path_buf();
        let parts: Vec<_> = rel.components().collect();
        for (i, part) in parts.iter().enumerate() {
            at.push(part);
            let Ok(m) = std::fs::symlink_metadata(&at) else {
                break;
            };
            let last = i + 1 == parts.len();
            if m.file_type().is_symlink() {
                refuse_link(&at)?;
            } else if !last && !m.is_dir() {
                bail!(
                    "{}: is not a folder; readcov writes nothing into it",
                    at.display()
                );
            } else if last && m.is_file() && !holds(&at, m.len(), bytes) {
                bail!(
                    "{}: already exists and is not what readcov writes there; it is left as it \
                     is (move it away or choose another folder)",
                    at.display()
                );
            }
        }
    }
    let mut written = Vec::new();
    for (rel, bytes) in files {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            // Checked above: each folder below `dir` is a real folder or missing.
            std::fs::create_dir_all(parent)
                .with_context(|| format!("{}: cannot create", parent.display()))?;
        }
        write_file(&path, bytes)?;
        written.push(path);
    }
    Ok(written)
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
