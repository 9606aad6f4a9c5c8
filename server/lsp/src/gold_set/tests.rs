use super::*;

#[test]
fn entries_choices_and_selection() {
    assert_eq!(entry("edit=g.jsonl"), (Some("edit"), "g.jsonl"));
    assert_eq!(entry("g.jsonl"), (None, "g.jsonl"));
    // Not a plain label before `=`, or nothing after it: the whole entry is a path.
    assert_eq!(entry("dir/a=b.jsonl"), (None, "dir/a=b.jsonl"));
    assert_eq!(entry("x="), (None, "x="));
    let gold = ["unit=u.jsonl".to_string(), "rows.jsonl".to_string()];
    assert_eq!(choice(None, &gold), Choice::Given);
    assert_eq!(choice(Some(" "), &gold), Choice::Given);
    // A name wins over the definition of the same label.
    assert_eq!(choice(Some("unit"), &gold), Choice::Named("unit".into()));
    assert_eq!(
        choice(Some("units"), &gold),
        Choice::Def(GoldDef::from_label("units").unwrap())
    );
    assert_eq!(choice(Some("nope"), &gold), Choice::Unknown("nope".into()));
    assert_eq!(selected(&Choice::Named("unit".into()), &gold), ["u.jsonl"]);
    assert_eq!(selected(&Choice::Given, &gold), ["u.jsonl", "rows.jsonl"]);
}
