//! Sharded `explore` and `sheet`: for N in 1, 2, 3, 7, running every shard `I/N` with
//! `--emit-partial` and then `readcov merge` prints exactly the aggregate of one unsharded run
//! (per-explorer summaries; denominators and pass^k per condition), on synthetic inputs built to
//! exercise every branch and on the shipped fixtures. Also: kinds and settings never mix.

use crate::common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn readcov(args: &[&str]) -> std::process::Output {
    common::readcov_ok(args)
}

fn json(o: &std::process::Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

/// Runs `base` once per shard of `n` with `--emit-partial`, then merges; returns merge's JSON and
/// its table text.
fn shard_and_merge(dir: &Path, base: &[&str], n: u32) -> (Value, String) {
    let mut parts = Vec::new();
    for i in 0..n {
        let p = dir.join(format!("{}-{i}-of-{n}.json", base[0]));
        let shard = format!("{i}/{n}");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard, "--emit-partial", p.to_str().unwrap()]);
        readcov(&args);
        parts.push(p.to_str().unwrap().to_string());
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let merged = json(&readcov(
        &[&["merge", "--format", "json"][..], &parts].concat(),
    ));
    assert_eq!(merged["shards"].as_array().unwrap().len(), n as usize);
    let table = readcov(&[&["merge"][..], &parts].concat()).stdout;
    (merged, String::from_utf8(table).unwrap())
}

/// 40 instances, three explorers: one answers all, one skips every fifth and answers an unknown
/// instance, one gives only a few rows (so whole shards have none of its predictions).
fn write_explore(dir: &Path) -> (String, String, String) {
    let (mut bench, mut preds, mut lengths) = (String::new(), String::new(), Vec::new());
    for i in 0..40u32 {
        let id = format!("org__repo-{i}");
        let (a, b) = (10 + i % 9, 40 + (i * 7) % 31);
        let optional = if i % 4 == 0 {
            "{}".to_string()
        } else {
            format!(
                "{{\"m\": [{{\"path\": \"b.py\", \"start\": 5, \"end\": {}}}]}}",
                9 + i % 6
            )
        };
        // Every sixth instance has no core region: clean metrics are unscored there.
        let core = if i % 6 == 0 {
            String::new()
        } else {
            format!("{{\"path\": \"a.py\", \"start\": {a}, \"end\": {b}}}")
        };
        bench += &format!("{{\"instance_id\": \"{id}\", \"ground_truth\": {{\"read_core_files\": [\"a.py\"], \"read_core_regions\": [{core}], \"read_optional_regions_map\": {optional}, \"main_files\": [\"a.py\"]}}}}\n");
        lengths.push(format!("\"{id}\": {{\"a.py\": 200, \"b.py\": 60}}"));
        let region =
            |s: u32, e: u32| format!("{{\"path\": \"a.py\", \"start\": {s}, \"end\": {e}}}");
        preds += &format!(
            "{{\"instance_id\": \"{id}\", \"explorer\": \"e-all\", \"regions\": [{}, {}]}}\n",
            region(a + i % 5, b + i % 3),
            region(150, 150 + i)
        );
        if i % 5 != 0 {
            preds += &format!(
                "{{\"instance_id\": \"{id}\", \"explorer\": \"e-some\", \"regions\": [\"b.py:1-{}\", {}]}}\n",
                3 + i,
                region(1, 3 * i + 1)
            );
        }
        if i % 13 == 1 {
            preds += &format!(
                "{{\"instance_id\": \"{id}\", \"explorer\": \"e-few\", \"regions\": [{}]}}\n",
                region(a, a + 2)
            );
        }
    }
    preds += "{\"instance_id\": \"not-in-bench\", \"explorer\": \"e-some\", \"regions\": [\"a.py:1-9\"]}\n";
    preds += "{\"instance_id\": \"org__repo-3\", \"explorer\": \"e-all\", \"regions\": [\"a.py:1-9\"]}\n";
    let files = [
        ("bench.jsonl", bench),
        ("preds.jsonl", preds),
        ("lengths.json", format!("{{{}}}", lengths.join(", "))),
    ];
    let p: Vec<String> = files
        .iter()
        .map(|(name, text)| {
            let p = dir.join(name);
            std::fs::write(&p, text).unwrap();
            p.to_str().unwrap().to_string()
        })
        .collect();
    (p[0].clone(), p[1].clone(), p[2].clone())
}

fn check_explore(dir: &Path, base: &[&str], ns: &[u32]) {
    let whole = json(&readcov(&[base, &["--format", "json"]].concat()));
    let whole_table = String::from_utf8(readcov(base).stdout).unwrap();
    assert!(!whole["explorers"].as_array().unwrap().is_empty());
    for &n in ns {
        let (merged, table) = shard_and_merge(dir, base, n);
        assert_eq!(merged["explorers"], whole["explorers"], "n = {n}");
        assert_eq!(merged["top_k"], whole["top_k"], "n = {n}");
        let unused = whole["unused_predictions"].as_array().unwrap().len();
        assert_eq!(merged["unused_prediction_rows"], unused, "n = {n}");
        // The table is the unsharded one under a "merged N shard(s)" line.
        let body = table.split_once("\n\n").unwrap().1;
        assert_eq!(body, whole_table, "n = {n}");
    }
}

#[test]
fn merged_explore_shards_equal_unsharded_summaries() {
    let dir = tempfile::tempdir().unwrap();
    let (b, p, l) = write_explore(dir.path());
    let base = [
        "explore",
        "--bench",
        &b,
        "--preds",
        &p,
        "--file-lengths",
        &l,
    ];
    check_explore(dir.path(), &base, &[1, 2, 3, 7]);
    // The inputs reach the branches they were built for.
    let whole = json(&readcov(&[&base[..], &["--format", "json"]].concat()));
    let few = &whole["explorers"][1];
    assert_eq!(few["explorer"], "e-few");
    assert_eq!(few["missing"], 37);
    assert_eq!(whole["unused_predictions"].as_array().unwrap().len(), 2);
    assert!(
        whole["explorers"][0]["clean_scored"]["recall"]
            .as_u64()
            .unwrap()
            < 40
    );
}

#[test]
fn merged_explore_shards_equal_unsharded_on_the_fixture() {
    let dir = tempfile::tempdir().unwrap();
    let f = fixtures().join("explore");
    let path = |n: &str| f.join(n).to_str().unwrap().to_string();
    let (b, p, l) = (
        path("bench.jsonl"),
        path("preds.jsonl"),
        path("lengths.json"),
    );
    let base = [
        "explore",
        "--bench",
        &b,
        "--preds",
        &p,
        "--file-lengths",
        &l,
        "--top-k",
        "all",
    ];
    check_explore(dir.path(), &base, &[1, 2, 3, 7]);
}

/// 30 tasks in two conditions, 1–5 trials each, with invalid, unscored and failing runs, one
/// line that is no JSON, and two broken records that name their condition (one with a task).
fn write_sheet(dir: &Path) -> String {
    let mut runs = String::new();
    for t in 0..30u32 {
        for (c, condition) in ["A/vague", "B/clear"].iter().enumerate() {
            for r in 0..(1 + (t + c as u32) % 5) {
                let env = if (t + r) % 11 == 3 {
                    "invalid"
                } else {
                    "valid"
                };
                let sim = if (t * 3 + r) % 13 == 5 {
                    "invalid"
                } else {
                    "valid"
                };
                let target = match (t + 2 * r + c as u32) % 4 {
                    0 => "false",
                    1 if t % 7 == 2 => "null",
                    _ => "true",
                };
                // Validator audit, human labels, the state axis and given attribution vary too.
                let human = [
                    "",
                    ",\"human_validity\":\"valid\"",
                    ",\"human_validity\":\"invalid\"",
                ][((t + r) % 3) as usize];
                let code = if target == "false" && r % 2 == 0 {
                    ",\"responsible_component\":\"agent\",\"primary_code\":\"wrong_fix\",\"secondary_codes\":[\"no_tests\"]"
                } else {
                    ""
                };
                let state = ["true", "false", "null"][((t + c as u32) % 3) as usize];
                runs += &format!("{{\"run\":\"r{t}-{c}-{r}\",\"task\":\"task-{t}\",\"condition\":\"{condition}\",\"environment\":\"{env}\",\"simulator\":\"{sim}\",\"scenario_oracle\":\"valid\",\"target\":{target},\"regression_free\":true,\"output\":true,\"state\":{state},\"process\":true,\"requirement_tracking\":true,\"regeneration_count\":{}{human}{code}}}\n", (t * 7 + r) % 4);
            }
        }
    }
    runs += "{not json\n{\"task\": \"no run id\", \"condition\": \"B/clear\"}\n";
    // Broken, but it names its task and condition: counted there, sharded with its task.
    runs += "{\"run\":\"bad\",\"task\":\"task-4\",\"condition\":\"A/vague\",\"target\":\"yes\"}\n";
    let p = dir.join("runs.jsonl");
    std::fs::write(&p, runs).unwrap();
    p.to_str().unwrap().to_string()
}

fn check_sheet(dir: &Path, base: &[&str], ns: &[u32]) -> Value {
    let whole = json(&readcov(&[base, &["--format", "json"]].concat()));
    let whole_table = String::from_utf8(readcov(base).stdout).unwrap();
    for &n in ns {
        let (merged, table) = shard_and_merge(dir, base, n);
        assert_eq!(merged["overall"], whole["overall"], "n = {n}");
        assert_eq!(merged["conditions"], whole["conditions"], "n = {n}");
        assert_eq!(merged["threshold"], whole["threshold"], "n = {n}");
        assert_eq!(merged["common"], whole["common"], "n = {n}");
        assert_eq!(
            merged["regeneration_limit"], whole["regeneration_limit"],
            "n = {n}"
        );
        // The aggregate part of the table is the unsharded table's tail.
        let body = table.split_once('\n').unwrap().1;
        assert!(whole_table.ends_with(body), "n = {n}:\n{body}");
        assert!(body.contains("all conditions"));
    }
    whole
}

#[test]
fn merged_sheet_shards_equal_unsharded_aggregates() {
    let dir = tempfile::tempdir().unwrap();
    let runs = write_sheet(dir.path());
    let base = [
        "sheet",
        "--runs",
        &runs,
        "--k",
        "1,2,3",
        "--require",
        "target",
        "--regeneration-limit",
        "3",
    ];
    let whole = check_sheet(dir.path(), &base, &[1, 2, 3, 7]);
    let overall = &whole["overall"];
    assert_eq!(overall["unreadable"], 3);
    let vague = &whole["conditions"][0];
    assert_eq!(vague["condition"], "A/vague");
    assert_eq!(vague["denominators"]["unreadable"], 1);
    assert_eq!(whole["conditions"][1]["denominators"]["unreadable"], 1);
    assert!(overall["invalid"].as_u64().unwrap() > 3);
    assert!(overall["unscored"].as_u64().unwrap() > 0);
    let pass = &whole["conditions"][0]["pass_k"][2];
    assert!(!pass["tasks_excluded"].as_array().unwrap().is_empty());
    assert!(pass["tasks_used"].as_u64().unwrap() > 0);
    // The new figures are there to be compared, not empty.
    let b = &vague["breakdown"];
    assert!(b["validator"]["failed_at_limit"].as_u64().unwrap() > 0);
    assert!(b["validator"]["false_rejects"].as_u64().unwrap() > 0);
    assert!(
        b["attribution"]["agent:wrong_fix"]["primary"]
            .as_u64()
            .unwrap()
            > 0
    );
    assert!(b["axes"]["state"]["failed"].as_u64().unwrap() > 0);
    assert!(!whole["common"]["scorable_tasks"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(vague["pass_k_planned"][2]["tasks_used"].as_u64().unwrap() > 0);
}

#[test]
fn merged_sheet_shards_equal_unsharded_on_the_fixture() {
    let dir = tempfile::tempdir().unwrap();
    let f = fixtures().join("sheet");
    let path = |n: &str| f.join(n).to_str().unwrap().to_string();
    let (runs, gold, reads, ledger, tasks, units) = (
        path("runs.jsonl"),
        path("gold.jsonl"),
        path("reads.jsonl"),
        path("ledger.jsonl"),
        path("tasks.jsonl"),
        path("units.jsonl"),
    );
    let base = [
        "sheet", "--runs", &runs, "--gold", &gold, "--reads", &reads, "--ledger", &ledger,
        "--tasks", &tasks, "--units", &units, "--k", "1,2",
    ];
    check_sheet(dir.path(), &base, &[1, 2, 3, 7]);
}

#[test]
fn merge_refuses_mixed_kinds_and_settings() {
    let dir = tempfile::tempdir().unwrap();
    let runs = write_sheet(dir.path());
    let (b, p, l) = write_explore(dir.path());
    let part = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (s0, s1k2, e1) = (part("s0.json"), part("s1k2.json"), part("e1.json"));
    readcov(&[
        "sheet",
        "--runs",
        &runs,
        "--shard",
        "0/2",
        "--emit-partial",
        &s0,
    ]);
    readcov(&[
        "sheet",
        "--runs",
        &runs,
        "--k",
        "2",
        "--shard",
        "1/2",
        "--emit-partial",
        &s1k2,
    ]);
    readcov(&[
        "explore",
        "--bench",
        &b,
        "--preds",
        &p,
        "--file-lengths",
        &l,
        "--shard",
        "1/2",
        "--emit-partial",
        &e1,
    ]);
    let merge = |a: &str, b: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_readcov"))
            .args(["merge", a, b])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{a} + {b}");
        String::from_utf8(o.stderr).unwrap()
    };
    let err = merge(&s0, &e1);
    assert!(
        err.contains("e1.json") && err.contains("`explore` partial cannot merge with `sheet`"),
        "{err}"
    );
    let err = merge(&s0, &s1k2);
    assert!(err.contains("k values [2] differs from [1]"), "{err}");
    // Validator audits counted against different regeneration limits do not add up.
    let s1lim = part("s1lim.json");
    readcov(&[
        "sheet",
        "--runs",
        &runs,
        "--regeneration-limit",
        "2",
        "--shard",
        "1/2",
        "--emit-partial",
        &s1lim,
    ]);
    let err = merge(&s0, &s1lim);
    assert!(err.contains("regeneration limit"), "{err}");
}

/// Issue 35, item 9: `merge` took partials readcov never writes — counters that wrap when added
/// (2^63 rows twice summed to 0 rows), a mean coverage of 1.5e19, more passing rows than rows —
/// and printed them with exit 0. Real partials of each kind merge; each forged one is refused
/// (exit 2) naming its file and what does not add up.
#[test]
fn merge_refuses_impossible_partials() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let runs = write_sheet(d);
    let (b, p, l) = write_explore(d);
    let gold = d.join("g.jsonl");
    std::fs::write(&gold, "{\"path\":\"a.py\",\"start\":1,\"end\":4}\n").unwrap();
    let reads = d.join("r.jsonl");
    std::fs::write(
        &reads,
        "{\"path\":\"a.py\",\"start\":1,\"end\":2,\"run\":\"x\"}\n",
    )
    .unwrap();
    let (g, r) = (gold.to_str().unwrap(), reads.to_str().unwrap());
    let kinds: [(&str, Vec<&str>); 3] = [
        ("score", vec!["score", "--gold", g, "--reads", r]),
        (
            "explore",
            vec![
                "explore",
                "--bench",
                &b,
                "--preds",
                &p,
                "--file-lengths",
                &l,
            ],
        ),
        ("sheet", vec!["sheet", "--runs", &runs]),
    ];
    let mut parts = std::collections::BTreeMap::new();
    for (kind, base) in &kinds {
        for i in 0..2 {
            let path = d.join(format!("{kind}-{i}.json"));
            let shard = format!("{i}/2");
            let args = [
                &base[..],
                &["--shard", &shard, "--emit-partial", path.to_str().unwrap()],
            ]
            .concat();
            readcov(&args);
            parts.insert((*kind, i), path);
        }
    }
    let merge = |kind: &str, forge: &dyn Fn(&mut Value)| {
        let mut v: Value =
            serde_json::from_slice(&std::fs::read(&parts[&(kind, 0)]).unwrap()).unwrap();
        forge(&mut v);
        let forged = d.join(format!("{kind}-forged.json"));
        std::fs::write(&forged, v.to_string()).unwrap();
        Command::new(env!("CARGO_BIN_EXE_readcov"))
            .args(["merge", "--format", "json"])
            .args([&forged, &parts[&(kind, 1)]])
            .output()
            .unwrap()
    };
    for (kind, _) in &kinds {
        let o = merge(kind, &|_| {});
        assert_eq!(
            o.status.code(),
            Some(0),
            "{kind}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    type Forge<'a> = &'a dyn Fn(&mut Value);
    let cases: [(&str, Forge, &str); 5] = [
        (
            "score",
            &|v| v["score"]["passing"] = (v["score"]["rows"].as_u64().unwrap() + 1).into(),
            "passing rows of",
        ),
        (
            "score",
            &|v| {
                let big = 1u64 << 63;
                (
                    v["score"]["rows"],
                    v["score"]["scored"],
                    v["score"]["unscored"],
                ) = (big.into(), big.into(), 0.into());
            },
            "9223372036854775808 is larger than any count readcov writes",
        ),
        (
            "score",
            &|v| v["score"]["sum_line_coverage"] = (u128::MAX / 4).to_string().into(),
            "the sum of line_coverage is more than",
        ),
        (
            "explore",
            &|v| {
                let e = &mut v["explore"]["explorers"][0];
                e["wall"] = (e["instances"].as_u64().unwrap() + 1).into();
            },
            "over the wall of",
        ),
        (
            "sheet",
            &|v| {
                let o = &mut v["sheet"]["overall"];
                o["strict_successes"] = (o["scorable"].as_u64().unwrap() + 1).into();
            },
            "successes of",
        ),
    ];
    for (kind, forge, want) in cases {
        let o = merge(kind, forge);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{kind} {want}: {err}");
        assert!(err.contains(&format!("{kind}-forged.json")), "{err}");
        assert!(err.contains(want), "{err}");
        assert!(
            o.stdout.is_empty(),
            "nothing merged: {}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
}
