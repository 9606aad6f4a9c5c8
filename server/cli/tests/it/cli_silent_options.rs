//! Options given where they do nothing are refused (exit 2, the error naming the option and what
//! it goes with), not silently ignored: each was accepted before session 29 and changed nothing.
//! The harmless ones (`score --no-legend` with json, `--summary` with the table) stay accepted
//! and `--help` says they change nothing.

use crate::common;

use common::{assert_refused, readcov_in, repo_root, stderr};
use std::path::Path;

const GOLD: &str = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n";
const READS: &str = "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";

fn inputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("gold.jsonl"), GOLD).unwrap();
    std::fs::write(dir.path().join("reads.jsonl"), READS).unwrap();
    std::fs::write(dir.path().join("a.py"), "a\nb\nc\nd\ne\n").unwrap();
    dir
}

/// Runs `readcov score --gold gold.jsonl --reads reads.jsonl` with `extra`.
fn score(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    args.extend_from_slice(extra);
    readcov_in(dir, &args)
}

/// `score --detail --format json|jsonl|csv` printed what it prints without `--detail` (json
/// rows carry the files and spans anyway, csv never): the table alone takes it.
#[test]
fn score_detail_beside_another_format_is_refused() {
    let dir = inputs();
    for format in ["json", "jsonl", "csv"] {
        let o = score(dir.path(), &["--detail", "--format", format]);
        assert_refused(&o, &["--detail", "--format table"]);
        assert!(o.stdout.is_empty(), "{format}: nothing is written");
    }
    let o = score(dir.path(), &["--detail"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Harmless and scripts pass it: accepted, and --help says it changes nothing.
    let o = score(dir.path(), &["--no-legend", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `score --widen N` without sources printed the same as without it (the ±N what-if is computed
/// with --workspace/--workspaces, or for --at-k); with them it is taken.
#[test]
fn score_widen_without_sources_is_refused() {
    let dir = inputs();
    let o = score(dir.path(), &["--widen", "3"]);
    assert_refused(&o, &["--widen", "--workspace", "--at-k"]);
    for ok in [
        &["--widen", "3", "--workspace", "."][..],
        &["--widen", "3", "--at-k", "1"],
    ] {
        let o = score(dir.path(), ok);
        assert_eq!(o.status.code(), Some(0), "{ok:?}: {}", stderr(&o));
    }
}

/// `gold`: an option of another source, another definition or another format (`--window` on
/// edit gold, `--agree` beside `--from-diff`, `--level` without qrels, `--task` with `--from-runs`)
/// wrote the same gold as without it; each is refused, naming what it goes with.
#[test]
fn gold_options_that_do_nothing_here_are_refused() {
    let dir = inputs();
    std::fs::write(
        dir.path().join("p.diff"),
        "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("labels.jsonl"),
        "{\"task\":\"t1\",\"run\":\"r\",\"resolved\":true}\n",
    )
    .unwrap();
    let diff = ["gold", "--from-diff", "p.diff"];
    let runs = [
        "gold",
        "--from-runs",
        "reads.jsonl",
        "--outcomes",
        "labels.jsonl",
    ];
    let cases: [(&[&str], &[&str], &str); 11] = [
        (&diff, &["--outcomes", "labels.jsonl"], "--from-runs"),
        (&diff, &["--agree", "2"], "--from-runs"),
        (&diff, &["--min-runs", "3"], "--from-runs"),
        (&diff, &["--optional"], "--from-runs"),
        (&diff, &["--window", "3"], "--expand units or --tests"),
        (&diff, &["--max-unit", "5"], "--expand units or --tests"),
        (&diff, &["--level", "unit"], "--format qrels"),
        (&runs, &["--task", "t"], "--from-diff"),
        (&runs, &["--anchor", "3"], "--from-diff or --from-swebench"),
        (
            &runs,
            &["--exclude-tests"],
            "--from-diff or --from-swebench",
        ),
        (
            &runs,
            &["--expand", "units"],
            "--from-diff or --from-swebench",
        ),
    ];
    for (source, extra, with) in cases {
        let args = [source, extra].concat();
        let o = readcov_in(dir.path(), &args);
        assert_refused(&o, &[extra[0], with]);
    }
    // Where they do something, they are taken.
    for extra in [
        &["--task", "t"][..],
        &["--anchor", "2", "--exclude-tests"],
        &["--format", "qrels", "--level", "line"],
        &["--expand", "units", "--window", "3", "--max-unit", "50"],
    ] {
        let o = readcov_in(dir.path(), &[&diff[..], extra].concat());
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
    }
}

/// `report --runs`, `--title` and `--at-k` without `--html` wrote the same LCOV, SARIF and
/// summary as without them (the sheet, the title and the curves are on the HTML page only).
#[test]
fn report_html_only_options_without_html_are_refused() {
    let dir = inputs();
    std::fs::write(
        dir.path().join("runs.jsonl"),
        "{\"task\":\"t1\",\"run\":\"r\"}\n",
    )
    .unwrap();
    let base = ["report", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    for extra in [
        &["--runs", "runs.jsonl"][..],
        &["--title", "T"],
        &["--at-k", "1,3"],
    ] {
        let o = readcov_in(
            dir.path(),
            &[&base[..], extra, &["--lcov", "r.info"]].concat(),
        );
        assert_refused(&o, &[extra[0], "--html"]);
        assert!(
            !dir.path().join("r.info").exists(),
            "{extra:?}: nothing written"
        );
        let with_html = [&base[..], extra, &["--html", "r.html"]].concat();
        let o = readcov_in(dir.path(), &with_html);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
    }
}

/// The options kept where they change nothing (refusing them would break scripts that always
/// pass them) say so in `--help`; `diagnose --summary` named three formats though csv takes it too.
#[test]
fn harmless_options_say_so_in_help() {
    let dir = inputs();
    let help = |cmd: &str| common::stdout(&readcov_in(dir.path(), &[cmd, "--help"]));
    let flat = |s: String| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let score = flat(help("score"));
    assert!(
        score.contains("Only the table has one: with another --format it changes nothing"),
        "{score}"
    );
    let diagnose = flat(help("diagnose"));
    assert!(
        diagnose.contains("The summary only, in every format (csv: a group per row)"),
        "{diagnose}"
    );
    assert!(diagnose.contains("with another --format it changes nothing"));
    let cb = flat(help("contextbench"));
    assert!(
        cb.contains("Without --workspaces there is no symbol level anyway"),
        "{cb}"
    );
}

/// `explore --instance` names what a text-form `--preds` file answers; with JSONL predictions
/// only (their rows name their instance) it scored the same as without it.
#[test]
fn explore_instance_without_a_text_file_is_refused() {
    let fx = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/explore");
    let args = |preds: &str, extra: &[&str]| {
        let mut a = vec![
            "explore",
            "--bench",
            "bench.jsonl",
            "--preds",
            preds,
            "--file-lengths",
            "lengths.json",
        ];
        a.extend_from_slice(extra);
        readcov_in(&fx, &a)
    };
    let o = args("preds.jsonl", &["--instance", "pylint-dev__pylint-4604"]);
    assert_refused(&o, &["--instance", "text-form --preds"]);
    assert!(o.stdout.is_empty());
    // Beside a text-form file it is taken (the JSONL file beside it too).
    let o = args(
        "cli-agent.txt",
        &[
            "--preds",
            "preds.jsonl",
            "--instance",
            "pylint-dev__pylint-4604",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `import --corpus` beside inputs none of which is a TREC run (format auto) imported the same
/// rows and said nothing: the kind is known only once each file is read, so it is said then.
#[test]
fn import_corpus_without_a_trec_run_is_said() {
    let root = repo_root();
    let corpus = "tests/fixtures/beir/corpus.jsonl";
    let traj = std::fs::read_dir(root.join("tests/data/real/openhands"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .min()
        .unwrap();
    let traj = traj.to_str().unwrap();
    let says = "warning: --corpus: no input imported here was a TREC run";
    let o = readcov_in(&root, &["import", traj, "--corpus", corpus, "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains(says), "{}", stderr(&o));
    let o = readcov_in(
        &root,
        &[
            "import",
            "tests/fixtures/beir/run.trec",
            "--corpus",
            corpus,
            "-o",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains(says), "{}", stderr(&o));
}

/// `sheet --sources` without `--reads` graded the same sheet as without it (the sources filter
/// the reads): refused, naming --reads. (`--units` without `--reads` stays: its file is still
/// checked, as `nothing_valid` requires of every input.)
#[test]
fn sheet_sources_without_reads_are_refused() {
    let root = repo_root();
    let f = "tests/fixtures/sheet/";
    let (runs, reads) = (format!("{f}runs.jsonl"), format!("{f}reads.jsonl"));
    let o = readcov_in(&root, &["sheet", "--runs", &runs, "--sources", "human"]);
    assert_refused(&o, &["--reads", "--sources"]);
    let with = [
        "sheet",
        "--runs",
        &runs,
        "--reads",
        &reads,
        "--sources",
        "human",
    ];
    let o = readcov_in(&root, &with);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
