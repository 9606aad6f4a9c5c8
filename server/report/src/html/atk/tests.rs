use super::*;

fn point(k: u32, hit: f64, cov: f64) -> AtK {
    AtK {
        k,
        rows: 2,
        scored: 2,
        mean_file_hit: Some(hit),
        mean_line_coverage: Some(cov),
        passing: usize::from(cov >= 0.5),
        share_passing: None,
        mean_chunk_precision: Some(cov / 2.0),
        mean_chunk_iou: None,
    }
}

#[test]
fn two_curves_a_point_per_k_and_the_wall() {
    let html = section(&[point(1, 0.9, 0.1), point(3, 1.0, 0.6)], 0.5);
    assert_eq!(html.matches("<polyline").count(), 2, "{html}");
    assert_eq!(html.matches(r#"<circle class="curve-hit""#).count(), 2);
    assert_eq!(html.matches(r#"<circle class="curve-cov""#).count(), 2);
    assert!(html.contains("coverage@k at k=3: 0.60"), "{html}");
    assert!(html.contains("50% wall"), "{html}");
    // The wall sits at y(0.5), the coverage point at k=1 below it (larger y).
    assert!(
        html.contains(&format!(r#"y1="{:.1}""#, y_of(0.5))),
        "{html}"
    );
    assert!(
        html.contains(
            "<td>3</td><td>2</td><td>1.00</td><td>0.60</td><td>1 of 2</td><td>0.30</td><td>–</td>"
        ),
        "{html}"
    );
}
