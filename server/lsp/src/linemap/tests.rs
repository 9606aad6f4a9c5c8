use super::*;

fn check(edits: &[(u32, u32, u32)], disk: (u32, u32), expected: &str) {
    let mut m = LineMap::identity(100);
    for &(at, removed, inserted) in edits {
        m.splice(at, removed, inserted);
    }
    assert_eq!(
        m.to_current(&LineSet::span(disk.0, disk.1)).to_string(),
        expected,
        "{edits:?}"
    );
}

#[test]
fn maps_through_edits() {
    check(&[], (80, 95), "80-95");
    // Three lines inserted before the span push it down.
    check(&[(10, 0, 3)], (80, 95), "83-98");
    // Lines inserted inside the span are not gold.
    check(&[(84, 0, 2)], (80, 95), "80-84,87-97");
    // Deleted gold lines vanish; the rest closes up.
    check(&[(84, 4, 0)], (80, 95), "80-91");
    // An edit after the span changes nothing.
    check(&[(99, 1, 5)], (80, 95), "80-95");
    // Two edits compose.
    check(&[(0, 0, 1), (0, 1, 0)], (80, 95), "80-95");
    check(
        &[(10, 0, 1), (5, 2, 0), (30, 0, 4)],
        (8, 40),
        "6-8,10-30,35-43",
    );
    // Spans past the end of the document are clipped.
    check(&[], (99, 120), "99-100");
}

#[test]
fn round_trips_and_single_lines() {
    let mut m = LineMap::identity(50);
    m.splice(5, 2, 4);
    let cur = m.to_current(&LineSet::span(1, 50));
    assert_eq!(cur.to_string(), "1-5,10-52");
    assert_eq!(m.to_disk(&cur).to_string(), "1-5,8-50");
    assert_eq!(m.line_to_disk(4), Some(4));
    assert_eq!(m.line_to_disk(6), None, "an inserted line has no disk line");
    assert_eq!(m.line_to_disk(9), Some(7));
    assert_eq!(m.line_to_disk(500), None);
    // A line inserted then deleted again leaves a single run.
    let mut m = LineMap::identity(50);
    m.splice(5, 0, 1);
    m.splice(5, 1, 0);
    assert_eq!(m.runs(), 1);
}
