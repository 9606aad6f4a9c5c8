//! The per-file and per-span breakdown as columns, built when Python first asks for it
//! (`score(..., breakdown="columns")`, issue 39). Why: as nested lists of dicts in every row the
//! breakdown was 0.95 s of `score`'s 1.10 s and 312 of its 376 MB on 50,880 rows (a dict per
//! file, per span and per unread range); kept here as the engine's own values it costs what the
//! CLI's rows cost, and turned into one list per column (what `pandas.DataFrame` and
//! `pyarrow.table` take) it needs one Python object per cell, no dicts.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use readcov_core::metrics::{FileScore, SpanScore};
use std::collections::HashMap;

/// One row's breakdown: its task and run, with the engine's figures.
struct Entry {
    task: Box<str>,
    run: Box<str>,
    files: Vec<FileScore>,
    spans: Vec<SpanScore>,
}

/// The breakdown of every row of one `score` call, in row order.
#[pyclass(frozen, module = "readcov._native")]
#[derive(Default)]
pub struct Breakdown {
    entries: Vec<Entry>,
}

impl Breakdown {
    pub fn push(&mut self, task: &str, run: &str, files: Vec<FileScore>, spans: Vec<SpanScore>) {
        self.entries.push(Entry {
            task: task.into(),
            run: run.into(),
            files,
            spans,
        });
    }
}

/// One Python string per distinct text (every row of a task names its gold paths).
struct Names<'a, 'py> {
    py: Python<'py>,
    seen: HashMap<&'a str, Bound<'py, PyString>>,
}

impl<'a, 'py> Names<'a, 'py> {
    fn new(py: Python<'py>) -> Self {
        Names {
            py,
            seen: HashMap::new(),
        }
    }

    fn get(&mut self, s: &'a str) -> Bound<'py, PyString> {
        let py = self.py;
        self.seen
            .entry(s)
            .or_insert_with(|| PyString::new(py, s))
            .clone()
    }
}

/// Columns named `keys`, in order, each a list.
fn table<'py>(
    py: Python<'py>,
    keys: &[&str],
) -> PyResult<(Bound<'py, PyDict>, Vec<Bound<'py, PyList>>)> {
    let d = PyDict::new(py);
    let cols: Vec<_> = keys.iter().map(|_| PyList::empty(py)).collect();
    for (k, c) in keys.iter().zip(&cols) {
        d.set_item(*k, c)?;
    }
    Ok((d, cols))
}

#[pymethods]
impl Breakdown {
    /// One row per (task, run, gold file): task, run, path, gold_lines, covered_lines, coverage, hit.
    fn files<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let keys = [
            "task",
            "run",
            "path",
            "gold_lines",
            "covered_lines",
            "coverage",
            "hit",
        ];
        let (d, c) = table(py, &keys)?;
        let mut names = Names::new(py);
        for e in &slf.get().entries {
            for f in &e.files {
                c[0].append(names.get(&e.task))?;
                c[1].append(names.get(&e.run))?;
                c[2].append(names.get(&f.path))?;
                c[3].append(f.gold_lines)?;
                c[4].append(f.covered_lines)?;
                c[5].append(f.coverage)?;
                c[6].append(f.hit)?;
            }
        }
        Ok(d)
    }

    /// One row per (task, run, gold span): task, run, path, start, end, gold_lines,
    /// covered_lines, coverage, unread (the ranges nobody read, as `[start, end]` pairs).
    fn spans<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let keys = [
            "task",
            "run",
            "path",
            "start",
            "end",
            "gold_lines",
            "covered_lines",
            "coverage",
            "unread",
        ];
        let (d, c) = table(py, &keys)?;
        let mut names = Names::new(py);
        for e in &slf.get().entries {
            for s in &e.spans {
                c[0].append(names.get(&e.task))?;
                c[1].append(names.get(&e.run))?;
                c[2].append(names.get(&s.path))?;
                c[3].append(s.start)?;
                c[4].append(s.end)?;
                c[5].append(s.gold_lines)?;
                c[6].append(s.covered_lines)?;
                c[7].append(s.coverage)?;
                let unread = PyList::empty(py);
                for i in s.unread.intervals() {
                    unread.append(PyList::new(py, [i.start, i.end])?)?;
                }
                c[8].append(unread)?;
            }
        }
        Ok(d)
    }
}
