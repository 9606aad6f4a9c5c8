//! The overview's rows, group by group: each gold file with its runs of unread lines, the files
//! read instead, the run's edits. Line numbers are the ones the editor shows now ([`Locate`]).

use super::{lines, placed, range, row, Locate};
use crate::view::pct;
use readcov_core::explain::{Explanation, FileExplanation, NearRead};
use readcov_core::LineSet;
use serde_json::{json, Value};

/// A nearest read of `path`, in the lines the editor shows now.
fn near(r: &NearRead, path: &str, place: &dyn Locate) -> String {
    let (s, e) = place.lines(path, r.start, r.end);
    match r.turn {
        Some(t) => format!("{} (turn {t})", range(s, e)),
        None => range(s, e),
    }
}

/// A gold file's row and one child per run of unread lines (the unit around it, the nearest
/// reads).
pub(super) fn gold_file(f: &FileExplanation, e: &Explanation, place: &dyn Locate) -> Value {
    let share = format!("{}/{}", f.covered, f.gold_lines);
    let first_unread = f.spans.iter().find_map(|s| s.unread.first());
    let first = first_unread
        .or(f.spans.first().map(|s| s.start))
        .unwrap_or(1);
    let (kind, label, tooltip) = if f.opened {
        let turn = f
            .first_read_turn
            .map_or(String::new(), |t| format!(", first in turn {t}"));
        (
            "gold-file",
            format!(
                "{share} read · {}",
                f.coverage.map_or("—".into(), |c| pct(c, e.threshold))
            ),
            format!(
                "{}: {share} gold lines read by run {}, {} read(s){turn}",
                f.path, e.run, f.reads
            ),
        )
    } else {
        (
            "never-opened",
            format!("never opened · 0/{}", f.gold_lines),
            format!(
                "{}: run {} never opened this gold file ({share} gold lines read)",
                f.path, e.run
            ),
        )
    };
    let mut out = row(place, kind, &f.path, (first, first), label);
    out["tooltip"] = json!(tooltip);
    let mut children = Vec::new();
    for s in &f.spans {
        for iv in s.unread.intervals() {
            let unit = s.unit.as_ref().map(|u| format!("{} {}", u.kind, u.name));
            let nearest = match (&s.nearest_before, &s.nearest_after) {
                (None, None) => None,
                (b, a) => Some(format!(
                    "nearest reads {} / {}",
                    b.as_ref()
                        .map_or("none".into(), |r| near(r, &f.path, place)),
                    a.as_ref()
                        .map_or("none".into(), |r| near(r, &f.path, place))
                )),
            };
            // Every line number of a row in the lines the editor shows now (an open document
            // edited above them): the gold span and the nearest reads were disk lines beside
            // the unread lines' current ones.
            let (cs, ce) = place.lines(&f.path, iv.start, iv.end);
            let (gs, ge) = place.lines(&f.path, s.start, s.end);
            let label = format!(
                "unread {} · {}/{} of gold {}",
                range(cs, ce),
                s.covered,
                s.gold_lines,
                range(gs, ge)
            );
            let mut child = row(place, "unread", &f.path, (iv.start, iv.end), label);
            let context: Vec<String> = unit.iter().chain(&nearest).cloned().collect();
            child["description"] =
                json!(format!("{} · {}", context.join(" · "), f.path).trim_start_matches(" · "));
            let in_unit = s.unit.as_ref().map_or(String::new(), |u| {
                let (us, ue) = place.lines(&f.path, u.start, u.end);
                format!("\nin {} {} ({})", u.kind, u.name, lines(us, ue))
            });
            child["tooltip"] = json!(format!(
                "{} {}: never read (gold {}, {}/{} read){in_unit}{}",
                f.path,
                lines(cs, ce),
                lines(gs, ge),
                s.covered,
                s.gold_lines,
                nearest.map_or(String::new(), |n| format!("\n{n}"))
            ));
            children.push(child);
        }
    }
    out["children"] = Value::Array(children);
    out
}

/// Files the run read that hold no gold: lines read and first turn; a click opens the first
/// lines read.
pub(super) fn read_instead(e: &Explanation, place: &dyn Locate) -> Vec<Value> {
    (e.read_elsewhere.iter())
        .map(|o| {
            let first = o
                .read
                .intervals()
                .first()
                .map_or((1, 1), |iv| (iv.start, iv.end));
            let turn = o
                .first_read_turn
                .map_or(String::new(), |t| format!(" · turn {t}"));
            let label = format!("{} lines{turn} · {} read(s)", o.lines, o.reads);
            let mut r = row(place, "read-instead", &o.path, first, label);
            r["tooltip"] = json!(format!(
                "{}: no gold here; run {} read {} line(s) in {} read(s){}: {}",
                o.path,
                e.run,
                o.lines,
                o.reads,
                o.first_read_turn
                    .map_or(String::new(), |t| format!(", first in turn {t}")),
                spans_text(&placed(place, &o.path, &o.read))
            ));
            r
        })
        .collect()
}

fn spans_text(set: &LineSet) -> String {
    let all: Vec<String> = set
        .intervals()
        .iter()
        .map(|iv| range(iv.start, iv.end))
        .collect();
    if all.len() > 12 {
        format!("{} … ({} ranges)", all[..12].join(", "), all.len())
    } else {
        all.join(", ")
    }
}

/// The run's edits: lines, turn, and the gold lines they touched before reading them.
pub(super) fn edits(e: &Explanation, place: &dyn Locate) -> Vec<Value> {
    (e.edits.iter())
        .map(|x| {
            let turn = x.turn.map_or(String::new(), |t| format!(" · turn {t}"));
            let gold = match (x.gold_lines, x.unread_gold_lines) {
                (0, _) => " · no gold line".to_string(),
                (g, 0) => format!(" · {g} gold line(s), read first"),
                (g, u) => format!(" · {g} gold line(s), {u} not read before"),
            };
            let (s, end) = place.lines(&x.path, x.start, x.end);
            let kind = if x.before_reading {
                "edit-unread"
            } else {
                "edit"
            };
            row(
                place,
                kind,
                &x.path,
                (x.start, x.end),
                format!("edit {}{turn}{gold}", range(s, end)),
            )
        })
        .collect()
}
