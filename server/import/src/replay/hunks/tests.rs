//! The edit rows of hunk edits (session 38): a change of lines the agent wrote, or an insertion
//! beside them, gives the row a `str_replace` of the same lines gives; each case is replayed
//! both ways and compared, the expected rows worked out by hand on the numbered file.

use crate::replay::{EditOp, FileState};

/// A base file of `n` lines `line1`…`lineN`.
fn file(n: u32) -> FileState {
    let text: String = (1..=n).map(|i| format!("line{i}\n")).collect();
    FileState::new(Some(text.as_bytes()))
}

fn hunk(start: u32, lines: &[&str]) -> EditOp {
    EditOp::Hunks(vec![(start, lines.iter().map(|l| l.to_string()).collect())])
}

fn replace(old: &str, new: &str) -> EditOp {
    EditOp::StrReplace {
        old: old.into(),
        new: new.into(),
    }
}

/// `x` added after base line 2, as the first edit of both replays.
fn with_x() -> FileState {
    let mut f = file(6);
    let add = hunk(1, &[" line1", " line2", "+x", " line3", " line4"]);
    assert_eq!(f.apply(&add), Some(vec![2]));
    f
}

/// Replays `op` and `by_replace` on copies of `f`: the rows of each, and the base lines behind
/// lines 1..=8 after it (both replays must leave the same copy).
fn both(f: &FileState, op: &EditOp, by_replace: &EditOp) -> (Vec<u32>, Vec<u32>) {
    let (mut a, mut b) = (f.clone(), f.clone());
    let rows = a.apply(op).expect("hunks replayed");
    let rows_r = b.apply(by_replace).expect("str_replace replayed");
    let all: Vec<u32> = (1..=8).collect();
    let (ma, mb) = (a.map(&all).unwrap(), b.map(&all).unwrap());
    assert_eq!(ma, mb, "the two replays leave the same copy");
    assert_eq!(
        rows, rows_r,
        "a hunk edit gives the rows a str_replace gives"
    );
    (rows, ma.base)
}

/// The agent changes the line it wrote: the base line before it (before session 38, no row).
#[test]
fn changing_a_line_the_agent_wrote_is_the_base_line_before_it() {
    let f = with_x();
    let op = hunk(2, &[" line2", "-x", "+X", " line3"]);
    let (rows, base) = both(&f, &op, &replace("x", "X"));
    assert_eq!(rows, [2]);
    assert_eq!(base, [1, 2, 3, 4, 5, 6]);
}

/// Deleting it, and adding a line after it (a context line the agent wrote before the `+`):
/// the base line before, as a `str_replace` of it gives.
#[test]
fn deleting_it_or_adding_after_it_is_the_base_line_before_it() {
    let f = with_x();
    let del = hunk(2, &[" line2", "-x", " line3"]);
    assert_eq!(both(&f, &del, &replace("line2\nx\n", "line2\n")).0, [2]);
    let after = hunk(2, &[" line2", " x", "+y", " line3"]);
    assert_eq!(both(&f, &after, &replace("x\n", "x\ny\n")).0, [2]);
}

/// A change spanning a base line and the agent's: the base line only, as before.
#[test]
fn a_change_of_base_and_agent_lines_is_its_base_lines() {
    let f = with_x();
    let op = hunk(1, &[" line1", "-line2", "-x", "+Z", " line3"]);
    let (rows, base) = both(&f, &op, &replace("line2\nx", "Z"));
    assert_eq!(rows, [2]);
    assert_eq!(base, [1, 3, 4, 5, 6]);
}

/// Each change of a hunk has its own row: an insertion after a context line, beside a changed
/// base line in the same hunk, is the base line it follows (before session 38 a hunk with a `-`
/// line gave none for it). The str_replace of each change, one after the other, gives the same.
#[test]
fn each_change_of_a_hunk_has_its_row() {
    let mut f = file(6);
    let op = hunk(1, &[" line1", "-line2", "+L2", " line3", "+ins", " line4"]);
    assert_eq!(f.apply(&op), Some(vec![2, 3]));
    let mut g = file(6);
    assert_eq!(g.apply(&replace("line2", "L2")), Some(vec![2]));
    assert_eq!(g.apply(&replace("line3\n", "line3\nins\n")), Some(vec![3]));
    let all: Vec<u32> = (1..=8).collect();
    assert_eq!(f.map(&all), g.map(&all));
}

/// With no base line before the change (the top of the file, a file the run created), no row.
#[test]
fn no_base_line_before_it_no_row() {
    let mut f = file(3);
    assert_eq!(f.apply(&hunk(1, &["+top", " line1"])), Some(vec![]));
    assert_eq!(f.apply(&hunk(1, &["-top", "+TOP", " line1"])), Some(vec![]));
    let mut new = FileState::new(None);
    let text = "a\nb\n".to_string();
    assert_eq!(new.apply(&EditOp::Create { text }), Some(vec![]));
    assert_eq!(new.apply(&hunk(1, &["-a", "+A", " b", "+c"])), Some(vec![]));
}

/// Without the base text (no workspace: Claude Code hunks need only the length) the rule is the
/// same: the origin of each line is known.
#[test]
fn without_the_text_the_same_rows() {
    let mut f = FileState::new(None);
    f.note_len(6);
    assert_eq!(f.apply(&hunk(2, &[" a", "+x", " b"])), Some(vec![2]));
    assert_eq!(f.apply(&hunk(2, &[" a", "-x", "+X", " b"])), Some(vec![2]));
    assert_eq!(f.apply(&hunk(3, &["-X"])), Some(vec![2]));
    assert_eq!(f.current_len(), Some(6));
}
