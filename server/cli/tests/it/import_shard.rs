//! `readcov import --shard I/N` through the binary: each shard reads its byte part of the inputs
//! (whole files of a folder, a JSONL dataset cut at line starts, a Parquet file by row group),
//! and the shards' reads and labels, concatenated in shard order, are the unsharded import's;
//! scored with `score --shard` and merged, they give the unsharded totals.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Output;

fn data() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats");
    assert!(p.is_dir(), "samples not found at {}", p.display());
    p
}

fn readcov(args: &[String], dir: &Path) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::readcov_in(dir, &args)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Imports `inputs` whole, then as `n` shards; checks the shards against the whole and returns
/// the whole's reads and each shard's stderr.
fn check_shards(inputs: &[String], n: u32, dir: &Path) -> (String, Vec<String>) {
    let import = |extra: &[String], out: &str| -> Output {
        let mut args = vec!["import".to_string()];
        args.extend(inputs.iter().cloned());
        args.extend(extra.iter().cloned());
        args.extend(
            [
                "-o",
                &format!("{out}.jsonl"),
                "--emit-outcomes",
                &format!("{out}.labels.jsonl"),
            ]
            .map(String::from),
        );
        readcov(&args, dir)
    };
    let whole = import(&[], "whole");
    assert_eq!(
        whole.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let (reads, labels) = (
        read(&dir.join("whole.jsonl")),
        read(&dir.join("whole.labels.jsonl")),
    );
    let (mut cat_reads, mut cat_labels, mut errs, mut busy) =
        (String::new(), String::new(), Vec::new(), 0);
    for i in 0..n {
        let out = format!("s{i}-of-{n}");
        let o = import(&["--shard".to_string(), format!("{i}/{n}")], &out);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(0), "shard {i}/{n}: {err}");
        assert!(err.contains(&format!("shard {i}/{n}: ")), "{err}");
        let r = read(&dir.join(format!("{out}.jsonl")));
        busy += usize::from(!r.is_empty());
        cat_reads += &r;
        cat_labels += &read(&dir.join(format!("{out}.labels.jsonl")));
        errs.push(err);
    }
    assert!(
        cat_reads == reads,
        "{n} shards: the concatenated reads differ from one import"
    );
    assert_eq!(cat_labels, labels, "{n} shards");
    if n > 1 {
        assert!(
            busy > 1,
            "{n} shards: the work was not split ({busy} shard(s) wrote reads)"
        );
    }
    (reads, errs)
}

/// A JSONL dataset of `copies` × the vendored chat rows (each copy its own instance ids).
fn chat_jsonl(dir: &Path, copies: usize) -> String {
    let src = data().join("chat-trajectories");
    let mut rows = Vec::new();
    for f in [
        "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
        "adp_SWE-smith-trajectories_sample_raw.first2.json",
        "adp_nebius_SWE-agent-trajectories_sample_raw.json",
    ] {
        let v: serde_json::Value = serde_json::from_str(&read(&src.join(f))).unwrap();
        rows.extend(v.as_array().unwrap().iter().cloned());
    }
    let mut text = String::new();
    for k in 0..copies {
        for r in &rows {
            let mut r = r.clone();
            let id = r["instance_id"].as_str().unwrap().to_string();
            r["instance_id"] = format!("{id}-{k}").into();
            text += &(serde_json::to_string(&r).unwrap() + "\n");
        }
    }
    let p = dir.join("rows.jsonl");
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn a_jsonl_dataset_split_at_line_starts() {
    let dir = tempfile::tempdir().unwrap();
    let rows = chat_jsonl(dir.path(), 4);
    for n in [1, 2, 3, 7] {
        let (reads, errs) = check_shards(std::slice::from_ref(&rows), n, dir.path());
        assert!(reads.lines().count() > 100);
        if n > 1 {
            // Each shard read its own bytes only, and says from where its rows are numbered.
            assert!(errs[1].contains("reads its part from byte"), "{}", errs[1]);
            let size = std::fs::metadata(&rows).unwrap().len();
            assert!(
                !errs[0].contains(&format!(": {size} of {size} input byte(s)")),
                "{}",
                errs[0]
            );
        }
    }
}

#[test]
fn a_parquet_dataset_split_by_row_group() {
    let dir = tempfile::tempdir().unwrap();
    let pq = data().join("chat-trajectories/nebius_SWE-agent-trajectories.zstd.parquet");
    for n in [2, 3] {
        check_shards(&[pq.to_str().unwrap().to_string()], n, dir.path());
    }
}

#[test]
fn many_logs_split_by_file() {
    let dir = tempfile::tempdir().unwrap();
    // Every vendored log of every format (whole logs, datasets, an Inspect zip), in a fixed order.
    let mut inputs: Vec<String> = Vec::new();
    for d in std::fs::read_dir(data()).unwrap() {
        let d = d.unwrap().path();
        // SWE-bench predictions (a model's patches, `readcov diagnose`'s input) are no log.
        if !d.is_dir() || d.ends_with("swebench-predictions") {
            continue;
        }
        for f in std::fs::read_dir(&d).unwrap() {
            let f = f.unwrap().path();
            let name = f.file_name().unwrap().to_str().unwrap().to_string();
            let log = [".json", ".jsonl", ".md", ".eval", ".parquet"]
                .iter()
                .any(|x| name.ends_with(x));
            if f.is_file() && log && name != "NOTES.md" && name != "MANIFEST.md" {
                inputs.push(f.to_str().unwrap().to_string());
            }
        }
    }
    inputs.sort();
    assert!(inputs.len() > 15, "{inputs:?}");
    for n in [2, 5, 40] {
        check_shards(&inputs, n, dir.path());
    }
}

#[test]
fn sharded_import_then_sharded_score_merge_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rows = chat_jsonl(d, 2);
    let n = 3;
    let (reads, _) = check_shards(std::slice::from_ref(&rows), n, d);
    // Gold: lines 1-40 of the first file each task reads, and one task no run reads.
    let mut gold = String::new();
    let mut seen = std::collections::BTreeSet::new();
    for l in reads.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let task = v["task"].as_str().unwrap().to_string();
        if seen.insert(task.clone()) {
            gold += &format!(
                "{{\"task\":{},\"path\":{},\"start\":1,\"end\":40}}\n",
                serde_json::json!(task),
                v["path"]
            );
        }
    }
    gold += "{\"task\":\"unread\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
    std::fs::write(d.join("gold.jsonl"), gold).unwrap();
    // The shards' reads, concatenated, are what every score shard reads.
    let cat: String = (0..n)
        .map(|i| read(&d.join(format!("s{i}-of-{n}.jsonl"))))
        .collect();
    std::fs::write(d.join("cat.jsonl"), cat).unwrap();
    let score = |reads: &str, extra: &[&str]| -> Output {
        let mut args = vec![
            "score",
            "--gold",
            "gold.jsonl",
            "--reads",
            reads,
            "--format",
            "json",
        ];
        args.extend(extra);
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let o = readcov(&args, d);
        assert!(
            o.status.success() || o.status.code() == Some(1),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        o
    };
    let whole: serde_json::Value =
        serde_json::from_slice(&score("whole.jsonl", &[]).stdout).unwrap();
    let mut parts = Vec::new();
    for i in 0..n {
        let p = format!("part-{i}.json");
        score(
            "cat.jsonl",
            &["--shard", &format!("{i}/{n}"), "--emit-partial", &p],
        );
        parts.push(p);
    }
    let mut args = vec!["merge", "--format", "json"];
    args.extend(parts.iter().map(String::as_str));
    let merged = common::readcov_in(d, &args);
    assert!(merged.status.success(), "{}", common::stderr(&merged));
    let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(merged["totals"], whole["totals"]);
    // Every task's runs, and the task no run read (its gold unread: no run, not scored), each
    // counted once.
    let totals = &whole["totals"];
    assert!(totals["scored"].as_u64().unwrap() > 5, "{totals}");
    assert_eq!(totals["no_run"].as_u64(), Some(1), "{totals}");
    assert_eq!(
        totals["rows"].as_u64(),
        Some(totals["scored"].as_u64().unwrap() + 1)
    );
    assert!(
        totals["rows"].as_u64().unwrap() > seen.len() as u64,
        "{totals}"
    );
}

/// The progress bar (runs/s, MB/s, ETA) is drawn on a terminal, never into redirected stderr. The
/// terminal is a pseudo-terminal made by util-linux `script`; without it the test fails, loudly.
#[test]
fn progress_bar_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    let rows = chat_jsonl(dir.path(), 6);
    let bin = env!("CARGO_BIN_EXE_readcov");
    let piped = readcov(
        &["import".into(), rows.clone(), "-o".into(), "a.jsonl".into()],
        dir.path(),
    );
    let err = common::stderr(&piped);
    assert!(piped.status.success(), "{err}");
    assert!(
        !err.contains("ETA") && !err.contains('\r'),
        "a bar in redirected stderr: {err}"
    );
    assert!(
        err.contains("by format:") && err.contains("chat "),
        "the summary per format: {err}"
    );
    let typescript = dir.path().join("typescript");
    let cmd = format!("'{bin}' import '{rows}' -o b.jsonl");
    let o = std::process::Command::new("script")
        .args(["-qec", &cmd, typescript.to_str().unwrap()])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux `script` is needed to give readcov a terminal");
    assert!(o.status.success(), "{}", common::stderr(&o));
    let tty = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(
        tty.contains("ETA") && tty.contains("runs/s") && tty.contains("MiB/s"),
        "{tty}"
    );
    assert_eq!(
        read(&dir.path().join("a.jsonl")),
        read(&dir.path().join("b.jsonl"))
    );
}
