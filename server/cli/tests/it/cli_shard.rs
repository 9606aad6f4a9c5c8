//! Sharded scoring: `score --shard i/n --emit-partial` for every i, then `merge`, gives exactly the
//! totals of one unsharded run.

use crate::common;

use std::process::Command;

fn readcov(args: &[&str]) -> std::process::Output {
    common::readcov_ok(args)
}

#[test]
fn merged_shards_equal_unsharded_totals() {
    let dir = tempfile::tempdir().unwrap();
    let (mut gold, mut reads) = (String::new(), String::new());
    // 60 tasks with irregular coverage so the means have long binary expansions (thirds, sevenths).
    for t in 0..60u32 {
        let len = 3 + t % 7;
        gold += &format!(
            "{{\"task\":\"t{t}\",\"path\":\"f{}.py\",\"start\":10,\"end\":{}}}\n",
            t % 5,
            10 + len - 1
        );
        for run in 0..3u32 {
            if (t + run) % 11 == 0 {
                continue;
            }
            let end = 10 + (t * 7 + run * 3) % (len + 2);
            reads += &format!("{{\"task\":\"t{t}\",\"run\":\"r{run}\",\"path\":\"f{}.py\",\"start\":9,\"end\":{end}}}\n", t % 5);
        }
    }
    reads += "{\"task\":\"no-gold\",\"run\":\"r0\",\"path\":\"x.py\",\"start\":1,\"end\":3}\n";
    let g = dir.path().join("gold.jsonl");
    let r = dir.path().join("reads.jsonl");
    std::fs::write(&g, gold).unwrap();
    std::fs::write(&r, reads).unwrap();
    let (g, r) = (g.to_str().unwrap(), r.to_str().unwrap());

    let whole = readcov(&["score", "--gold", g, "--reads", r, "--format", "json"]);
    let whole: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();

    for n in [1u32, 3, 4] {
        let mut partials = Vec::new();
        for i in 0..n {
            let p = dir.path().join(format!("part-{i}-of-{n}.json"));
            let shard = format!("{i}/{n}");
            readcov(&[
                "score",
                "--gold",
                g,
                "--reads",
                r,
                "--shard",
                &shard,
                "--format",
                "jsonl",
                "--emit-partial",
                p.to_str().unwrap(),
            ]);
            partials.push(p.to_str().unwrap().to_string());
        }
        let mut args = vec!["merge", "--format", "json"];
        args.extend(partials.iter().map(String::as_str));
        let merged: serde_json::Value = serde_json::from_slice(&readcov(&args).stdout).unwrap();
        assert_eq!(merged["totals"], whole["totals"], "n = {n}");
        assert_eq!(merged["shards"].as_array().unwrap().len(), n as usize);
    }
    assert_eq!(whole["totals"]["unscored"], 1);
    assert!(whole["totals"]["scored"].as_u64().unwrap() > 150);
}

#[test]
fn merge_refuses_the_same_shard_twice() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.jsonl");
    std::fs::write(&g, "{\"path\":\"a.py\",\"start\":1,\"end\":2}\n").unwrap();
    let p = dir.path().join("p.json");
    readcov(&[
        "score",
        "--gold",
        g.to_str().unwrap(),
        "--reads",
        g.to_str().unwrap(),
        "--shard",
        "0/1",
        "--emit-partial",
        p.to_str().unwrap(),
    ]);
    let o = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(["merge", p.to_str().unwrap(), p.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("given twice"));
}

/// A file of another kind given to `merge` is named by the input layer, with where it goes
/// (before: "not JSON, so not a readcov partial" for every JSONL file); other text keeps the
/// parser's words.
#[test]
fn merge_names_a_file_that_is_no_partial() {
    let real = common::real_data();
    let rows = real.join("gold.jsonl");
    let rows = rows.to_str().unwrap();
    let o = common::readcov(&["merge", rows]);
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "{rows}: looks like SWE-bench rows (`instance_id`, `patch`), not a readcov partial \
             (`--emit-partial FILE` writes one): give it as `--gold`"
        )),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.md"), "hello\n").unwrap();
    let o = common::readcov_in(dir.path(), &["merge", "notes.md"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("notes.md: not JSON, so not a readcov partial"),
        "{}",
        common::stderr(&o)
    );
}

/// `merge` offers the formats it writes: `--format jsonl` and `csv` are refused (exit 2), not
/// printed as JSON and as the table.
#[test]
fn merge_refuses_formats_it_does_not_write() {
    for f in ["jsonl", "csv"] {
        let o = common::readcov(&["merge", "--format", f, "p.json"]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{f}: {err}");
        assert!(err.contains("[possible values: table, json]"), "{f}: {err}");
    }
}
