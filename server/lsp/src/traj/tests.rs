use super::*;

#[test]
fn dropped_reads_are_counted_by_reason() {
    let mut s = Summary::default();
    s.skip(Reason::TextMismatch);
    s.skip(Reason::TextMismatch);
    s.skip(Reason::UnknownCommand);
    let notes = dropped_for_changed_files("traj.json", &s);
    assert_eq!(notes.len(), 1, "{notes:?}");
    let text = notes[0].to_string();
    assert!(
        text.contains("traj.json")
            && text.contains("2 tool call(s) gave no read (shown text differs from file)"),
        "{text}"
    );
    assert!(dropped_for_changed_files("t", &Summary::default()).is_empty());
}
