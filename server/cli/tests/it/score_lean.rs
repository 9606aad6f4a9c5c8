//! `readcov score` without `--workspace` takes the lean path; `--general-path` forces the other
//! one. Both must print the same bytes on stdout and stderr, write the same partial and exit the
//! same way: on real imported trajectories (edits left out, so the lean path is taken; and kept
//! in, so it hands back), on odd and bad lines, in every format, with a shard and `--fail-under`.

use crate::common;

use common::{readcov, readcov_ok, real_data, stderr};
use std::path::Path;

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Runs both paths with `args` and asserts they agree; returns the lean path's stdout.
fn both_agree(dir: &Path, args: &[&str]) -> String {
    let run = |general: bool, partial: &str| {
        let partial = s(&dir.join(partial));
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--emit-partial", &partial]);
        if general {
            a.push("--general-path");
        }
        let o = readcov(&a);
        let written = std::fs::read(&partial).unwrap_or_default();
        (o, written)
    };
    let (lean, lean_partial) = run(false, "lean.partial");
    let (general, general_partial) = run(true, "general.partial");
    assert_eq!(lean.status.code(), general.status.code(), "{args:?}: exit");
    assert_eq!(stderr(&lean), stderr(&general), "{args:?}: stderr");
    assert!(
        lean.stdout == general.stdout,
        "{args:?}: stdout differs\n--- lean\n{}\n--- general\n{}",
        String::from_utf8_lossy(&lean.stdout),
        String::from_utf8_lossy(&general.stdout)
    );
    assert_eq!(lean_partial, general_partial, "{args:?}: partial");
    String::from_utf8_lossy(&lean.stdout).into_owned()
}

fn all_formats(dir: &Path, gold: &str, reads: &str, extra: &[&str]) -> String {
    let mut jsonl = String::new();
    for format in ["jsonl", "json", "csv", "table"] {
        // `--detail` goes with the table only (refused beside another format).
        if extra.contains(&"--detail") && format != "table" {
            continue;
        }
        let mut args = vec![
            "score", "--gold", gold, "--reads", reads, "--format", format,
        ];
        args.extend(extra);
        let out = both_agree(dir, &args);
        if format == "jsonl" {
            jsonl = out;
        }
    }
    jsonl
}

#[test]
fn real_trajectories_score_the_same_on_both_paths() {
    let real = real_data();
    let dir = tempfile::tempdir().unwrap();
    let sources = s(&real.join("sources"));
    let mut files: Vec<String> = std::fs::read_dir(real.join("openhands"))
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .collect();
    files.sort();
    let mut args = vec!["import", "--workspaces", &sources];
    args.extend(files.iter().map(String::as_str));
    let imported = String::from_utf8(readcov_ok(&args).stdout).unwrap();
    let gold = s(&dir.path().join("gold.jsonl"));
    let gold_src = s(&real.join("gold.jsonl"));
    readcov_ok(&["gold", "--from-swebench", &gold_src, "-o", &gold]);

    let reads_only: String = imported
        .lines()
        .filter(|l| !l.contains("\"kind\":\"edit\""))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(reads_only.len() < imported.len(), "the import has edits");
    let reads = s(&dir.path().join("reads.jsonl"));
    std::fs::write(&reads, &reads_only).unwrap();
    let out = all_formats(dir.path(), &gold, &reads, &[]);
    assert!(out.lines().count() >= 12, "{out}");
    assert!(took_lean_path(&gold, &reads), "no edits: the lean path");
    all_formats(dir.path(), &gold, &reads, &["--shard", "1/3"]);
    all_formats(dir.path(), &gold, &reads, &["--fail-under", "0.9"]);
    // `--summary`: the same rows without the breakdown keys.
    let summary = all_formats(dir.path(), &gold, &reads, &["--summary"]);
    assert_eq!(rows_of(&summary), without_breakdown(&out));

    // With edits the lean path hands back before printing anything.
    let with_edits = s(&dir.path().join("with_edits.jsonl"));
    std::fs::write(&with_edits, &imported).unwrap();
    let out = all_formats(dir.path(), &gold, &with_edits, &["--sources", "agent"]);
    assert!(out.contains("\"read_before_edit\":{"), "{out}");
    let summary = all_formats(
        dir.path(),
        &gold,
        &with_edits,
        &["--sources", "agent", "--summary"],
    );
    assert_eq!(rows_of(&summary), without_breakdown(&out));
    assert!(
        !took_lean_path(&gold, &with_edits),
        "edits: the general path"
    );
}

fn rows_of(jsonl: &str) -> Vec<serde_json::Value> {
    jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Full jsonl rows as `--summary` prints them: the per-file and per-span keys gone (each row
/// must have had both).
fn without_breakdown(jsonl: &str) -> Vec<serde_json::Value> {
    let mut rows = rows_of(jsonl);
    for row in &mut rows {
        let map = row.as_object_mut().unwrap();
        assert!(map.remove("files").is_some() && map.remove("spans").is_some());
    }
    rows
}

/// `--timings` names the path taken.
fn took_lean_path(gold: &str, reads: &str) -> bool {
    let o = readcov(&["score", "--gold", gold, "--reads", reads, "--timings"]);
    let err = stderr(&o);
    assert!(err.contains("timings:"), "{err}");
    err.contains("lean path")
}

#[test]
fn odd_and_bad_lines_score_and_fail_the_same_on_both_paths() {
    let dir = tempfile::tempdir().unwrap();
    let gold = s(&dir.path().join("gold.jsonl"));
    std::fs::write(
        &gold,
        "{\"task\":\"a\",\"path\":\"src/x.py\",\"start\":1,\"end\":20}\n\
         {\"task\":\"7\",\"path\":\"src/x.py\",\"start\":1,\"end\":4}\n\
         {\"task\":\"only-gold\",\"path\":\"g.py\",\"start\":1,\"end\":4}\n\
         {\"task\":\"a\",\"path\":\"src/x.py\",\"start\":0,\"end\":3}\n",
    )
    .unwrap();
    let reads = s(&dir.path().join("reads.jsonl"));
    std::fs::write(
        &reads,
        "\u{feff}{\"task\":\"a\",\"run\":\"r1\",\"path\":\"./src/x.py\",\"start\":1,\"end\":8}\r\n\
         {\"task\":\"a\",\"run\":\"r1\",\"path\":\"src\\\\x.py\",\"start\":30,\"end\":31}\n\
         {\"task\":7,\"run\":\"r\\u0032\",\"path\":\"src/x.py\",\"start\":2,\"end\":3}\n\
         {\"task\":\"a\",\"run\":\"r2\",\"path\":\"src/x.py\",\"start\":1,\"end\":20,\"source\":\"manual\"}\n\
         {\"task\":\"nogold\",\"run\":\"r1\",\"path\":\"n.py\",\"start\":1,\"end\":2}\n\
         {\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":5,\"end\":2}\n\
         {\"task\":\"a\",\"run\":\"r1\",\"path\":\"..\",\"start\":1,\"end\":2}\n\
         not json\n\
         \n",
    )
    .unwrap();
    let out = all_formats(dir.path(), &gold, &reads, &[]);
    assert!(out.contains("\"run\":\"r2\""), "{out}");
    all_formats(dir.path(), &gold, &reads, &["--sources", "agent,manual"]);
    all_formats(
        dir.path(),
        &gold,
        &reads,
        &["--shard", "0/2", "--fail-under"],
    );
    all_formats(
        dir.path(),
        &gold,
        &reads,
        &["--threshold", "0.3", "--detail"],
    );
    let summary = all_formats(
        dir.path(),
        &gold,
        &reads,
        &["--threshold", "0.3", "--summary"],
    );
    assert!(
        !summary.contains("\"files\"") && summary.contains("\"run\":\"r2\""),
        "{summary}"
    );

    let empty = s(&dir.path().join("empty.jsonl"));
    std::fs::write(&empty, "").unwrap();
    all_formats(dir.path(), &gold, &empty, &[]);
    all_formats(dir.path(), &empty, &reads, &[]);
}
