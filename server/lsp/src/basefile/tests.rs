use super::*;

fn kept_by_hash_only(cache: &Cache, folder: &Path, root: &Path) {
    let text = b"a\nb\n";
    let sha = sha256_hex(text);
    std::fs::write(root.join("a.py"), text).unwrap();
    assert_eq!(cache.load(&sha), None);
    cache.keep(&root.join("a.py"), &sha).unwrap();
    assert_eq!(cache.load(&sha).as_deref(), Some(&text[..]));
    assert_eq!(cache.load(&sha.to_uppercase()).as_deref(), Some(&text[..]));
    assert!(folder.join(&sha).is_file(), "kept in {}", folder.display());
    // A file that is not the base is not kept.
    std::fs::write(root.join("b.py"), b"other\n").unwrap();
    cache
        .keep(&root.join("b.py"), &sha256_hex(b"not it"))
        .unwrap();
    assert_eq!(std::fs::read_dir(folder).unwrap().count(), 1);
    // A kept file that no longer hashes to its name is not used.
    std::fs::write(folder.join(&sha), b"tampered").unwrap();
    assert_eq!(cache.load(&sha), None);
    // A name that is not a hash reaches nothing.
    assert_eq!(cache.load("../../etc/passwd"), None);
    assert!(cache.keep(&root.join("a.py"), "../x").is_ok());
    assert!(!root.join(".readcov/x").exists());
    // Listed: only what still hashes to its name.
    let other = b"c\n";
    std::fs::write(root.join("c.py"), other).unwrap();
    cache.keep(&root.join("c.py"), &sha256_hex(other)).unwrap();
    std::fs::write(folder.join("notes.txt"), b"x").unwrap();
    assert_eq!(cache.kept(), vec![other.to_vec()]);
}

#[test]
fn kept_in_readcovs_cache_folder_outside_the_workspace() {
    let (ws, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let root = ws.path().canonicalize().unwrap();
    let c = Cache::under(&root, Some(cache.path()));
    let folder = c.dirs()[0].clone();
    assert!(
        folder.starts_with(cache.path().join("readcov/base")),
        "{folder:?}"
    );
    kept_by_hash_only(&c, &folder, &root);
    assert!(
        !root.join(".readcov").exists(),
        "nothing written in the workspace"
    );
    // Another workspace has a folder of its own.
    let other = tempfile::tempdir().unwrap();
    assert_ne!(
        Cache::under(other.path(), Some(cache.path())).dirs()[0],
        folder
    );
}

#[test]
fn without_a_cache_folder_kept_in_the_workspace_and_found_there_later() {
    let ws = tempfile::tempdir().unwrap();
    let root = ws.path().canonicalize().unwrap();
    let c = Cache::under(&root, None);
    kept_by_hash_only(&c, &root.join(WORKSPACE_DIR), &root);
    // A text an earlier version kept in the workspace is still found with a cache folder.
    let cache = tempfile::tempdir().unwrap();
    let text = b"c\n";
    assert_eq!(
        Cache::under(&root, Some(cache.path()))
            .load(&sha256_hex(text))
            .as_deref(),
        Some(&text[..])
    );
}

/// A file past the limit is refused unread (a sparse file: no disk used), and nothing kept.
#[test]
fn a_file_past_the_limit_is_not_read_nor_kept() {
    let (ws, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let root = ws.path().canonicalize().unwrap();
    let big = root.join("big.py");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(MAX_SOURCE_BYTES + 1)
        .unwrap();
    let c = Cache::under(&root, Some(cache.path()));
    let e = c.keep(&big, &"0".repeat(64)).unwrap_err();
    assert!(e.contains("over the limit of 67108864 bytes"), "{e}");
    assert!(c.kept().is_empty());
    assert!(!c.dirs()[0].exists());
}

/// A workspace's folder holds at most MAX_KEPT_BYTES: past it nothing more is kept, and said.
#[test]
fn a_full_folder_keeps_nothing_more() {
    let (ws, cache) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let root = ws.path().canonicalize().unwrap();
    let c = Cache::under(&root, Some(cache.path()));
    let folder = c.dirs()[0].clone();
    std::fs::create_dir_all(&folder).unwrap();
    // Sparse: counted at its length, no disk used.
    std::fs::File::create(folder.join("e".repeat(64)))
        .unwrap()
        .set_len(MAX_KEPT_BYTES - 2)
        .unwrap();
    let text = b"a\nb\n";
    std::fs::write(root.join("a.py"), text).unwrap();
    let e = c.keep(&root.join("a.py"), &sha256_hex(text)).unwrap_err();
    assert!(e.contains("over the limit of 268435456 bytes"), "{e}");
    assert!(!folder.join(sha256_hex(text)).exists());
    // With room, the same text is kept.
    std::fs::remove_file(folder.join("e".repeat(64))).unwrap();
    c.keep(&root.join("a.py"), &sha256_hex(text)).unwrap();
    assert_eq!(c.kept(), vec![text.to_vec()]);
}

/// Without a cache folder, a repository whose `.readcov` (or `.readcov/base`) is a symlink to a
/// folder outside gets nothing written there: not the text, not even the `base` folder, which
/// `create_dir_all` made through the link before the check refused it.
#[test]
fn a_symlinked_workspace_folder_gets_nothing_written_outside() {
    for linked in [".readcov", ".readcov/base"] {
        let (ws, outside) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let root = ws.path().canonicalize().unwrap();
        if linked == ".readcov/base" {
            std::fs::create_dir(root.join(".readcov")).unwrap();
        }
        std::os::unix::fs::symlink(outside.path(), root.join(linked)).unwrap();
        let text = b"a\nb\n";
        std::fs::write(root.join("a.py"), text).unwrap();
        let c = Cache::under(&root, None);
        let e = c.keep(&root.join("a.py"), &sha256_hex(text)).unwrap_err();
        assert!(e.contains("not a real folder"), "{linked}: {e}");
        let made: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
        assert!(made.is_empty(), "{linked}: written outside: {made:?}");
        assert_eq!(c.load(&sha256_hex(text)), None);
    }
}
