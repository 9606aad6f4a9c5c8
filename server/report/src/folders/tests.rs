use super::*;

#[test]
fn a_task_with_its_folder_names_its_files_under_it() {
    let f = TaskFolders {
        root: "/data/sources".into(),
        tasks: ["psf__requests-1724".to_string()].into(),
    };
    let path = |t, p| exported(Some(&f), t, p).into_owned();
    assert_eq!(
        path("psf__requests-1724", "requests/sessions.py"),
        "psf__requests-1724/requests/sessions.py"
    );
    // No folder of its own, or an absolute path: as given.
    assert_eq!(
        path("other", "requests/sessions.py"),
        "requests/sessions.py"
    );
    assert_eq!(path("psf__requests-1724", "/abs/a.py"), "/abs/a.py");
    assert_eq!(exported(None, "psf__requests-1724", "a.py"), "a.py");
}
