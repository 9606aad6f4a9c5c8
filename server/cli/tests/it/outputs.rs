//! Outputs through the real binary (issue 35, items 11 and 12): a file is replaced whole or not
//! at all (a full disk left a truncated file where the previous one was), no output may be an
//! input (`import a.json -o a.json` replaced its input), `-` is standard output everywhere it is
//! honoured (`report --html -` wrote a file named `-`) and refused where stdout is taken, and an
//! import that wrote no rows says so and exits 2.

use crate::common::{real_data, stderr, stdout};
use std::path::Path;
use std::process::{Command, Output};

fn readcov(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run readcov")
}

/// A folder with a real OpenHands trajectory (`run.json`, 20 reads) and gold for it.
fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    let real = real_data();
    std::fs::copy(
        real.join("openhands/psf__requests-1724.json"),
        d.path().join("run.json"),
    )
    .unwrap();
    std::fs::copy(real.join("gold.jsonl"), d.path().join("gold.jsonl")).unwrap();
    d
}

#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let d = folder();
    let before = std::fs::read(d.path().join("run.json")).unwrap();
    for out in ["run.json", "./run.json"] {
        let o = readcov(d.path(), &["import", "run.json", "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!("-o {out}: this is also an input (run.json)")),
            "{}",
            stderr(&o)
        );
        assert_eq!(std::fs::read(d.path().join("run.json")).unwrap(), before);
    }
    // The other commands with outputs.
    let gold_in = ["gold", "--from-swebench", "gold.jsonl", "-o", "gold.jsonl"];
    let report_in = [
        "report",
        "--gold",
        "gold.jsonl",
        "--reads",
        "run.json",
        "--html",
        "gold.jsonl",
    ];
    let partial_in = [
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        "run.json",
        "--emit-partial",
        "run.json",
    ];
    for args in [&gold_in[..], &report_in, &partial_in] {
        let gold = std::fs::read(d.path().join("gold.jsonl")).unwrap();
        let o = readcov(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("this is also an input"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read(d.path().join("gold.jsonl")).unwrap(), gold);
        assert_eq!(std::fs::read(d.path().join("run.json")).unwrap(), before);
    }
}

#[test]
fn a_write_that_fails_half_way_leaves_the_previous_file() {
    // A 1 KiB file-size limit (RLIMIT_FSIZE, as a full disk: the write fails part-way; SIGXFSZ
    // ignored so it is an error, not a kill). The previous output must survive whole, and no
    // temp file stays behind.
    let d = folder();
    let readcov_bin = env!("CARGO_BIN_EXE_readcov");
    for args in [
        "import run.json -o out.jsonl",
        "gold --from-swebench gold.jsonl -o out.jsonl",
        "report --gold gold.jsonl --reads run.json --html out.jsonl",
    ] {
        std::fs::write(d.path().join("out.jsonl"), "previous\n").unwrap();
        let o = Command::new("bash")
            .current_dir(d.path())
            .arg("-c")
            .arg(format!(
                "trap '' XFSZ; ulimit -f 1; exec {readcov_bin} {args}"
            ))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("out.jsonl: cannot write"),
            "{args}: {}",
            stderr(&o)
        );
        assert_eq!(
            std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
            "previous\n",
            "{args}"
        );
        let left: Vec<String> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "{args}: {left:?}");
        // Without the limit the same command replaces the file.
        let o = readcov(d.path(), &args.split(' ').collect::<Vec<_>>());
        assert_eq!(o.status.code(), Some(0), "{args}: {}", stderr(&o));
        assert_ne!(
            std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
            "previous\n"
        );
    }
}

#[test]
fn dash_is_standard_output_or_refused_never_a_file_named_dash() {
    let d = folder();
    let o = readcov(
        d.path(),
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "run.json",
            "--html",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("<!doctype html>") || stdout(&o).starts_with("<!DOCTYPE html>"),
        "{}",
        &stdout(&o)[..100.min(stdout(&o).len())]
    );
    assert!(
        stderr(&o).contains("report: "),
        "the summary moves to stderr: {}",
        stderr(&o)
    );
    assert!(!d.path().join("-").exists(), "no file named `-`");
    for (args, want) in [
        (
            &[
                "report",
                "--gold",
                "gold.jsonl",
                "--reads",
                "run.json",
                "--html",
                "-",
                "--sarif",
                "-",
            ][..],
            "--sarif -: standard output already carries --html",
        ),
        (
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "run.json",
                "--emit-partial",
                "-",
            ][..],
            "--emit-partial -: standard output already carries the command's own output",
        ),
        (
            &["import", "run.json", "--emit-outcomes", "-"][..],
            "--emit-outcomes -: standard output already carries the command's own output",
        ),
    ] {
        let o = readcov(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert!(!d.path().join("-").exists());
    }
}

#[test]
fn an_import_that_writes_no_rows_exits_2_and_keeps_the_old_output() {
    let d = folder();
    // A real trajectory imported against a workspace without its files: every read is dropped.
    std::fs::create_dir(d.path().join("empty")).unwrap();
    std::fs::write(d.path().join("out.jsonl"), "previous\n").unwrap();
    let o = readcov(
        d.path(),
        &[
            "import",
            "run.json",
            "--workspace",
            "empty",
            "-o",
            "out.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "error: no read or edit rows imported from 1 file(s); out.jsonl left as it was"
        ),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
        "previous\n"
    );
    // Control: with no workspace the same log gives rows, exit 0.
    let o = readcov(d.path(), &["import", "run.json", "-o", "out.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(d.path().join("out.jsonl"))
            .unwrap()
            .lines()
            .count()
            > 5
    );
}
