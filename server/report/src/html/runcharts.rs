//! Inline SVG charts of one run's drill-down: the per-turn coverage timeline and the to-scale
//! read/unread bar of a gold span.

use super::charts::{open_svg, y_of, y_tick, BOTTOM, H, LEFT, RIGHT, TOP, W};
use super::pct;
use crate::timeline::Timeline;
use readcov_core::metrics::SpanScore;
use std::fmt::Write;

/// Cumulative coverage after each turn, as a step line, with the threshold across.
pub fn timeline(t: &Timeline, threshold: f64) -> String {
    let mut out = String::new();
    open_svg(
        &mut out,
        "timeline",
        &format!("Line coverage after each {}", t.key),
    );
    let (lo, hi) = match (t.points.first(), t.points.last()) {
        (Some(a), Some(b)) => (f64::from(a.turn), f64::from(b.turn)),
        _ => (0.0, 1.0),
    };
    let span = (hi - lo).max(1.0);
    let xt = |turn: u32| LEFT + (f64::from(turn) - lo) / span * (W - LEFT - RIGHT);
    let _ = write!(
        out,
        r#"<g class="axis"><line x1="{LEFT}" y1="{}" x2="{}" y2="{}"/>"#,
        H - BOTTOM,
        W - RIGHT,
        H - BOTTOM
    );
    let _ = write!(
        out,
        r#"<text x="{LEFT}" y="{}">{} {lo}</text>"#,
        H - BOTTOM + 14.0,
        t.key
    );
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">{} {hi}</text></g>"#,
        W - RIGHT,
        H - BOTTOM + 14.0,
        t.key
    );
    for v in [0.0, 0.5, 1.0] {
        y_tick(&mut out, v);
    }
    let _ = write!(
        out,
        r#"<text class="label" transform="translate(12 {:.1}) rotate(-90)" text-anchor="middle">line coverage</text>"#,
        (TOP + H - BOTTOM) / 2.0
    );
    let ty = y_of(threshold);
    let _ = write!(
        out,
        r#"<line class="threshold" x1="{LEFT}" y1="{ty:.1}" x2="{}" y2="{ty:.1}"/>"#,
        W - RIGHT
    );
    let mut path = format!("M{LEFT:.1},{:.1}", y_of(0.0));
    for p in &t.points {
        let _ = write!(path, " H{:.1} V{:.1}", xt(p.turn), y_of(p.coverage));
    }
    let _ = write!(out, r#"<path class="step" d="{path}"/>"#);
    for p in &t.points {
        let _ = write!(
            out,
            r#"<circle class="turn-point" cx="{:.1}" cy="{:.1}" r="3"><title>{} {}: {} read(s), +{} gold line(s), coverage {}</title></circle>"#,
            xt(p.turn),
            y_of(p.coverage),
            t.key,
            p.turn,
            p.reads,
            p.new_gold_lines,
            pct(p.coverage, Some(threshold))
        );
    }
    out.push_str("</svg>");
    out
}

/// A bar across one gold span: read segments and unread segments, to scale.
pub fn span_bar(sp: &SpanScore) -> String {
    let Ok(n) = u32::try_from(sp.gold_lines) else {
        return String::new();
    };
    if n == 0 {
        return String::new();
    }
    let (bw, bh) = (240.0, 12.0);
    let last = sp.start.saturating_add(n - 1);
    let px = |line: u32| f64::from(line - sp.start) / f64::from(n) * bw;
    let mut out = format!(
        r#"<svg class="linebar" viewBox="0 0 {bw} {bh}" width="{bw}" height="{bh}" preserveAspectRatio="none" role="img" aria-label="lines {}-{last}: {} of {n} read">"#,
        sp.start, sp.covered_lines
    );
    let mut cursor = sp.start;
    let seg = |out: &mut String, class: &str, a: u32, b: u32| {
        let _ = write!(
            out,
            r#"<rect class="{class}" x="{:.2}" y="0" width="{:.2}" height="{bh}"><title>{} {a}-{b}</title></rect>"#,
            px(a),
            px(b) - px(a) + bw / f64::from(n),
            if class == "seg-read" {
                "read"
            } else {
                "unread"
            }
        );
    };
    for iv in sp.unread.intervals() {
        if iv.start > cursor {
            seg(&mut out, "seg-read", cursor, iv.start - 1);
        }
        seg(&mut out, "seg-unread", iv.start, iv.end.min(last));
        cursor = iv.end.saturating_add(1);
    }
    if cursor <= last {
        seg(&mut out, "seg-read", cursor, last);
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests;
