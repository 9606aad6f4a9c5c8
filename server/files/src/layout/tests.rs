use super::*;

#[test]
fn folders_become_their_task_files_in_name_order() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path().join("runs");
    for (task, run) in [("t2", "b.traj"), ("t1", "z.traj"), ("t1", "a.traj")] {
        std::fs::create_dir_all(root.join(task)).unwrap();
        std::fs::write(root.join(task).join(run), "{}").unwrap();
    }
    std::fs::write(root.join("loose.traj"), "{}").unwrap(); // not under a task folder: skipped
    let v1 = d.path().join("conv");
    std::fs::create_dir(&v1).unwrap();
    std::fs::write(v1.join("base_state.json"), "{}").unwrap();
    let one = d.path().join("one.traj");
    let got = task_run_files(&[root.clone(), v1.clone(), one.clone()]);
    let want = [
        root.join("t1/a.traj"),
        root.join("t1/z.traj"),
        root.join("t2/b.traj"),
        v1,
        one,
    ];
    assert_eq!(got, want);
    let o = ImportOptions::default();
    let got = task_run_opts(&root.join("t1/a.traj.json"), &o);
    assert_eq!(
        (got.task.as_deref(), got.run.as_deref()),
        (Some("t1"), Some("a"))
    );
    let got = task_run_opts(Path::new("a.traj"), &o);
    assert_eq!((got.task.as_deref(), got.run.as_deref()), (None, None));
}
