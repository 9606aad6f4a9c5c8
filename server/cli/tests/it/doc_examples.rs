//! The docs' worked examples run as written: each `readcov …` line of a ```sh block that a
//! ```text block follows must print that text, byte for byte (docs/explain.md here;
//! docs/evaluation.md in `cli_sheet.rs`). A synopsis (options in `[…]`) is not an example.

use crate::common;

use common::{readcov_in, stderr, stdout};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each `readcov …` command of a ```sh block with the ```text block after it, in doc order.
/// A ```sh `readcov` block that is not a synopsis must be followed by its ```text.
pub fn examples(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```sh" {
            continue;
        }
        let cmd: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let cmd = cmd.join(" ").replace('\\', " ");
        if !cmd.trim_start().starts_with("readcov ") || cmd.contains('[') {
            continue;
        }
        let fence = lines.by_ref().find(|l| !l.trim().is_empty());
        assert_eq!(
            fence,
            Some("```text"),
            "`{cmd}` must be followed by a ```text block"
        );
        let expected: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        out.push((cmd, expected.join("\n") + "\n"));
    }
    out
}

/// Runs every example of `doc` in `cwd` and compares stdout with the doc's text.
pub fn check_doc(doc: &str, cwd: &Path, want_examples: usize) {
    let path = root().join(doc);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let found = examples(&text);
    assert_eq!(found.len(), want_examples, "{doc}: examples found");
    for (cmd, expected) in found {
        let args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
        let o = readcov_in(cwd, &args);
        assert!(o.status.success(), "`{cmd}` failed: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "`{cmd}`: {doc} is out of date");
    }
}

/// A folder laid out as the repository after `scripts/real-data-flow`: `tests/` (the shipped
/// data, linked) and `target/real-data-flow/{reads,gold}.jsonl` made by the script's commands.
fn after_real_data_flow() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("tests"), dir.path().join("tests")).unwrap();
    std::fs::create_dir_all(dir.path().join("target/real-data-flow")).unwrap();
    let data = root().join("tests/data/real");
    let mut logs: Vec<String> = ["openhands", "mini-swe-agent"]
        .iter()
        .flat_map(|d| std::fs::read_dir(data.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    logs.sort();
    assert_eq!(logs.len(), 15, "{logs:?}");
    let mut import = vec!["import", "--workspaces", "tests/data/real/sources"];
    import.extend(logs.iter().map(String::as_str));
    import.extend(["-o", "target/real-data-flow/reads.jsonl"]);
    let gold = [
        "gold",
        "--from-swebench",
        "tests/data/real/gold.jsonl",
        "-o",
        "target/real-data-flow/gold.jsonl",
    ];
    for args in [&import[..], &gold[..]] {
        let o = readcov_in(dir.path(), args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    dir
}

#[test]
fn explain_md_prints_what_it_shows() {
    let dir = after_real_data_flow();
    check_doc("docs/explain.md", dir.path(), 1);
}

/// Runs the ```sh block of `doc` that holds `marker` line by line from the repository root:
/// `cd DIR` moves, every `readcov …` line must exit 0 (for examples shown without output).
fn runs_as_written(doc: &str, marker: &str) {
    let text = std::fs::read_to_string(root().join(doc)).unwrap();
    let block = text
        .split("```sh\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .find(|b| b.contains(marker))
        .unwrap_or_else(|| panic!("{doc}: no ```sh block holds `{marker}`"));
    let mut cwd = root();
    let mut ran = 0;
    for line in block.replace("\\\n", " ").lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"cd") => cwd = cwd.join(words[1]),
            Some(&"readcov") => {
                let o = readcov_in(&cwd, &words[1..]);
                assert!(o.status.success(), "{doc}: `{line}` failed: {}", stderr(&o));
                ran += 1;
            }
            _ => {}
        }
    }
    assert!(ran > 0, "{doc}: nothing run in the block of `{marker}`");
}

#[test]
fn explore_md_fixture_commands_run_as_written() {
    runs_as_written("docs/explore.md", "cd tests/fixtures/explore");
}
