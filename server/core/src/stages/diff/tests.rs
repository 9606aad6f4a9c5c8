//! The unit diff on hand-made texts: where each line goes and what is left out.

use super::{unit_diff, DiffLine};
use DiffLine::{Agent, Gold, Same, Skipped};

fn s(t: &str) -> String {
    t.to_string()
}

#[test]
fn a_changed_line_with_one_line_of_context_and_the_rest_counted() {
    let gold = "a\nb\nc\nd\ne\nf\ng\n";
    let agent = "a\nb\nc\nX\ne\nf\ng\n";
    assert_eq!(
        unit_diff(gold, agent, 1),
        vec![
            Skipped(2),
            Same(s("c")),
            Gold(s("d")),
            Agent(s("X")),
            Same(s("e")),
            Skipped(2)
        ]
    );
}

#[test]
fn equal_texts_are_one_skipped_stretch() {
    assert_eq!(unit_diff("a\nb\nc\n", "a\nb\nc", 2), vec![Skipped(3)]);
}

#[test]
fn an_empty_side_and_lines_added_at_the_end() {
    assert_eq!(unit_diff("x\ny\n", "", 1), vec![Gold(s("x")), Gold(s("y"))]);
    assert_eq!(
        unit_diff("a\nb\n", "a\nb\nc\n", 0),
        vec![Skipped(2), Agent(s("c"))]
    );
}

#[test]
fn two_differences_close_together_share_their_context() {
    let gold = "a\nb\nc\nd\ne\n";
    let agent = "A\nb\nc\nd\nE\n";
    assert_eq!(
        unit_diff(gold, agent, 3),
        vec![
            Gold(s("a")),
            Agent(s("A")),
            Same(s("b")),
            Same(s("c")),
            Same(s("d")),
            Gold(s("e")),
            Agent(s("E"))
        ]
    );
}
