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

/// The repository's root (where `tests/fixtures` and `tests/data` are).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Asserts `o` is a refusal: exit 2, every one of `says` in stderr, nothing on stdout.
pub fn assert_refused(o: &Output, says: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    for s in says {
        assert!(stderr(o).contains(s), "{s:?} not in: {}", stderr(o));
    }
    assert!(o.stdout.is_empty(), "nothing is written when refused");
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Copies the tree `from` to `to` (folders made as needed): a test's own workspace from the
/// shipped data.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dst = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dst);
        } else {
            std::fs::copy(e.path(), dst).unwrap();
        }
    }
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

/// The 15 real trajectories (`openhands`, `mini-swe-agent`) imported against their tasks' sources
/// and the gold of their SWE-bench patches, written into `dir`: (reads, gold). The reads hold the
/// runs' edits too.
pub fn real_reads_and_gold(dir: &Path) -> (PathBuf, PathBuf) {
    let data = real_data();
    let (reads, gold) = (dir.join("reads.jsonl"), dir.join("gold.jsonl"));
    let path = |p: &Path| p.to_str().expect("utf-8 path").to_string();
    let mut args = vec![
        "import".to_string(),
        "--workspaces".into(),
        path(&data.join("sources")),
    ];
    for sub in ["openhands", "mini-swe-agent"] {
        let mut logs: Vec<PathBuf> = (std::fs::read_dir(data.join(sub)).expect("trajectories"))
            .map(|e| e.expect("entry").path())
            .collect();
        logs.sort();
        args.extend(logs.iter().map(|l| path(l)));
    }
    args.extend(["-o".to_string(), path(&reads)]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(readcov(&args).status.code(), Some(0), "import");
    let swebench = path(&data.join("gold.jsonl"));
    let g = readcov(&["gold", "--from-swebench", &swebench, "-o", &path(&gold)]);
    assert_eq!(g.status.code(), Some(0), "gold");
    (reads, gold)
}

/// Asserts every line of an explain text fits 100 columns. The one exception is the product's
/// own: the next command keeps a word longer than a line whole (`shell_wrap`), so a continuation
/// line holding nothing but such a word (a path under a deep checkout) may be longer; how long
/// depends on where the repository was cloned, not on readcov.
pub fn fits_100_columns(text: &str) {
    for line in text.lines() {
        let n = line.chars().count();
        let word = line
            .strip_prefix("    ")
            .map(|w| w.strip_suffix(" \\").unwrap_or(w));
        let one_long_word =
            word.is_some_and(|w| !w.is_empty() && !w.contains(' ') && w.chars().count() + 6 > 100);
        assert!(n <= 100 || one_long_word, "over 100 columns: {line}");
    }
}

/// The command after `next (...):` as one line: continuation backslashes and the indentation of
/// the lines they continue removed.
pub fn next_command(text: &str) -> String {
    let tail = text.split_once("\nnext (").expect("a next command").1;
    let cmd = tail.split_once("):\n").expect("next (…):").1;
    (cmd.split(" \\\n").map(str::trim))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `readcov lsp` (this test run's binary) as a child over pipes, killed when dropped, its stderr
/// discarded unless `configure` says otherwise; `configure` adds what the case needs (its
/// directory, environment, stderr). Returns the child (keep it: dropping it kills the server)
/// and the server's stdout and stdin.
pub fn spawn_lsp(
    configure: impl FnOnce(&mut tokio::process::Command),
) -> (
    tokio::process::Child,
    tokio::process::ChildStdout,
    tokio::process::ChildStdin,
) {
    use std::process::Stdio;
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_readcov"));
    command
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    configure(command.kill_on_drop(true));
    let mut child = command.spawn().expect("spawn readcov lsp");
    let (stdout, stdin) = (child.stdout.take().unwrap(), child.stdin.take().unwrap());
    (child, stdout, stdin)
}
