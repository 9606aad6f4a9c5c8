//! Where `readcov import` writes as it goes: reads rows (with their `base` from the workspace)
//! to `-o FILE` or standard output, `--emit-outcomes` labels and `--emit-patches` changes. A file is written beside its
//! final name and renamed at the end, so an import that imported nothing leaves an existing
//! file as it was.

use anyhow::{Context, Result};
use readcov_import::{FileProvider, Imported, RunChange};
use readcov_patch::prediction_line;
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

/// `--emit-patches`: where, which change, and the runs written partial or not at all.
struct Patches {
    target: Target,
    from: EmitFrom,
    partial: usize,
    none: usize,
}

impl Patches {
    /// Each run's change as a predictions line.
    fn lines(&mut self, changes: &[RunChange]) -> String {
        let mut out = String::new();
        for c in changes {
            let replayed =
                || (c.replayed.as_ref()).map(|r| (r.patch.as_str(), &r.partial[..], "replay"));
            let logged = || c.submitted.as_deref().map(|p| (p, &[][..], "log"));
            let pick = match self.from {
                EmitFrom::Auto => logged().or_else(replayed),
                EmitFrom::Log => logged(),
                EmitFrom::Replay => replayed(),
            };
            match pick {
                Some((patch, lost, source)) => {
                    self.partial += usize::from(!lost.is_empty());
                    out += &prediction_line(&c.task, &c.run, patch, lost, source);
                }
                None => self.none += 1,
            }
        }
        out
    }

    /// The counts on stderr.
    fn report(&self) {
        if self.partial > 0 {
            let n = self.partial;
            say!("  patches: {n} run(s) with a partial change (see each line's `partial`)");
        }
        if self.none > 0 {
            let why = match self.from {
                EmitFrom::Log => "no final patch in the log",
                _ => "no final patch in the log, and no --workspace/--workspaces to replay its edits on",
            };
            say!("  patches: {} run(s) not written ({why})", self.none);
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
                from,
                partial: 0,
                none: 0,
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
            let text = p.lines(&got.changes);
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
