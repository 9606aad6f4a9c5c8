use super::*;
use readcov_core::base::{sha256_hex, Base};
use readcov_core::GoldSpan;
use std::sync::Arc;

const BASE: &str = "def f():\n    x = 1\n    return x\n\ndef g():\n    pass\n";

fn gold(spans: &[(u32, u32)], anchors: bool) -> FileGold {
    let mut g = FileGold {
        base: Some(Base::of_file(BASE.as_bytes())),
        ..FileGold::default()
    };
    for &(s, e) in spans {
        Arc::make_mut(&mut g.spans).push(GoldSpan::simple("a.py", s, e));
        if anchors {
            g.anchors
                .insert((s, e), Base::of_span(BASE.as_bytes(), s, e));
        }
    }
    g
}

fn reads(base: &[(u32, u32)], disk: &[(u32, u32)]) -> ReadLines {
    let iv = |&(s, e): &(u32, u32)| Interval { start: s, end: e };
    ReadLines {
        base: LineSet::from_intervals(base.iter().map(iv)),
        base_rows: base.iter().map(|p| (iv(p), "openhands".into())).collect(),
        disk: LineSet::from_intervals(disk.iter().map(iv)),
        other: Vec::new(),
    }
}

/// `gold` spans and base `read`s of BASE shown on `disk`: (gold, reads, note, mapped).
fn check(
    disk: &str,
    base_known: bool,
    anchors: bool,
    expected: (&[(u32, u32)], &str, Option<&str>, bool),
) {
    let g = gold(&[(1, 3), (5, 6)], anchors);
    let r = reads(&[(1, 2)], &[]);
    let m = map_file(
        &g,
        base_known.then_some(BASE.as_bytes()),
        disk.as_bytes(),
        &sha256_hex(disk.as_bytes()),
        &r,
    );
    assert_eq!(m.gold, expected.0, "{disk:?}");
    assert_eq!(m.read.to_string(), expected.1, "{disk:?}");
    let note = m.note.as_ref().map(|(t, _)| t.as_str());
    match expected.2 {
        Some(want) => assert!(note.is_some_and(|n| n.contains(want)), "{note:?}"),
        None => assert_eq!(note, None),
    }
    if let Some((_, mapped)) = &m.note {
        assert_eq!(*mapped, expected.3, "{note:?}");
    }
}

#[test]
fn gold_and_reads_follow_the_text() {
    let moved = format!("import os\nimport sys\n\n{BASE}");
    // The disk text is the base: shown as it is, nothing said.
    check(BASE, false, false, (&[(1, 3), (5, 6)], "1-2", None, true));
    // Base text known: a line diff moves gold and reads.
    check(
        &moved,
        true,
        false,
        (
            &[(4, 6), (8, 9)],
            "4-5",
            Some("gold and reads mapped by content (line diff"),
            true,
        ),
    );
    // Only the spans' first and last lines: gold follows, base reads are dropped and counted.
    check(
        &moved,
        false,
        true,
        (
            &[(4, 6), (8, 9)],
            "",
            Some("could not be mapped (0 gold span(s), 1 read row(s) dropped)"),
            false,
        ),
    );
    // Nothing to map by: every span and read is said to be dropped.
    check(
        &moved,
        false,
        false,
        (
            &[],
            "",
            Some("could not be mapped (2 gold span(s), 1 read row(s) dropped)"),
            false,
        ),
    );
    // A span whose lines were all deleted is counted, not painted elsewhere.
    let cut = "def f():\n    x = 1\n    return x\n\n";
    check(
        cut,
        true,
        false,
        (
            &[(1, 3)],
            "1-2",
            Some("could not be mapped (1 gold span(s), 0 read row(s) dropped)"),
            false,
        ),
    );
}

#[test]
fn reads_made_against_the_disk_text_or_another_version() {
    let moved = format!("# new\n{BASE}");
    let mut r = reads(&[(1, 1)], &[(6, 7)]);
    r.other
        .push((Interval { start: 3, end: 3 }, "human".into()));
    let m = map_file(
        &gold(&[(1, 3)], false),
        Some(BASE.as_bytes()),
        moved.as_bytes(),
        &sha256_hex(moved.as_bytes()),
        &r,
    );
    assert_eq!(
        m.read.to_string(),
        "2,6-7",
        "disk reads stay, base reads move"
    );
    assert_eq!(m.dropped, vec!["run `human` lines 3–3".to_string()]);
    assert!(m
        .note
        .as_ref()
        .is_some_and(|(t, ok)| t.contains("1 read row(s) dropped") && !ok));
}
