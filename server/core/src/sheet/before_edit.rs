//! Read-before-edit coverage, no gold needed: for each edit, the share of the enclosing unit
//! (function, method, class… from a syntax tree) the agent had read before making the edit. Where
//! no unit is known, the region is the edited lines widened by [`WINDOW_LINES`] on each side.
//!
//! Units arrive as plain `(start, end)` line ranges per file, so this module stays pure; the
//! tree-sitter side lives in another crate.

use super::events::Event;
use crate::formats::{parse_jsonl, Parsed};
use crate::group::by_task_run;
use crate::lean::FxHasher;
use crate::lineset::LineSet;
use crate::metrics::FileLengths;
use crate::span::{counts_as_read, EventKind, ReadSpan, Source};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::BuildHasherDefault;

/// Lines added on each side of an edit when no syntax unit encloses it.
pub const WINDOW_LINES: u32 = 10;

/// Syntax units per file, as inclusive 1-based line ranges (nested units allowed).
pub trait Units {
    fn units_in(&self, path: &str) -> Option<&[(u32, u32)]>;
}

/// No units known: every edit uses the ±[`WINDOW_LINES`] window.
pub struct NoUnits;

impl Units for NoUnits {
    fn units_in(&self, _: &str) -> Option<&[(u32, u32)]> {
        None
    }
}

impl Units for BTreeMap<String, Vec<(u32, u32)>> {
    fn units_in(&self, path: &str) -> Option<&[(u32, u32)]> {
        self.get(path).map(Vec::as_slice)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RegionKind {
    /// The smallest syntax unit containing the edit (or the units it straddles).
    Unit,
    /// The edit ±[`WINDOW_LINES`] lines.
    Window,
}

/// One edit and how much of its region had been read before it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EditRead {
    pub event_id: String,
    pub turn: u32,
    pub path: String,
    pub start: u32,
    pub end: u32,
    pub region: RegionKind,
    pub region_start: u32,
    pub region_end: u32,
    pub region_lines: u64,
    pub read_lines: u64,
    pub coverage: f64,
}

/// Per run: every edit, the mean share and the worst edit.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ReadBeforeEdit {
    pub edits: usize,
    pub mean: Option<f64>,
    pub worst: Option<EditRead>,
    pub per_edit: Vec<EditRead>,
}

/// The region an edit of `start..=end` in `path` is judged against.
pub fn enclosing_region(
    path: &str,
    start: u32,
    end: u32,
    units: &dyn Units,
    lengths: &dyn FileLengths,
) -> (RegionKind, u32, u32) {
    let list = units.units_in(path).unwrap_or(&[]);
    let containing = list
        .iter()
        .filter(|(s, e)| *s <= start && end <= *e)
        .min_by_key(|(s, e)| e.saturating_sub(*s));
    if let Some(&(s, e)) = containing {
        return (RegionKind::Unit, s, e);
    }
    // An edit straddling units is judged against all of them together.
    let overlapping: Vec<&(u32, u32)> = list
        .iter()
        .filter(|(s, e)| *s <= end && start <= *e)
        .collect();
    if !overlapping.is_empty() {
        let s = overlapping
            .iter()
            .map(|u| u.0)
            .chain([start])
            .min()
            .unwrap_or(start);
        let e = overlapping
            .iter()
            .map(|u| u.1)
            .chain([end])
            .max()
            .unwrap_or(end);
        return (RegionKind::Unit, s, e);
    }
    let lo = start.saturating_sub(WINDOW_LINES).max(1);
    let mut hi = end.saturating_add(WINDOW_LINES);
    // Clip to the file, but never below the edit itself (an edit may append past the old end).
    if let Some(n) = lengths.lines_in(path) {
        hi = hi.min(n.max(end));
    }
    (RegionKind::Window, lo, hi)
}

/// Read-before-edit coverage of one run's ordered events.
pub fn read_before_edit(
    events: &[Event],
    units: &dyn Units,
    lengths: &dyn FileLengths,
) -> ReadBeforeEdit {
    walk(events.iter().map(Step::of_event), units, lengths)
}

/// One event as [`walk`] takes it: borrowed from an [`Event`] or straight from a row, so a run
/// ordered from its rows copies no id or path but its edits' (into their [`EditRead`]).
struct Step<'a> {
    id: StepId<'a>,
    turn: u32,
    kind: EventKind,
    path: &'a str,
    start: u32,
    end: u32,
    counts_as_read: bool,
}

/// An event id as written, or the 1-based place of a row among its run's rows (`e<n>`, as
/// [`order_events`](super::events::order_events) names it).
enum StepId<'a> {
    Text(&'a str),
    Row(usize),
}

impl<'a> Step<'a> {
    fn of_event(e: &'a Event) -> Self {
        Step {
            id: StepId::Text(&e.id),
            turn: e.turn,
            kind: e.kind,
            path: &e.path,
            start: e.start,
            end: e.end,
            counts_as_read: e.counts_as_read,
        }
    }

    /// Row `i` of a run (file order), as [`order_events`](super::events::order_events) makes
    /// it an [`Event`].
    fn of_row(i: usize, r: &'a ReadSpan, sources: &BTreeSet<Source>) -> Self {
        Step {
            id: StepId::Row(i),
            turn: r.turn.unwrap_or(0),
            kind: r.kind,
            path: &r.path,
            start: r.start,
            end: r.end,
            counts_as_read: counts_as_read(r.kind, r.source, sources),
        }
    }

    fn id(&self) -> String {
        match self.id {
            StepId::Text(s) => s.to_string(),
            StepId::Row(i) => format!("e{}", i + 1),
        }
    }
}

/// The one walk behind [`read_before_edit`] and [`read_before_edit_by_run`]: each edit against
/// the lines of its file read before it (as [`super::events::ReadSoFar`] keeps them, here keyed
/// by the borrowed path).
fn walk<'a>(
    steps: impl Iterator<Item = Step<'a>>,
    units: &dyn Units,
    lengths: &dyn FileLengths,
) -> ReadBeforeEdit {
    let mut read: HashMap<&'a str, LineSet, BuildHasherDefault<FxHasher>> = HashMap::default();
    let mut per_edit = Vec::new();
    for e in steps {
        if e.kind == EventKind::Edit {
            let (region, s, t) = enclosing_region(e.path, e.start, e.end, units, lengths);
            let set = LineSet::span(s, t);
            // Reads are clipped to the file's length when it is known (docs/formats.md, "Paths"),
            // edits are not: a region reaching past the end (an edit there) has no read line
            // there. Clipping the region once per edit costs less than clipping every read.
            let upto = lengths.lines_in(e.path).map_or(t, |n| t.min(n));
            let read_lines = match read.get(e.path) {
                Some(r) if upto == t => r.intersection_len(&set),
                Some(r) if upto >= s => r.intersection_len(&LineSet::span(s, upto)),
                _ => 0,
            };
            per_edit.push(EditRead {
                event_id: e.id(),
                turn: e.turn,
                path: e.path.to_string(),
                start: e.start,
                end: e.end,
                region,
                region_start: s,
                region_end: t,
                region_lines: set.len(),
                read_lines,
                coverage: read_lines as f64 / set.len().max(1) as f64,
            });
        }
        if e.counts_as_read {
            match read.get_mut(e.path) {
                Some(set) => set.insert(e.start, e.end),
                None => {
                    read.insert(e.path, LineSet::span(e.start, e.end));
                }
            }
        }
    }
    summarise(per_edit)
}

fn summarise(per_edit: Vec<EditRead>) -> ReadBeforeEdit {
    let n = per_edit.len();
    let mean = (n > 0).then(|| per_edit.iter().map(|e| e.coverage).sum::<f64>() / n as f64);
    // The first of equally bad edits is the worst: it happened first.
    let worst = per_edit
        .iter()
        .fold(None::<&EditRead>, |w, e| match w {
            Some(w) if w.coverage <= e.coverage => Some(w),
            _ => Some(e),
        })
        .cloned();
    ReadBeforeEdit {
        edits: n,
        mean,
        worst,
        per_edit,
    }
}

/// Parses a units JSONL file: `{"path","start","end"}` per syntax unit (`kind`, `name` and
/// `depth` may be given, as `readcov units` prints them). Lets any tool supply units.
pub fn parse_units(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
) -> Parsed<(String, u32, u32)> {
    parse_jsonl(bytes, file, |f| {
        const KEYS: [&str; 6] = ["path", "start", "end", "kind", "name", "depth"];
        if let Some(k) = f.obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(f.err(
                k,
                "unknown field (expected path, start, end, kind, name, depth)",
            ));
        }
        let (start, end) = f.lines()?;
        f.opt_string("kind")?;
        f.opt_string("name")?;
        f.opt_count("depth")?;
        Ok((f.path(workspace)?, start, end))
    })
}

/// Groups parsed units by file, ready to be used as [`Units`].
pub fn units_by_file(units: &[(String, u32, u32)]) -> BTreeMap<String, Vec<(u32, u32)>> {
    let mut out: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
    for (path, s, e) in units {
        out.entry(path.clone()).or_default().push((*s, *e));
    }
    out
}

/// Read-before-edit coverage for every (task, run) in a reads file that has an edit row (rows in
/// file order). Runs without one are left out: they have nothing to measure, and ordering their
/// events was most of the cost on large corpora of read-only runs. Each run is ordered as
/// [`order_events`](super::events::order_events) orders it (by turn, then step, then file
/// order) and walked from its rows: building an [`Event`] per row (its id and path copied) and
/// hashing every row's (task, run) against the set of edited runs were most of this on the real
/// data (1.73M rows, 223 of each 518 in runs with edits; profiled).
pub fn read_before_edit_by_run(
    rows: &[ReadSpan],
    sources: &BTreeSet<Source>,
    units: &dyn Units,
    lengths: &dyn FileLengths,
) -> BTreeMap<(String, String), ReadBeforeEdit> {
    if !rows.iter().any(|r| r.kind == EventKind::Edit) {
        return BTreeMap::new();
    }
    let mut order = Vec::new();
    by_task_run(rows, |_| true)
        .into_iter()
        .filter(|(_, rows)| rows.iter().any(|r| r.kind == EventKind::Edit))
        .map(|((t, r), rows)| {
            // Stable: rows with equal (turn, step) keep file order, as in `order_events`.
            order.clear();
            order.extend(0..rows.len());
            order.sort_by_key(|&i| (rows[i].turn.unwrap_or(0), rows[i].step.unwrap_or(0)));
            let steps = order.iter().map(|&i| Step::of_row(i, rows[i], sources));
            ((t.to_string(), r.to_string()), walk(steps, units, lengths))
        })
        .collect()
}
