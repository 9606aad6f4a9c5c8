//! The HTML report on the small fixture: the charts hold the expected bars and points, optional
//! sections appear only with their inputs, names are escaped and nothing is fetched from outside.
//! (A real browser loads the same fixture in `scripts/test.d/70-report-browser.sh`.)

use crate::common;

use readcov_report::html;

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// `data-count` values of the histogram bars, in bin order.
fn bar_counts(page: &str) -> Vec<usize> {
    page.split(r#"<rect class="bar" data-bin=""#)
        .skip(1)
        .map(|s| {
            let c = s
                .split(r#"data-count=""#)
                .nth(1)
                .and_then(|x| x.split('"').next())
                .unwrap_or("x");
            c.parse().unwrap_or(usize::MAX)
        })
        .collect()
}

#[test]
fn charts_have_one_bar_per_bin_and_one_point_per_scored_run() {
    let page = html::render(&common::small_report(true, true));
    // Scored rows: t1/r-a 0.25, t1/r-b 1.0, t2/r-a 0.65, t2/r-b 0.5 (t3 has no run: no bar, no
    // point; t4 has no gold).
    assert_eq!(bar_counts(&page), vec![0, 0, 1, 0, 0, 1, 1, 0, 0, 1]);
    assert_eq!(count(&page, r#"<circle class="point resolved""#), 3);
    assert_eq!(count(&page, r#"<circle class="point unresolved""#), 1);
    assert!(page.contains("6 row(s): 4 scored, 1 unscored, 1 task(s) with no run (not scored)"));
    assert!(
        page.contains("— line coverage –, file hit –, no run (not scored), not resolved</summary>")
    );
    assert_eq!(count(&page, r#"<rect class="rate-bar""#), 4);
    assert!(
        page.contains(r#"data-labelled="2" data-resolved="2""#),
        "50–75% bucket: 2 of 2"
    );
    assert_eq!(
        count(&page, r#"<line class="threshold""#),
        2 + 2,
        "histogram, scatter and two timelines"
    );
}

#[test]
fn drilldown_has_spans_units_and_timelines() {
    let page = html::render(&common::small_report(true, true));
    assert_eq!(count(&page, r#"<details class="run""#), 6);
    assert!(page.contains(r#"<title>unread 84-95</title>"#));
    // Timelines: t1/r-a (turns 1, 2, 4; the edit in turn 5 is not a read) and t2/r-a.
    assert_eq!(count(&page, "<circle class=\"turn-point\""), 3 + 2);
    assert!(page.contains("turn 4: 1 read(s), +0 gold line(s), coverage 25%"));
    // Units holding gold: check_token and Auth for t1 (two runs), connect and close for t2/t3.
    assert_eq!(count(&page, "<code>check_token</code>"), 2);
    assert!(page.contains("<code>close</code>"));
}

#[test]
fn optional_sections_need_their_inputs() {
    let page = html::render(&common::small_report(false, false));
    assert!(!page.contains(r#"<rect class="rate-bar""#));
    assert!(!page.contains("Resolve rate by line coverage"));
    assert!(!page.contains("Units holding gold lines"));
    assert!(page.contains(r#"<circle class="point""#));
}

#[test]
fn page_is_self_contained_and_escapes_names() {
    let mut r = common::small_report(true, false);
    r.rows[0].task = r#"<script>alert("x")</script>"#.into();
    let page = html::render(&r);
    assert!(!page.contains(r#"<script>alert"#));
    assert!(page.contains("&lt;script&gt;alert(&quot;x&quot;)"));
    assert!(page.contains("<title>fixture &lt;small&gt;</title>"));
    for external in ["http://", "https://", " src=", "@import", "url("] {
        // SVG namespaces are not needed inline in HTML, so no URL at all should appear.
        assert!(!page.contains(external), "page references {external}");
    }
    assert_eq!(count(&page, "<script>"), 1);
}

#[test]
fn sort_controls_are_buttons_with_aria_sort() {
    let page = html::render(&common::small_report(true, false));
    let runs_table = page
        .split(r#"<table class="sortable" id="runs">"#)
        .nth(1)
        .expect("runs table");
    let head = runs_table.split("</thead>").next().unwrap_or("");
    assert_eq!(
        count(
            head,
            r#"<th scope="col" aria-sort="none"><button type="button""#
        ),
        11
    );
}
