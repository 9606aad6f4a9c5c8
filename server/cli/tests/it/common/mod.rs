//! Helpers shared by the CLI's end-to-end test files: run the real binary, read its output, find
//! the real agent data.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `readcov` binary built for this test run, in the crate's directory.
pub fn readcov(args: &[&str]) -> Output {
    readcov_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs the `readcov` binary with `dir` as its working directory.
pub fn readcov_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run the readcov binary")
}

/// Runs the `readcov` binary and asserts it succeeded (stderr in the failure message).
pub fn readcov_ok(args: &[&str]) -> Output {
    let o = readcov(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `tests/data/real` beside the repository; a loud failure when it is missing, never a skip.
pub fn real_data() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "real agent data missing at {} (it ships in the repository)",
        p.display()
    );
    p
}
