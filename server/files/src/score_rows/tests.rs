use super::ScoreReads;
use crate::input::reads_lean_of;

fn table(text: &str) -> Option<readcov_core::LeanReads> {
    reads_lean_of("<reads>", text.as_bytes())
}

const READ: &str = "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
const EDIT: &str =
    "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"kind\":\"edit\"}\n";

#[test]
fn the_lean_table_only_without_workspace_and_edits() {
    let lean = |text, ws| ScoreReads::lean(table(text), ws).map(|r| r.is_lean());
    assert_eq!(lean(READ, false), Some(true));
    assert_eq!(lean(READ, true), None, "a workspace needs whole rows");
    assert_eq!(lean(EDIT, false), None, "edits need whole rows");
    assert!(table("not json\n").is_some_and(|t| !t.errors.is_empty()));
}

#[test]
fn with_a_workspace_the_table_is_never_loaded() {
    let never = || -> Result<_, ()> { panic!("loaded with a workspace") };
    assert!(matches!(ScoreReads::lean_of(true, never), Ok(None)));
    let lean = ScoreReads::lean_of(false, || Ok::<_, ()>(table(READ))).unwrap();
    assert_eq!(lean.as_ref().map(ScoreReads::len), Some(1));
    assert!(lean.is_some_and(|l| l.lean_errors().is_empty()));
    let failed = ScoreReads::lean_of(false, || Err::<Option<_>, _>("unreadable"));
    assert!(matches!(failed, Err("unreadable")));
}
