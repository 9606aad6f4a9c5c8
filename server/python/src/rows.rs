//! Score rows built as Python dicts field by field: the keys of `readcov score --format jsonl`
//! rows, `task` and `run` first, then the order of the CLI's csv columns (what `to_pandas`
//! shows). Why not JSON text for `json.loads`: serialising 50,880 rows with their breakdown and
//! parsing them back was most of `readcov.score`'s time (6.2 s against the CLI's 0.5 s, issue
//! 39). Keys are interned once; each task, run and gold path becomes one Python string shared by
//! every row that names it (a gold path is in every row of its task).

use crate::pyvalue::{dict_of, serde_to_py};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use readcov_core::metrics::{FileScore, SpanScore};
use readcov_core::sheet::ReadBeforeEdit;
use readcov_core::{Status, TaskRunScore};
use readcov_units::UnitScore;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Turns rows into dicts, sharing one Python string per distinct name.
pub struct RowBuilder<'py> {
    py: Python<'py>,
    names: HashMap<Box<str>, Bound<'py, PyString>>,
    breakdown: bool,
}

impl<'py> RowBuilder<'py> {
    pub fn new(py: Python<'py>, breakdown: bool) -> Self {
        RowBuilder {
            py,
            names: HashMap::new(),
            breakdown,
        }
    }

    /// One Python string per distinct text.
    fn name(&mut self, s: &str) -> Bound<'py, PyString> {
        if let Some(x) = self.names.get(s) {
            return x.clone();
        }
        let x = PyString::new(self.py, s);
        self.names.insert(s.into(), x.clone());
        x
    }

    /// One row: line metrics, unit figures (with a workspace), `read_before_edit` (None for a
    /// run without edits) and, with the breakdown, `files` and `spans`.
    pub fn row(
        &mut self,
        r: &TaskRunScore,
        unit: Option<&UnitScore>,
        rbe: Option<&ReadBeforeEdit>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let s = &r.score;
        let d = PyDict::new(py);
        d.set_item(intern!(py, "task"), self.name(&r.task))?;
        d.set_item(intern!(py, "run"), self.name(&r.run))?;
        let status = match s.status {
            Status::Scored => intern!(py, "scored"),
            Status::Unscored => intern!(py, "unscored"),
            Status::NoRun => intern!(py, "no_run"),
        };
        d.set_item(intern!(py, "status"), status)?;
        d.set_item(intern!(py, "file_hit"), s.file_hit)?;
        d.set_item(intern!(py, "line_coverage"), s.line_coverage)?;
        d.set_item(intern!(py, "precision"), s.precision)?;
        d.set_item(intern!(py, "f1"), s.f1)?;
        d.set_item(intern!(py, "gold_lines"), s.gold_lines)?;
        d.set_item(intern!(py, "read_lines"), s.read_lines)?;
        d.set_item(intern!(py, "covered_lines"), s.covered_lines)?;
        d.set_item(intern!(py, "passes_threshold"), s.passes_threshold)?;
        d.set_item(intern!(py, "gold_files"), s.gold_files)?;
        d.set_item(intern!(py, "files_hit"), s.files_hit)?;
        if let Some(u) = unit {
            if let Ok(Value::Object(map)) = serde_json::to_value(u) {
                d.update(dict_of(py, &map)?.as_mapping())?;
            }
        }
        let rbe = match rbe.filter(|x| x.edits > 0) {
            Some(x) => serde_to_py(py, &rbe_value(x))?,
            None => py.None().into_bound(py),
        };
        d.set_item(intern!(py, "read_before_edit"), rbe)?;
        if self.breakdown {
            d.set_item(intern!(py, "files"), self.files(&s.files)?)?;
            d.set_item(intern!(py, "spans"), self.spans(&s.spans)?)?;
        }
        Ok(d)
    }

    fn files(&mut self, files: &[FileScore]) -> PyResult<Bound<'py, PyList>> {
        let py = self.py;
        let list = PyList::empty(py);
        for f in files {
            let d = PyDict::new(py);
            d.set_item(intern!(py, "path"), self.name(&f.path))?;
            d.set_item(intern!(py, "gold_lines"), f.gold_lines)?;
            d.set_item(intern!(py, "covered_lines"), f.covered_lines)?;
            d.set_item(intern!(py, "coverage"), f.coverage)?;
            d.set_item(intern!(py, "hit"), f.hit)?;
            list.append(d)?;
        }
        Ok(list)
    }

    fn spans(&mut self, spans: &[SpanScore]) -> PyResult<Bound<'py, PyList>> {
        let py = self.py;
        let list = PyList::empty(py);
        for sp in spans {
            let d = PyDict::new(py);
            d.set_item(intern!(py, "path"), self.name(&sp.path))?;
            d.set_item(intern!(py, "start"), sp.start)?;
            d.set_item(intern!(py, "end"), sp.end)?;
            d.set_item(intern!(py, "gold_lines"), sp.gold_lines)?;
            d.set_item(intern!(py, "covered_lines"), sp.covered_lines)?;
            d.set_item(intern!(py, "coverage"), sp.coverage)?;
            let unread = PyList::empty(py);
            for i in sp.unread.intervals() {
                let r = PyDict::new(py);
                r.set_item(intern!(py, "start"), i.start)?;
                r.set_item(intern!(py, "end"), i.end)?;
                unread.append(r)?;
            }
            d.set_item(intern!(py, "unread"), unread)?;
            list.append(d)?;
        }
        Ok(list)
    }
}

/// `read_before_edit` as the CLI's jsonl rows carry it.
fn rbe_value(r: &ReadBeforeEdit) -> Value {
    let w = r.worst.as_ref();
    json!({
        "edits": r.edits,
        "mean": r.mean,
        "worst": w.map(|w| w.coverage),
        "worst_event_id": w.map(|w| w.event_id.clone()),
        "worst_path": w.map(|w| w.path.clone()),
        "worst_region": w.map(|w| w.region),
    })
}
