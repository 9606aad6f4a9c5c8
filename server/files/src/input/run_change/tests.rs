use super::*;

fn pred(task: &str, run: Option<&str>, patch: &str) -> Prediction {
    Prediction {
        task: task.into(),
        run: run.map(str::to_string),
        patch: Some(patch.into()),
        partial: Vec::new(),
        file: "preds.jsonl".into(),
        line: 1,
    }
}

#[test]
fn an_entry_naming_the_run_wins_then_a_tasks_only_entry_then_the_log() {
    let mut c = RunChanges::default();
    c.add_run("t", "a");
    c.add_predictions([pred("t", None, "P")]);
    let logged = RunChange {
        task: "t".into(),
        run: "a".into(),
        submitted: Some("L".into()),
        replayed: None,
    };
    c.add_logged([&logged]);
    // The task's only entry, its only run: the entry.
    let got = c.change("t", "a").unwrap();
    assert_eq!(
        (got.source, got.patch.as_str()),
        (ChangeSource::Patches, "P")
    );
    // A second run: the unnamed entry pairs with neither; the log's patch is a's.
    c.add_run("t", "b");
    let got = c.change("t", "a").unwrap();
    assert_eq!((got.source, got.patch.as_str()), (ChangeSource::Log, "L"));
    assert_eq!(c.change("t", "b"), None);
    assert_eq!(
        c.unused_predictions([("t", "a"), ("t", "b")]),
        [("t", None)]
    );
    // An entry naming b is b's.
    c.add_predictions([pred("t", Some("b"), "B")]);
    assert_eq!(c.change("t", "b").unwrap().patch, "B");
    assert_eq!(
        c.unused_predictions([("t", "a"), ("t", "b")]),
        [("t", None)]
    );
}
