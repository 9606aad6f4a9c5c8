//! What one open document shows, computed from plain values: gold spans and reads (in disk
//! lines), the line map since opening, and syntax units (in current lines). Pure: no protocol
//! types, no IO. All line numbers here are 1-based inclusive current lines unless named `disk`.

use crate::linemap::LineMap;
use readcov_core::{Interval, LineSet};

/// A syntax unit (function, class, …) of the current text, 1-based inclusive lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSpan {
    pub kind: String,
    pub name: String,
    pub start: u32,
    pub end: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SpanView {
    /// The span as written in the gold (disk lines).
    pub disk: (u32, u32),
    pub start: u32,
    pub end: u32,
    pub lines: LineSet,
    pub covered: u64,
    pub unread: LineSet,
    /// Gold lines of the span read only by what-if reads (`source: manual`).
    pub what_if: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UnitView {
    pub unit: UnitSpan,
    pub gold: u64,
    pub covered: u64,
    /// Gold lines of the unit read only by what-if reads.
    pub what_if: u64,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct FileView {
    pub spans: Vec<SpanView>,
    pub units: Vec<UnitView>,
    pub gold: LineSet,
    pub read: LineSet,
    /// Lines read only by what-if reads (`source: manual`): shown, but not the agent's.
    pub what_if: LineSet,
    pub covered: u64,
    pub file_hit: bool,
    pub threshold: f64,
    /// Set when the gold cannot be trusted on this text (then no gold lines are painted).
    pub stale: Option<String>,
    /// Set when the file differs from the gold's base: how gold and reads were mapped onto
    /// it, and whether all of them were (`false`: some were dropped, and counted).
    pub base_note: Option<(String, bool)>,
}

/// Inputs of [`file_view`], borrowed.
pub struct ViewInput<'a> {
    /// Gold spans in disk lines (already mapped from their base, see [`crate::basemap`]).
    pub gold_disk: &'a [(u32, u32)],
    pub read_disk: &'a LineSet,
    /// The part of `read_disk` only what-if reads cover (empty when none count).
    pub what_if_disk: &'a LineSet,
    pub map: &'a LineMap,
    pub opened_lines: u32,
    pub base_note: Option<&'a (String, bool)>,
    pub units: &'a [UnitSpan],
    pub threshold: f64,
}

/// The part of `set` inside `start..=end`, found by binary search: O(log n + k) instead of a
/// pass over the whole set. Per-span and per-unit figures use it, so a file with thousands of
/// read intervals and hundreds of spans costs spans × log(reads), not spans × reads.
pub fn window(set: &LineSet, start: u32, end: u32) -> LineSet {
    let ivs = set.intervals();
    let from = ivs.partition_point(|iv| iv.end < start);
    let to = ivs.partition_point(|iv| iv.start <= end);
    LineSet::from_intervals(ivs[from..to.max(from)].iter().map(|iv| Interval {
        start: iv.start.max(start),
        end: iv.end.min(end),
    }))
}

/// A gold span's figures: its current `lines` against what the view read (`None`: no line left).
fn span_view(disk: (u32, u32), lines: LineSet, view: &FileView) -> Option<SpanView> {
    let (start, end) = (lines.first()?, lines.last()?);
    let read = window(&view.read, start, end);
    Some(SpanView {
        disk,
        start,
        end,
        what_if: lines.intersection_len(&window(&view.what_if, start, end)),
        covered: lines.intersection_len(&read),
        unread: lines.difference(&read),
        lines,
    })
}

/// Spans (sorted by start) whose lines overlap or touch shown as one: `units` gold splits a
/// method into three adjacent spans, which were three diagnostics on one method. The gold lines
/// are the same, so the file's figures are too.
fn merge_touching(spans: Vec<SpanView>, view: &FileView) -> Vec<SpanView> {
    let mut out: Vec<SpanView> = Vec::with_capacity(spans.len());
    for s in spans {
        match out.last_mut() {
            Some(last) if s.start <= last.end.saturating_add(1) => {
                let disk = (last.disk.0.min(s.disk.0), last.disk.1.max(s.disk.1));
                let lines = last.lines.union(&s.lines);
                *last = span_view(disk, lines, view).expect("a merged span has lines");
            }
            _ => out.push(s),
        }
    }
    out
}

pub fn file_view(i: &ViewInput) -> FileView {
    let read = i.map.to_current(i.read_disk);
    let what_if = i.map.to_current(i.what_if_disk);
    let mut view = FileView {
        read,
        // A file only what-if reads touched was not hit by anyone who counts.
        file_hit: !i.read_disk.difference(i.what_if_disk).is_empty(),
        what_if,
        threshold: i.threshold,
        base_note: i.base_note.cloned(),
        ..FileView::default()
    };
    if let Some(&(s, e)) = i.gold_disk.iter().find(|(_, e)| *e > i.opened_lines) {
        view.stale = Some(format!(
            "gold lines {s}–{e} run past the end of this file ({} lines): it changed since the gold was made; gold lines are not shown",
            i.opened_lines
        ));
        return view;
    }
    let mut spans: Vec<SpanView> = i
        .gold_disk
        .iter()
        .filter_map(|&(s, e)| span_view((s, e), i.map.to_current(&LineSet::span(s, e)), &view))
        .collect();
    spans.sort_by_key(|s| (s.start, s.end));
    let spans = merge_touching(spans, &view);
    view.gold = LineSet::from_intervals(
        spans
            .iter()
            .flat_map(|s| s.lines.intervals().iter().copied()),
    );
    view.covered = view.gold.intersection_len(&view.read);
    // Without syntax units (unknown language, or no parser), each gold span is its own unit.
    let fallback: Vec<UnitSpan>;
    let units = if i.units.is_empty() {
        fallback = spans
            .iter()
            .map(|s| UnitSpan {
                kind: "gold".into(),
                name: format!("gold lines {}–{}", s.start, s.end),
                start: s.start,
                end: s.end,
            })
            .collect();
        &fallback
    } else {
        i.units
    };
    view.units = units
        .iter()
        .filter_map(|u| {
            let gold = window(&view.gold, u.start, u.end);
            (!gold.is_empty()).then(|| UnitView {
                unit: u.clone(),
                gold: gold.len(),
                covered: gold.intersection_len(&window(&view.read, u.start, u.end)),
                what_if: gold.intersection_len(&window(&view.what_if, u.start, u.end)),
            })
        })
        .collect();
    view.spans = spans;
    view
}

impl FileView {
    pub fn has_gold(&self) -> bool {
        !self.gold.is_empty()
    }

    pub fn coverage(&self) -> Option<f64> {
        ratio(self.covered, self.gold.len())
    }

    /// Gold lines read only by what-if reads.
    pub fn what_if_covered(&self) -> u64 {
        self.gold.intersection_len(&self.what_if)
    }

    /// Coverage without the what-if reads: the agent's (and people's) own figure.
    pub fn base_coverage(&self) -> Option<f64> {
        ratio(self.covered - self.what_if_covered(), self.gold.len())
    }

    /// The units worth a lens and a hint: those holding a gold line no smaller unit with gold
    /// holds. A class around one gold method gets none (its lens sat 1,250 lines away from the
    /// gold in pylint's `variables.py`); gold in the class body outside its methods keeps it.
    pub fn innermost_units(&self) -> Vec<&UnitView> {
        // Own lines: a unit's lines outside every unit strictly inside it (one on the very same
        // lines does not count), computed in one pass: asking each unit about every other was
        // quadratic, 53 s on 100,000 nested functions.
        let spans: Vec<(u32, u32)> = self
            .units
            .iter()
            .map(|u| (u.unit.start, u.unit.end))
            .collect();
        let own = readcov_units::nest::own_lines_strict(&spans);
        (self.units.iter())
            .zip(own)
            .filter(|(u, own)| {
                !window(&self.gold, u.unit.start, u.unit.end)
                    .intersection(own)
                    .is_empty()
            })
            .map(|(u, _)| u)
            .collect()
    }

    /// File coverage if `extra` lines were read too: the figure a widen action promises.
    pub fn projected(&self, extra: &LineSet) -> Option<f64> {
        ratio(
            self.gold.intersection_len(&self.read.union(extra)),
            self.gold.len(),
        )
    }

    /// The innermost unit containing every line of `start..=end`, if any.
    pub fn enclosing_unit<'a>(
        &self,
        units: &'a [UnitSpan],
        start: u32,
        end: u32,
    ) -> Option<&'a UnitSpan> {
        units
            .iter()
            .filter(|u| u.start <= start && end <= u.end)
            .min_by_key(|u| u.end - u.start)
    }

    /// Line states for gutters: (first, last, state) 1-based, sorted, disjoint.
    pub fn line_states(&self) -> Vec<(u32, u32, &'static str)> {
        let mut out: Vec<(u32, u32, &'static str)> = Vec::new();
        let parts = [
            (self.read.difference(&self.gold), "read"),
            (self.gold.intersection(&self.read), "gold-read"),
            (self.gold.difference(&self.read), "gold-unread"),
        ];
        for (set, state) in parts {
            out.extend(
                set.intervals()
                    .iter()
                    .map(|iv: &Interval| (iv.start, iv.end, state)),
            );
        }
        out.sort_unstable();
        out
    }
}

pub fn ratio(num: u64, den: u64) -> Option<f64> {
    (den > 0).then(|| num as f64 / den as f64)
}

/// A share for messages, by the CLI's rule ([`readcov_core::words::share`]): the whole percent,
/// kept on its side of the threshold in effect, so 49.96% reads "49.9%", never "50% — below
/// 50%". Before session 35 it was floored (99.9% read "99%" where the CLI printed "100%").
pub fn pct(x: f64, threshold: f64) -> String {
    readcov_core::words::share(x, Some(threshold))
}

#[cfg(test)]
mod tests;
