//! Consensus gold through the binary on the shipped real-multi runs (5 Java tasks × 5 models):
//! what `score --consensus` counts on stderr, which gold a failed run faces (`--loo-failed`),
//! and the circularity warning for consensus rows given as a file, decided by the rows' origin.

use crate::import_gold::{import_multi, readcov, text};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The `consensus: N × kind` count lines of a run's stderr.
fn counts(o: &Output) -> Vec<String> {
    text(&o.stderr)
        .lines()
        .filter(|l| l.starts_with("consensus:"))
        .map(str::to_string)
        .collect()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi")
}

/// A temp dir with `reads.jsonl` (every real-multi run), `labels.jsonl` (its outcomes) and
/// `edit.jsonl` (a few plain edit rows of one task, the `--gold` beside `--consensus`).
fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    import_multi(&root(), &dir.path().join("reads.jsonl"));
    std::fs::copy(
        root().join("outcomes.jsonl"),
        dir.path().join("labels.jsonl"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("edit.jsonl"),
        "{\"task\":\"fasterxml__jackson-databind-3701\",\"path\":\"src/main/java/com/fasterxml/jackson/databind/node/NodeCursor.java\",\"start\":134,\"end\":140}\n",
    )
    .unwrap();
    dir
}

fn consensus(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "score",
        "--gold",
        "edit.jsonl",
        "--reads",
        "reads.jsonl",
        "--outcomes",
        "labels.jsonl",
        "--consensus",
    ];
    args.extend_from_slice(extra);
    readcov(&args, dir)
}

#[test]
fn each_counter_counts_what_its_label_says() {
    let dir = setup();
    // --workspaces scores each task with its own file lengths: the notes still count each
    // resolved run once (they were counted once per task: "56 × resolved run with no reads" for
    // 14 resolved runs that all have reads, times 4 other tasks).
    std::fs::create_dir(dir.path().join("ws")).unwrap();
    let o = consensus(dir.path(), &["--workspaces", "ws"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(!err.contains("input error"), "{err}");
    assert!(!err.contains("resolved run with no reads"), "{err}");
    assert_eq!(
        counts(&o),
        // 10: jib-4035's labelled run with no reads is a run of its task too (issue 36).
        ["consensus: 10 × run not scored: its leave-one-out gold has fewer resolved runs than --min-runs"],
        "{err}"
    );
    // --agree 3 --min-runs 1: the two tasks with two resolved runs lack agreement, not runs
    // (it said "12 × task with fewer resolved runs than --min-runs" for 5 tasks).
    let o = consensus(dir.path(), &["--agree", "3", "--min-runs", "1"]);
    assert_eq!(
        counts(&o),
        [
            "consensus: 2 × task with fewer resolved runs than --agree K (no gold)",
            "consensus: 10 × run not scored: its leave-one-out gold has fewer resolved runs than --agree K",
        ],
        "{}",
        text(&o.stderr)
    );
}

/// The jackson-databind-3701 with `--agree 2`: a failed run faced the full consensus of
/// the three resolved runs (200 lines) where every resolved run faces a build of two (100 or
/// 200 lines). Matched (the default) averages its scores over those three builds.
#[test]
fn a_failed_run_faces_matched_golds_unless_asked_for_the_full_one() {
    let dir = setup();
    let row = |extra: &[&str]| {
        let mut args = vec!["--agree", "2", "--format", "jsonl"];
        args.extend_from_slice(extra);
        let o = consensus(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let out = text(&o.stdout);
        let r: serde_json::Value = out
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|r| {
                r["task"] == "fasterxml__jackson-databind-3701" && r["run"] == "deepseek-chat-v2"
            })
            .unwrap();
        let g = &r["gold_sets"]["consensus-loo"];
        (
            g["gold_lines"].as_u64().unwrap(),
            g["line_coverage"].as_f64().unwrap(),
        )
    };
    assert_eq!(row(&["--loo-failed", "full"]), (200, 0.5));
    // (100 + 200 + 100) / 3 lines, coverage (1 + 0.5 + 1) / 3.
    let (lines, cov) = row(&[]);
    assert_eq!(lines, 133);
    assert!((cov - 2.5 / 3.0).abs() < 1e-12, "{cov}");
    assert_eq!(row(&["--loo-failed", "matched"]).0, 133);
}

#[test]
fn the_circularity_note_follows_the_rows_origin_not_the_name() {
    let dir = setup();
    let p = dir.path();
    let o = readcov(
        &[
            "gold",
            "--from-runs",
            "reads.jsonl",
            "--outcomes",
            "labels.jsonl",
            "-o",
            "g.jsonl",
        ],
        p,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let warned = "consensus gold from a file is scored as given";
    // One plain --gold holding consensus rows: the warning on stderr.
    let o = readcov(&["score", "--gold", "g.jsonl", "--reads", "reads.jsonl"], p);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains(&format!("note: g.jsonl: {warned}")), "{err}");
    // Edit rows alone: none.
    let o = readcov(
        &["score", "--gold", "edit.jsonl", "--reads", "reads.jsonl"],
        p,
    );
    assert!(!text(&o.stderr).contains(warned), "{}", text(&o.stderr));
    // Several sets: the consensus rows named otherwise are warned about, the edit rows named
    // `consensus-edit` are not.
    let o = readcov(
        &[
            "score",
            "--gold",
            "mine=g.jsonl",
            "--gold",
            "consensus-edit=edit.jsonl",
            "--reads",
            "reads.jsonl",
        ],
        p,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let notes: Vec<&str> = out.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(
        notes[0].starts_with(&format!("note: mine: {warned}")),
        "{out}"
    );
}

/// `gold --from-runs` takes a trajectory as `score --reads` does: imported on the fly against
/// `--workspaces`, so its edits are replayed onto base lines (without a workspace none can be).
#[test]
fn from_runs_imports_a_trajectory_against_the_workspaces() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    let traj = real.join("openhands/pallets__flask-5014.json");
    let (traj, labels, sources) = (
        traj.to_str().unwrap(),
        real.join("gold.jsonl"),
        real.join("sources"),
    );
    let gold = |ws: &[&str]| {
        let mut a = vec!["gold", "--from-runs", traj, "--outcomes"];
        a.push(labels.to_str().unwrap());
        a.extend(["--min-runs", "1"]);
        a.extend(ws);
        let o = readcov(&a, &real);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        (text(&o.stdout), text(&o.stderr))
    };
    let (rows, err) = gold(&["--workspaces", sources.to_str().unwrap()]);
    assert!(err.contains("an agent trajectory, not reads JSONL: imported on the fly (4 read row(s), 3 edit row(s))"), "{err}");
    assert!(rows.contains("\"task\":\"pallets__flask-5014\""), "{rows}");
    assert!(rows.contains("\"origin\":\"consensus\""), "{rows}");
    let (_, err) = gold(&[]);
    assert!(err.contains("(4 read row(s), 0 edit row(s))"), "{err}");
}
