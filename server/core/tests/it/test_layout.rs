//! The workspace's test layout rule (docs/testing.md "Where tests live"): a module's unit tests
//! live in `foo/tests.rs` beside `foo.rs`, so no source file holds an inline test module (its
//! body between braces).
//! Five had crept back in by session 33; this test keeps the rule instead of the grep in the doc.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_holds_an_inline_test_module() {
    let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&server, &mut files);
    assert!(
        files.len() > 100,
        "only {} .rs files under {server:?}",
        files.len()
    );
    // Built here so this file does not hold the text it looks for.
    let needle = ["mod tests", " {"].concat();
    let inline: Vec<String> = (files.iter())
        .filter(|f| std::fs::read_to_string(f).unwrap().contains(&needle))
        .map(|f| f.strip_prefix(&server).unwrap().display().to_string())
        .collect();
    assert!(
        inline.is_empty(),
        "an inline test module (move it to foo/tests.rs): {inline:?}"
    );
}
