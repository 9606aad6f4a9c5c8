use super::*;

fn span(task: &str, path: &str, start: u32, end: u32) -> GoldSpan {
    GoldSpan {
        task: task.into(),
        ..GoldSpan::simple(path, start, end)
    }
}

/// Under `--workspaces DIR`, a task with no folder in DIR has no units: it is left out of unit
/// qrels and named, as a task whose file has no grammar is; the other tasks are written. Before
/// session 25 it failed the whole output with "needs --workspace or --workspaces".
#[test]
fn a_task_without_a_folder_is_left_out_of_unit_qrels() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("t1")).unwrap();
    std::fs::write(root.join("t1/a.py"), "def f():\n    return 1\n").unwrap();
    let rows = [span("t1", "a.py", 2, 2), span("t2", "a.py", 2, 2)];
    let files = Workspaces {
        one: None,
        per_task: Some(root),
    };
    let got = qrels(&rows, QrelsLevel::Unit, &files).unwrap();
    assert_eq!(got.text, "t1 0 a.py:f 1\n");
    assert_eq!(got.unjudged, vec!["t2".to_string()]);
    let none = Workspaces {
        one: None,
        per_task: None,
    };
    assert!(matches!(
        qrels(&rows, QrelsLevel::Unit, &none),
        Err(QrelsError::NoWorkspace)
    ));
}
