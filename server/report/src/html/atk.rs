//! Retrieval at k (`readcov report --at-k`): file hit@k and coverage@k as two curves over k, with
//! the threshold as the wall, and the figures beside them in a table. The gap between the two
//! curves is the point: the right file is retrieved long before the lines the fix needs are.

use super::charts::{open_svg, y_of, y_tick, BOTTOM, H, LEFT, RIGHT, TOP, W};
use super::{esc, num};
use readcov_core::retrieval::AtK;
use std::fmt::Write;

/// x of the i-th of n ks: evenly spaced (k is ordinal here: 1, 3, 5, 10).
fn x_at(i: usize, n: usize) -> f64 {
    let inner = W - LEFT - RIGHT - 24.0;
    LEFT + 12.0
        + if n > 1 {
            inner * i as f64 / (n - 1) as f64
        } else {
            inner / 2.0
        }
}

/// The two curves and the wall.
pub fn curves(points: &[AtK], threshold: f64) -> String {
    let mut out = String::new();
    open_svg(
        &mut out,
        "atk",
        "File hit and line coverage of the top-k retrieved chunks, by k",
    );
    let _ = write!(out, r#"<g class="axis">"#);
    for v in [0.0, 0.25, 0.5, 0.75, 1.0] {
        y_tick(&mut out, v);
    }
    let _ = write!(
        out,
        r#"<line x1="{LEFT}" y1="{:.1}" x2="{}" y2="{:.1}"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.1}"/>"#,
        H - BOTTOM,
        W - RIGHT,
        H - BOTTOM,
        H - BOTTOM
    );
    for (i, p) in points.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            x_at(i, points.len()),
            H - BOTTOM + 14.0,
            p.k
        );
    }
    let _ = write!(
        out,
        r#"<text class="label" x="{:.1}" y="{:.1}" text-anchor="middle">k (chunks of rank ≤ k)</text></g>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 6.0
    );
    let wall = y_of(threshold);
    let _ = write!(
        out,
        r#"<line class="threshold" x1="{LEFT}" y1="{wall:.1}" x2="{}" y2="{wall:.1}"/><text class="threshold-label" x="{}" y="{:.1}" text-anchor="end">{} wall</text>"#,
        W - RIGHT,
        W - RIGHT,
        wall - 4.0,
        readcov_core::words::threshold(threshold)
    );
    for (class, name, get) in [
        (
            "curve-hit",
            "file hit@k",
            (|p: &AtK| p.mean_file_hit) as fn(&AtK) -> Option<f64>,
        ),
        ("curve-cov", "coverage@k", |p: &AtK| p.mean_line_coverage),
    ] {
        let pts: Vec<(f64, f64, u32, f64)> = points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| get(p).map(|v| (x_at(i, points.len()), y_of(v), p.k, v)))
            .collect();
        let line: Vec<String> = pts
            .iter()
            .map(|(x, y, _, _)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = write!(
            out,
            r#"<polyline class="{class}" fill="none" points="{}"/>"#,
            line.join(" ")
        );
        for (x, y, k, v) in &pts {
            let _ = write!(
                out,
                r#"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="4"><title>{} at k={k}: {}</title></circle>"#,
                esc(name),
                num(Some(*v), Some(threshold))
            );
        }
    }
    let _ = write!(
        out,
        r#"<text class="curve-hit legend" x="{}" y="{}">— file hit@k</text><text class="curve-cov legend" x="{}" y="{}">— coverage@k</text></svg>"#,
        LEFT + 8.0,
        TOP - 12.0,
        LEFT + 130.0,
        TOP - 12.0
    );
    out
}

/// The section: the chart and a table of every point.
pub fn section(points: &[AtK], threshold: f64) -> String {
    let mut out = String::from(
        r#"<section aria-labelledby="h-atk"><h2 id="h-atk">Retrieval at k</h2><div class="charts"><figure>"#,
    );
    out.push_str(&curves(points, threshold));
    let _ = write!(
        out,
        "<figcaption>Means over scored tasks using only each task's chunks of rank ≤ k (ties all kept); the dashed line is the {} wall.</figcaption></figure></div>",
        readcov_core::words::threshold(threshold)
    );
    out.push_str(r#"<table class="atk"><thead><tr><th scope="col">k</th><th scope="col">rows</th><th scope="col">file hit@k</th><th scope="col">coverage@k</th>"#);
    let _ = write!(
        out,
        r#"<th scope="col">at or above {}</th><th scope="col" title="mean over a task's top-k chunks of |chunk ∩ gold| / |chunk|">line precision per chunk</th><th scope="col" title="mean over a task's top-k chunks of |chunk ∩ T| / |chunk ∪ T|, T = the gold spans the chunk touches">IoU per chunk</th></tr></thead><tbody>"#,
        readcov_core::words::threshold(threshold)
    );
    for p in points {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} of {}</td><td>{}</td><td>{}</td></tr>",
            p.k,
            p.rows,
            num(p.mean_file_hit, None),
            num(p.mean_line_coverage, None),
            p.passing,
            p.scored,
            num(p.mean_chunk_precision, None),
            num(p.mean_chunk_iou, None)
        );
    }
    out.push_str("</tbody></table></section>");
    out
}

#[cfg(test)]
mod tests;
