use super::*;

#[test]
fn each_path_is_resolved_once_and_answers_as_inside_workspace() {
    let d = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let root = d.path().canonicalize().unwrap();
    std::fs::write(root.join("a.py"), "x\n").unwrap();
    std::fs::write(outside.path().join("secret.py"), "x\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("secret.py"), root.join("leak.py")).unwrap();
    let ws = WorkspaceCheck::new(Some(root.clone()));
    for _ in 0..3 {
        for p in ["a.py", "leak.py", "missing.py"] {
            assert_eq!(ws.check(p), crate::inside_workspace(Some(&root), p), "{p}");
        }
    }
    assert!(ws
        .check("leak.py")
        .unwrap_err()
        .contains("outside the workspace"));
    assert_eq!(ws.cached(), 3);
    // The answer is kept: the link's later removal does not change it within this load.
    std::fs::remove_file(root.join("leak.py")).unwrap();
    assert!(ws.check("leak.py").is_err());
    assert!(WorkspaceCheck::new(Some(root)).check("leak.py").is_ok());
}

#[test]
fn without_a_workspace_nothing_is_checked_or_kept() {
    let ws = WorkspaceCheck::of(None);
    assert_eq!(ws.check("../../etc/passwd"), Ok(()));
    assert_eq!(ws.cached(), 0);
}

#[test]
fn the_cache_stops_growing_at_its_limit() {
    let d = tempfile::tempdir().unwrap();
    let ws = WorkspaceCheck::new(Some(d.path().canonicalize().unwrap()));
    for i in 0..MAX_CACHED_PATHS + 10 {
        assert_eq!(ws.check(&format!("f{i}.py")), Ok(()));
    }
    assert_eq!(ws.cached(), MAX_CACHED_PATHS);
}
