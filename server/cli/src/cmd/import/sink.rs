//! Where `readcov import` writes as it goes: reads rows (with their `base` from the workspace)
//! to `-o FILE` or standard output, and `--emit-outcomes` labels. A file is written beside its
//! final name and renamed at the end, so an import that imported nothing leaves an existing
//! file as it was.

use anyhow::{Context, Result};
use readcov_import::{FileProvider, Imported};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub struct Sink<'a> {
    out: Target,
    labels: Option<Target>,
    pick: &'a dyn Fn(&str) -> Box<dyn FileProvider>,
}

enum Target {
    Stdout {
        w: BufWriter<std::io::Stdout>,
        closed: bool,
    },
    File {
        w: BufWriter<std::fs::File>,
        tmp: PathBuf,
        path: PathBuf,
    },
}

impl Target {
    fn open(path: Option<&Path>) -> Result<Target> {
        match path.filter(|_| !crate::output::is_stdout(path)) {
            None => Ok(Target::Stdout {
                w: BufWriter::with_capacity(1 << 20, std::io::stdout()),
                closed: false,
            }),
            Some(p) => {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("out");
                let tmp = p.with_file_name(format!(".{name}.readcov-{}.tmp", std::process::id()));
                let f = std::fs::File::create(&tmp)
                    .with_context(|| format!("{}: cannot write", p.display()))?;
                Ok(Target::File {
                    w: BufWriter::with_capacity(1 << 20, f),
                    tmp,
                    path: p.to_path_buf(),
                })
            }
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<()> {
        match self {
            // A closed pipe (`| head`) is no error: the rest is not written.
            Target::Stdout { closed: true, .. } => Ok(()),
            Target::Stdout { w, closed } => match w.write_all(bytes) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    *closed = true;
                    Ok(())
                }
                other => other.context("cannot write to stdout"),
            },
            Target::File { w, path, .. } => w
                .write_all(bytes)
                .with_context(|| format!("{}: cannot write", path.display())),
        }
    }

    /// Flushes and puts the file in place (`keep`), or removes what was written.
    fn finish(self, keep: bool) -> Result<()> {
        match self {
            Target::Stdout { mut w, closed } => match w.flush() {
                Err(e) if closed || e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.context("cannot write to stdout"),
            },
            Target::File { w, tmp, path } => {
                let flushed = w.into_inner().map_err(|e| e.into_error());
                if !keep {
                    let _ = std::fs::remove_file(&tmp);
                    return Ok(());
                }
                flushed.with_context(|| format!("{}: cannot write", path.display()))?;
                std::fs::rename(&tmp, &path)
                    .with_context(|| format!("{}: cannot write", path.display()))
            }
        }
    }
}

impl<'a> Sink<'a> {
    pub fn open(
        out: Option<&Path>,
        labels: Option<&Path>,
        pick: &'a dyn Fn(&str) -> Box<dyn FileProvider>,
    ) -> Result<Sink<'a>> {
        Ok(Sink {
            out: Target::open(out)?,
            labels: labels.map(|p| Target::open(Some(p))).transpose()?,
            pick,
        })
    }

    /// Writes one imported log's rows and labels.
    pub fn write(&mut self, got: &Imported) -> Result<()> {
        // Rows of a file the workspace has record its `base` (what they were checked against).
        let text = readcov_files::base::reads_jsonl_with_base(&got.rows, self.pick)?;
        self.out.write(text.as_bytes())?;
        if let Some(l) = &mut self.labels {
            let mut text = String::new();
            for x in &got.labels {
                let row = serde_json::json!({"task": x.task, "run": x.run, "resolved": x.resolved, "from": x.field});
                text.push_str(&row.to_string());
                text.push('\n');
            }
            l.write(text.as_bytes())?;
        }
        Ok(())
    }

    /// Puts the outputs in place when anything was imported (`keep`).
    pub fn finish(self, keep: bool) -> Result<()> {
        self.out.finish(keep)?;
        match self.labels {
            Some(l) => l.finish(keep),
            None => Ok(()),
        }
    }
}
