//! Where `readcov import` writes as it goes: reads rows (with their `base` from the workspace)
//! to `-o FILE` or standard output, `--emit-outcomes` labels and `--emit-patches` changes. A file is written beside its
//! final name and renamed at the end, so an import that imported nothing leaves an existing
//! file as it was.

use anyhow::{Context, Result};
use readcov_files::patches::PatchLines;
use readcov_import::{FileProvider, Imported};
use std::io::{BufWriter, Write};
use std::path::Path;

pub struct Sink<'a> {
    out: Target,
    labels: Option<Target>,
    patches: Option<Patches>,
    pick: &'a dyn Fn(&str) -> Box<dyn FileProvider>,
}

/// `--emit-from`: which of a run's changes `--emit-patches` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EmitFrom {
    /// The log's own final patch, else the replayed change.
    Auto,
    Log,
    Replay,
}

impl From<EmitFrom> for readcov_files::patches::EmitFrom {
    fn from(f: EmitFrom) -> Self {
        match f {
            EmitFrom::Auto => Self::Auto,
            EmitFrom::Log => Self::Log,
            EmitFrom::Replay => Self::Replay,
        }
    }
}

/// `--emit-patches`: where, and the lines (`readcov_files::patches`, shared with Python).
struct Patches {
    target: Target,
    lines: PatchLines,
}

impl Patches {
    /// The counts on stderr.
    fn report(&self) {
        if self.lines.partial > 0 {
            let n = self.lines.partial;
            say!("  patches: {n} run(s) with a partial change (see each line's `partial`)");
        }
        if self.lines.none > 0 {
            let why = self.lines.why_none("--workspace/--workspaces");
            say!("  patches: {} run(s) not written ({why})", self.lines.none);
        }
    }
}

enum Target {
    Stdout {
        w: BufWriter<std::io::Stdout>,
        closed: bool,
    },
    File {
        w: BufWriter<std::fs::File>,
        /// A temp file renamed over the output at the end, or a file that is no regular file
        /// (`/dev/null`, a FIFO) written in place (`crate::output::Dest`).
        dest: crate::output::Dest,
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
                let mut dest = crate::output::Dest::of(p)?;
                let f = dest.open()?;
                Ok(Target::File {
                    w: BufWriter::with_capacity(1 << 20, f),
                    dest,
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
            Target::File { w, dest } => w
                .write_all(bytes)
                .with_context(|| format!("{}: cannot write", dest.target().display())),
        }
    }

    /// Flushes and puts the file in place (`keep`), or removes what was written.
    fn finish(self, keep: bool) -> Result<()> {
        match self {
            Target::Stdout { mut w, closed } => match w.flush() {
                Err(e) if closed || e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.context("cannot write to stdout"),
            },
            Target::File { w, dest } => match w.into_inner() {
                Ok(file) => dest.finish(file, keep),
                Err(e) => {
                    dest.abandon();
                    let path = dest.target().display().to_string();
                    Err(e.into_error()).with_context(|| format!("{path}: cannot write"))
                }
            },
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
            patches: None,
            pick,
        })
    }

    /// Also writes each run's change to `path` (`--emit-patches`).
    pub fn with_patches(mut self, path: Option<&Path>, from: EmitFrom) -> Result<Sink<'a>> {
        if let Some(p) = path {
            self.patches = Some(Patches {
                target: Target::open(Some(p))?,
                lines: PatchLines::new(from.into()),
            });
        }
        Ok(self)
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
        if let Some(p) = &mut self.patches {
            let text = p.lines.lines(&got.changes);
            p.target.write(text.as_bytes())?;
        }
        Ok(())
    }

    /// Puts the outputs in place when anything was imported (`keep`).
    pub fn finish(self, keep: bool) -> Result<()> {
        self.out.finish(keep)?;
        if let Some(l) = self.labels {
            l.finish(keep)?;
        }
        match self.patches {
            Some(p) => {
                p.report();
                p.target.finish(keep)
            }
            None => Ok(()),
        }
    }
}
