//! `readcov contextbench` through the real binary on `tests/fixtures/contextbench/` (a Python
//! checkout, so blocks come from tree-sitter), and ContextBench rows as gold for `score`.

use crate::common;

use common::{stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/contextbench")
}

fn readcov(args: &[&str]) -> Output {
    common::readcov_in(&fixtures(), args)
}

fn rows(args: &[&str]) -> Vec<Value> {
    let out = readcov(args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

const RUN: [&str; 9] = [
    "contextbench",
    "--gold",
    "gold.jsonl",
    "--preds",
    "preds.jsonl",
    "--workspaces",
    "ws",
    "--format",
    "jsonl",
];

#[test]
fn rows_then_compat_and_clean_summaries() {
    let r = rows(&RUN);
    assert_eq!(r.len(), 4, "two rows, two summaries");
    let i1 = &r[0];
    assert_eq!(i1["instance_id"], "i1");
    assert_eq!(i1["num_steps"], 2);
    // Gold: `def f` (lines 4-5, bytes 12..=38) and `pkg/.hidden.yml` line 1 (9 bytes).
    let span = &i1["final"]["span"];
    assert_eq!(
        (
            &span["intersection"],
            &span["gold_size"],
            &span["pred_size"]
        ),
        (&Value::from(27), &Value::from(36), &Value::from(28))
    );
    // Blocks from tree-sitter: `f` is the one gold block, and the predicted one.
    assert_eq!(i1["final"]["symbol"]["gold_size"], 1);
    assert_eq!(i1["final"]["symbol"]["coverage"], 1.0);
    // `/testbed/pkg/a.py` in step 1 resolved by suffix.
    assert_eq!(i1["trajectory"]["steps"][0]["coverage"]["file"], 0.5);
    // No model patch: compat scores the gold patch, clean has no edit location.
    assert_eq!(i1["editloc"]["recall"], 1.0);
    assert!(i1["clean"].get("editloc").is_none());
    assert_eq!(
        r[1],
        serde_json::json!({"instance_id": "i3", "error": "missing_gold"})
    );
    assert_eq!(r[2]["summary"], "compat");
    assert_eq!(r[2]["micro"]["num_valid"], 1);
    assert_eq!(
        r[2]["macro"]["file"]["coverage"], 0.25,
        "the error row counts as 0"
    );
    assert_eq!(r[3]["summary"], "clean");
}

#[test]
fn no_blocks_and_no_workspaces_turn_levels_off() {
    let mut args = RUN.to_vec();
    args.push("--no-blocks");
    let r = rows(&args);
    assert!(r[0]["final"].get("symbol").is_none());
    assert!(r[0]["final"].get("span").is_some());
    let r = rows(
        &RUN[..5]
            .iter()
            .copied()
            .chain(["--format", "jsonl"])
            .collect::<Vec<_>>(),
    );
    assert!(r[0]["final"].get("span").is_none());
    assert_eq!(r[0]["final"]["line"]["intersection"], 2);
}

#[test]
fn reads_are_predictions_with_turns_as_steps() {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("reads.jsonl");
    std::fs::write(
        &reads,
        "{\"task\":\"i1\",\"run\":\"r1\",\"path\":\"pkg/a.py\",\"start\":1,\"end\":3,\"turn\":1}\n\
         {\"task\":\"i1\",\"run\":\"r1\",\"path\":\"pkg/a.py\",\"start\":4,\"end\":5,\"turn\":2}\n",
    )
    .unwrap();
    let reads = reads.display().to_string();
    let r = rows(&[
        "contextbench",
        "--gold",
        "gold.jsonl",
        "--reads",
        &reads,
        "--workspaces",
        "ws",
        "--format",
        "jsonl",
    ]);
    assert_eq!(
        (&r[0]["run"], &r[0]["num_steps"]),
        (&Value::from("r1"), &Value::from(2))
    );
    assert_eq!(r[0]["final"]["line"]["intersection"], 2);
    assert_eq!(r[0]["clean"]["usage_drop"], 0.0);
}

#[test]
fn bad_lines_are_located_and_a_broken_parquet_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let preds = dir.path().join("p.jsonl");
    std::fs::write(
        &preds,
        "{\"instance_id\":\"i1\",\"traj_data\":{\"pred_files\":[\"pkg/a.py\"],\"pred_spans\":{\"pkg/a.py\":[{\"start\":\"x\",\"end\":2}]}}}\nnot json\n",
    )
    .unwrap();
    let p = preds.display().to_string();
    let out = readcov(&[
        "contextbench",
        "--gold",
        "gold.jsonl",
        "--preds",
        &p,
        "--workspaces",
        "ws",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(
        err.contains("p.jsonl:1: field `traj_data.pred_spans.pkg/a.py[0].start`"),
        "{err}"
    );
    assert!(err.contains("p.jsonl:2"), "{err}");
    let pq = dir.path().join("test.parquet");
    std::fs::write(&pq, b"PAR1\0\0\0\0PAR1").unwrap();
    let q = pq.display().to_string();
    let out = readcov(&["contextbench", "--gold", &q, "--preds", "preds.jsonl"]);
    assert_eq!(out.status.code(), Some(2), "no valid gold rows");
    let err = stderr(&out);
    assert!(
        err.contains("test.parquet") && err.contains("Parquet: not a readable Parquet file"),
        "{err}"
    );
    let out = readcov(&[
        "contextbench",
        "--gold",
        "preds.jsonl",
        "--preds",
        "preds.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(2), "no valid gold rows");
}

#[test]
fn table_labels_micro_and_macro() {
    let out = readcov(&RUN[..7]);
    let t = stdout(&out);
    assert!(
        t.contains("compat micro") && t.contains("clean macro"),
        "{t}"
    );
    assert!(
        t.contains("symbol.coverage") && t.contains("editloc.recall"),
        "{t}"
    );
    assert!(stderr(&out).contains("missing_gold=1"));
}

#[test]
fn score_reads_contextbench_rows_as_core_gold() {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    std::fs::write(
        &reads,
        "{\"task\":\"i1\",\"run\":\"r\",\"path\":\"pkg/a.py\",\"start\":1,\"end\":4}\n",
    )
    .unwrap();
    let r = reads.display().to_string();
    let out = readcov(&[
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        &r,
        "--format",
        "jsonl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let row: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(
        (&row["task"], &row["gold_lines"], &row["covered_lines"]),
        (&Value::from("i1"), &Value::from(3), &Value::from(1))
    );
}

#[test]
fn explain_reads_contextbench_rows_as_gold() {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    std::fs::write(
        &reads,
        "{\"task\":\"i1\",\"run\":\"r\",\"path\":\"pkg/a.py\",\"start\":1,\"end\":4}\n",
    )
    .unwrap();
    let r = reads.display().to_string();
    let out = readcov(&[
        "explain",
        "--gold",
        "gold.jsonl",
        "--reads",
        &r,
        "--task",
        "i1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("1/3 gold lines") && text.contains("pkg/.hidden.yml"),
        "{text}"
    );
}

/// Parquet gold (snappy and zstd pages; the legacy layout's nested lists of structs) scores
/// byte for byte as its JSONL twin, in `contextbench` and as gold for `score`.
#[test]
fn parquet_gold_rows_score_as_their_jsonl_twins() {
    let run = |gold: &str| {
        let mut args = RUN.to_vec();
        args[2] = gold;
        let out = readcov(&args);
        assert_eq!(out.status.code(), Some(0), "{gold}: {}", stderr(&out));
        (stdout(&out), stderr(&out))
    };
    let want = run("gold.jsonl");
    assert!(want.1.contains("missing_gold=1"), "{}", want.1);
    assert_eq!(run("gold.snappy.parquet"), want);
    assert_eq!(run("gold.zstd.parquet"), want);
    let (legacy, err) = run("legacy.jsonl");
    assert!(err.contains("checkout_failed=1"), "{err}");
    assert_eq!(run("legacy.parquet"), (legacy.clone(), err));
    // The legacy rows carry gold: init + add blocks (`f`, and `C` with `m` from add_ctx).
    let first: Value = serde_json::from_str(legacy.lines().next().unwrap()).unwrap();
    assert_eq!(first["final"]["symbol"]["gold_size"], 3, "{first}");

    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    std::fs::write(
        &reads,
        "{\"task\":\"i1\",\"run\":\"r\",\"path\":\"pkg/a.py\",\"start\":1,\"end\":4}\n",
    )
    .unwrap();
    let r = reads.display().to_string();
    let score = |gold: &str| {
        let out = readcov(&["score", "--gold", gold, "--reads", &r, "--format", "jsonl"]);
        assert_eq!(out.status.code(), Some(0), "{gold}: {}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(score("gold.zstd.parquet"), score("gold.jsonl"));
}

/// A trajectory as `--reads` is imported against its checkout under `--workspaces`, as `score`
/// imports it: the same output as importing it first with `--workspaces` (issue 36). The base
/// files matter here: requests-1724's edits to models.py are placed only with them, and the
/// view of 311-314 after them maps to base lines, so the import without them scores otherwise.
#[test]
fn a_trajectory_as_reads_is_imported_against_its_checkout() {
    let real = common::real_data();
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("cb.jsonl");
    std::fs::write(
        &gold,
        r#"{"instance_id":"psf__requests-1724","gold_context":"[{\"file\": \"requests/models.py\", \"start_line\": 311, \"end_line\": 314}, {\"file\": \"requests/sessions.py\", \"start_line\": 309, \"end_line\": 320}]"}"#,
    )
    .unwrap();
    let gold = gold.to_str().unwrap();
    let traj = "openhands/psf__requests-1724.json";
    let score = |reads: &str| {
        let o = common::readcov_in(
            &real,
            &[
                "contextbench",
                "--gold",
                gold,
                "--reads",
                reads,
                "--workspaces",
                "sources",
                "--format",
                "jsonl",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (stdout(&o), stderr(&o))
    };
    let import = |name: &str, ws: bool| {
        let out = dir.path().join(name).display().to_string();
        let mut args = vec!["import", traj, "-o", &out];
        if ws {
            args.extend(["--workspaces", "sources"]);
        }
        let o = common::readcov_in(&real, &args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        out
    };
    let (on_the_fly, err) = score(traj);
    assert!(err.contains("imported on the fly"), "{err}");
    assert_eq!(on_the_fly, score(&import("with.jsonl", true)).0);
    assert_ne!(on_the_fly, score(&import("without.jsonl", false)).0);
    // What the base files give: the turn whose edits and view they place is a step (5, not 4).
    let steps = |out: &str| {
        let row: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        row["num_steps"].as_u64()
    };
    assert_eq!(steps(&on_the_fly), Some(5));
    assert_eq!(steps(&score(&import("again.jsonl", false)).0), Some(4));
}
