use super::*;

#[test]
fn task_from_the_folder_and_run_from_the_name() {
    let o = ImportOptions::default();
    let got = opts_for(
        Layout::TaskRun,
        Path::new("x/jackson-core-1142/gpt-4o.traj"),
        &o,
    );
    assert_eq!(
        (got.task.as_deref(), got.run.as_deref()),
        (Some("jackson-core-1142"), Some("gpt-4o"))
    );
    let got = opts_for(Layout::Log, Path::new("x/t/r.traj"), &o);
    assert_eq!((got.task.as_deref(), got.run.as_deref()), (None, None));
}
