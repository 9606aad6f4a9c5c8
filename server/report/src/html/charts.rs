//! Inline SVG charts of the whole report: coverage histogram, file-hit vs line-coverage scatter,
//! resolve rate by bucket (the per-run ones are in `runcharts`). Plain SVG with `<title>` tooltips and
//! classes the stylesheet colours, so the page needs no script to draw and no network at all.

use super::{esc, pct};
use crate::buckets::Bucket;
use crate::model::RunRow;
use std::fmt::Write;

pub(super) const W: f64 = 560.0;
pub(super) const H: f64 = 260.0;
pub(super) const LEFT: f64 = 44.0;
pub(super) const RIGHT: f64 = 16.0;
pub(super) const TOP: f64 = 30.0;
pub(super) const BOTTOM: f64 = 40.0;
pub const HIST_BINS: usize = 10;

pub(super) fn x_of(v: f64) -> f64 {
    LEFT + v.clamp(0.0, 1.0) * (W - LEFT - RIGHT)
}

pub(super) fn y_of(v: f64) -> f64 {
    H - BOTTOM - v.clamp(0.0, 1.0) * (H - TOP - BOTTOM)
}

pub(super) fn open_svg(out: &mut String, class: &str, label: &str) {
    let _ = write!(
        out,
        r#"<svg class="chart {class}" viewBox="0 0 {W} {H}" role="img" aria-label="{}"><title>{}</title>"#,
        esc(label),
        esc(label)
    );
}

/// A y-axis tick at share `v`: its percentage label left of the plot and a grid line across it.
pub(super) fn y_tick(out: &mut String, v: f64) {
    let y = y_of(v);
    let _ = write!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
        LEFT - 4.0,
        y + 4.0,
        pct(v, None)
    );
    let _ = write!(
        out,
        r#"<line class="grid" x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}"/>"#,
        W - RIGHT
    );
}

/// Axes with 0–100% ticks on x; with `y_percent`, 0–100% ticks and grid lines on y too.
fn axes(out: &mut String, x_label: &str, y_label: &str, y_percent: bool) {
    let (x0, y0) = (LEFT, H - BOTTOM);
    let _ = write!(
        out,
        r#"<g class="axis"><line x1="{x0}" y1="{y0}" x2="{}" y2="{y0}"/>"#,
        W - RIGHT
    );
    let _ = write!(out, r#"<line x1="{x0}" y1="{TOP}" x2="{x0}" y2="{y0}"/>"#);
    for i in 0..=4 {
        let v = f64::from(i) * 0.25;
        let x = x_of(v);
        let _ = write!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            y0 + 14.0,
            pct(v, None)
        );
        if y_percent {
            y_tick(out, v);
        }
    }
    let _ = write!(
        out,
        r#"<text class="label" x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 6.0,
        esc(x_label)
    );
    let _ = write!(
        out,
        r#"<text class="label" transform="translate(12 {:.1}) rotate(-90)" text-anchor="middle">{}</text></g>"#,
        (TOP + H - BOTTOM) / 2.0,
        esc(y_label)
    );
}

pub(super) fn threshold_line(out: &mut String, threshold: f64) {
    let x = x_of(threshold);
    let _ = write!(
        out,
        r#"<line class="threshold" x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{}"/><text class="threshold-label" x="{x:.1}" y="11" text-anchor="middle">threshold {}</text>"#,
        TOP - 14.0,
        H - BOTTOM,
        readcov_core::words::threshold(threshold)
    );
}

/// Histogram bin of a scored row, computed on integers so 3/10 lands in the 30% bin exactly.
pub fn hist_bin(covered: u64, gold: u64) -> usize {
    if gold == 0 {
        return 0;
    }
    usize::try_from(covered.saturating_mul(HIST_BINS as u64) / gold)
        .unwrap_or(HIST_BINS)
        .min(HIST_BINS - 1)
}

/// Line coverage of scored rows in ten bins, with the threshold drawn across.
pub fn histogram(rows: &[RunRow], threshold: f64) -> String {
    let mut counts = [0usize; HIST_BINS];
    for r in rows.iter().filter(|r| r.score.line_coverage.is_some()) {
        counts[hist_bin(r.score.covered_lines, r.score.gold_lines)] += 1;
    }
    let max = counts.iter().copied().max().unwrap_or(0).max(1);
    let mut out = String::new();
    open_svg(&mut out, "histogram", "Histogram of line coverage per run");
    axes(&mut out, "line coverage", "runs", false);
    let _ = write!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{max}</text>"#,
        LEFT - 4.0,
        y_of(1.0) + 4.0
    );
    let bw = (W - LEFT - RIGHT) / HIST_BINS as f64;
    for (i, &n) in counts.iter().enumerate() {
        let h = n as f64 / max as f64 * (H - TOP - BOTTOM);
        let x = LEFT + i as f64 * bw + 2.0;
        let y = H - BOTTOM - h;
        let last = if i + 1 == HIST_BINS { "]" } else { ")" };
        let range = format!(
            "[{}, {}{last}",
            pct(i as f64 / 10.0, None),
            pct((i + 1) as f64 / 10.0, None)
        );
        let _ = write!(
            out,
            r#"<rect class="bar" data-bin="{i}" data-count="{n}" x="{x:.1}" y="{y:.1}" width="{:.1}" height="{h:.1}"><title>{range}: {n} run(s)</title></rect>"#,
            bw - 4.0
        );
        if n > 0 {
            let _ = write!(
                out,
                r#"<text class="count" x="{:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
                x + bw / 2.0 - 2.0,
                y - 3.0
            );
        }
    }
    threshold_line(&mut out, threshold);
    out.push_str("</svg>");
    out
}

/// Small deterministic offset (in pixels) so identical points stay distinguishable; values in
/// tooltips and tables are exact.
fn jitter(i: usize, salt: u64) -> f64 {
    let h = (i as u64 ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58; // 0..63
    (h as f64 / 63.0 - 0.5) * 8.0
}

/// One point per scored run: x line coverage, y file hit. The shaded corner is "hit but not
/// covered": file hit at or above the threshold, line coverage below it.
pub fn scatter(rows: &[RunRow], threshold: f64) -> String {
    let mut out = String::new();
    open_svg(
        &mut out,
        "scatter",
        "File hit against line coverage, one point per run",
    );
    let (x0, x1, y0, y1) = (x_of(0.0), x_of(threshold), y_of(1.0), y_of(threshold));
    let _ = write!(
        out,
        r#"<rect class="corner" x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}"><title>hit but not covered</title></rect><text class="corner-label" x="{:.1}" y="{:.1}">hit but not covered</text>"#,
        x1 - x0,
        y1 - y0,
        x0 + 6.0,
        y0 + 14.0
    );
    axes(&mut out, "line coverage", "file hit", true);
    threshold_line(&mut out, threshold);
    for (i, r) in rows.iter().enumerate() {
        let (Some(lc), Some(fh)) = (r.score.line_coverage, r.score.file_hit) else {
            continue;
        };
        let class = match r.resolved {
            Some(true) => "point resolved",
            Some(false) => "point unresolved",
            None => "point",
        };
        let label = format!(
            "{} / {}: file hit {}, line coverage {}{}",
            r.task,
            r.run,
            readcov_core::words::ratio(fh, None),
            readcov_core::words::ratio(lc, Some(threshold)),
            match r.resolved {
                Some(true) => ", resolved",
                Some(false) => ", not resolved",
                None => "",
            }
        );
        let _ = write!(
            out,
            r##"<a href="#run-{i}" aria-label="{l}"><circle class="{class}" cx="{:.1}" cy="{:.1}" r="5"><title>{l}</title></circle></a>"##,
            x_of(lc) + jitter(i, 1),
            y_of(fh) + jitter(i, 2),
            l = esc(&label)
        );
    }
    // Identical points (common: file hit 1.0, coverage 1.0) would hide behind each other; label
    // each stack with its size so the count is visible at a glance.
    let mut stacks: std::collections::BTreeMap<(i64, i64), usize> =
        std::collections::BTreeMap::new();
    for r in rows {
        if let (Some(lc), Some(fh)) = (r.score.line_coverage, r.score.file_hit) {
            *stacks
                .entry(((lc * 1000.0).round() as i64, (fh * 1000.0).round() as i64))
                .or_default() += 1;
        }
    }
    for ((lc, fh), n) in stacks.into_iter().filter(|(_, n)| *n > 1) {
        let (x, y) = (x_of(lc as f64 / 1000.0), y_of(fh as f64 / 1000.0));
        // Keep the label inside the plot: left of points on the right edge, below points at the top.
        let (tx, anchor) = if x > W - RIGHT - 40.0 {
            (x - 9.0, "end")
        } else {
            (x + 9.0, "start")
        };
        let ty = if y < TOP + 12.0 { y + 16.0 } else { y - 8.0 };
        let _ = write!(
            out,
            r#"<text class="stack" x="{tx:.1}" y="{ty:.1}" text-anchor="{anchor}">×{n}</text>"#
        );
    }
    out.push_str("</svg>");
    out
}

/// Resolve rate per coverage bucket, each bar labelled resolved/labelled.
pub fn resolve_rate(buckets: &[Bucket]) -> String {
    resolve_rate_titled(buckets, "Resolve rate by line-coverage bucket")
}

/// [`resolve_rate`] under another title (one chart per gold set).
pub fn resolve_rate_titled(buckets: &[Bucket], title: &str) -> String {
    let mut out = String::new();
    open_svg(&mut out, "rates", title);
    axes(&mut out, "line coverage bucket", "resolve rate", true);
    let bw = (W - LEFT - RIGHT) / buckets.len().max(1) as f64;
    for (i, b) in buckets.iter().enumerate() {
        let rate = b.rate.unwrap_or(0.0);
        let (x, y) = (LEFT + i as f64 * bw + 8.0, y_of(rate));
        let shown = b.rate.map_or("no runs".to_string(), |x| pct(x, None));
        let _ = write!(
            out,
            r#"<rect class="rate-bar" data-labelled="{}" data-resolved="{}" x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}"><title>{}: {} of {} resolved ({shown})</title></rect>"#,
            b.labelled,
            b.resolved,
            bw - 16.0,
            H - BOTTOM - y,
            b.label(),
            b.resolved,
            b.labelled
        );
        let _ = write!(
            out,
            r#"<text class="count" x="{:.1}" y="{:.1}" text-anchor="middle">{}/{}</text>"#,
            x + bw / 2.0 - 8.0,
            y - 4.0,
            b.resolved,
            b.labelled
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests;
