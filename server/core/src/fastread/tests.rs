//! A line read with what the lines before it told (its run's opening and ids) is
//! the line read alone, as the fast path read every line before it kept them.

use super::{fast_raw, fast_read, span, Id, LastPath};
use crate::path::normalize_path;
use crate::span::ReadSpan;
use proptest::prelude::*;

/// The fast path as it read every line before: whole, on its own.
fn read_alone(text: &str, workspace: Option<&str>) -> Option<ReadSpan> {
    let mut raw = fast_raw(text)?;
    let path = normalize_path(&raw.path, workspace).ok()?;
    let (task, run) = (
        Id::owned_or_default(raw.task.take()),
        Id::owned_or_default(raw.run.take()),
    );
    Some(span(raw, path, task, run))
}

/// Openings: the ids first in either order, one id, none, spaced, an integer id, escapes, an
/// empty id (declined), a duplicate of the id a later member repeats.
const OPENINGS: [&str; 9] = [
    r#"{"task":"t1","run":"r1","#,
    r#"{"task":"t1","run":"r2","#,
    r#"{"run":"r1","task":"t1","#,
    r#"{"task":"t2","#,
    r#"{"#,
    r#"{ "task" : "t\"q" , "run":7 ,"#,
    r#"{"task":"t1","run":"","#,
    r#"{"task":"t\u00e9","run":"r1","#,
    r#"{"task":"t1","run":"r1" ,"#,
];

const PATHS: [&str; 6] = [
    r#""a.py""#,
    r#""/w/b.py""#,
    r#""./c/../d.py""#,
    r#""e\u00e9.py""#,
    r#""""#,
    r#""../x.py""#,
];

/// What follows the line range: the usual members in two orders, an edit, a member that
/// repeats an id, an unknown key (the slow path's), a `base`, bad values, nothing.
const TAILS: [&str; 9] = [
    r#","turn":1,"step":2,"tool":"bash","source":"agent","command":"cat \"x\"""#,
    r#","tool":"bash","turn":1,"step":2,"command":"sed -n 1,2p a.py""#,
    r#","turn":3,"step":4,"tool":"str_replace_editor","kind":"edit""#,
    r#","task":"dup""#,
    r#","rank":1"#,
    r#","base":{"sha256":"ab","lines":3}"#,
    r#","turn":-1"#,
    r#","source":"nobody""#,
    "",
];

fn line(o: usize, p: usize, start: u32, end: u32, t: usize) -> String {
    format!(
        r#"{}"path":{},"start":{start},"end":{end}{}}}"#,
        OPENINGS[o], PATHS[p], TAILS[t]
    )
}

proptest! {
    #[test]
    fn a_line_read_after_others_is_the_line_read_alone(
        lines in prop::collection::vec(
            (0..OPENINGS.len(), 0..PATHS.len(), 0u32..4, 0u32..4, 0..TAILS.len()), 1..14),
        workspace in prop::option::of(Just("/w")),
    ) {
        let mut last = LastPath::default();
        for &(o, p, start, end, t) in &lines {
            let text = line(o, p, start, end, t);
            let alone = read_alone(&text, workspace);
            prop_assert_eq!(&fast_read(&text, workspace, &mut LastPath::default()), &alone, "{}", text);
            prop_assert_eq!(fast_read(&text, workspace, &mut last), alone, "{}", text);
        }
    }
}

/// The repeated opening is taken: the second line of a run reads its ids from the first.
#[test]
fn a_runs_next_line_reads_its_ids_from_the_opening() {
    let mut last = LastPath::default();
    let first = line(0, 0, 1, 2, 0);
    let next = line(0, 1, 3, 4, 1);
    let a = fast_read(&first, None, &mut last).expect("taken");
    assert_eq!(last.opening, OPENINGS[0].as_bytes());
    let b = fast_read(&next, None, &mut last).expect("taken");
    assert_eq!((a.task.as_str(), a.run.as_str()), ("t1", "r1"));
    assert_eq!(
        (b.task.as_str(), b.run.as_str(), b.path.as_str()),
        ("t1", "r1", "/w/b.py")
    );
    assert!(last.repeated(&next).is_some(), "read from the opening on");
    // Readable lines all through the pools (the property test is not vacuous).
    let taken = (0..OPENINGS.len())
        .flat_map(|o| (0..TAILS.len()).map(move |t| line(o, 0, 1, 2, t)))
        .filter(|l| read_alone(l, None).is_some())
        .count();
    assert!(taken > OPENINGS.len() * TAILS.len() / 2, "{taken}");
}
