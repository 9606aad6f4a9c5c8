//! The sheet on real agent data: the 15 trajectories of `tests/data/real` imported with
//! `readcov import`, their SWE-bench gold from `readcov gold`, and one run record per trajectory
//! whose `target` is the real resolved label. Checks the sheet's invariants on real edits.

use crate::common;

use crate::sheet_common;

use serde_json::Value;
use sheet_common::{readcov, text};

fn real() -> std::path::PathBuf {
    common::real_data()
}

fn run_ok(args: &[&str]) -> Vec<u8> {
    let o = readcov(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    o.stdout
}

#[test]
fn sheet_on_real_trajectories() {
    let real = real();
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let s = |p: std::path::PathBuf| p.to_string_lossy().into_owned();
    let sources = s(real.join("sources"));

    // Reads and edits, both agents, one file each (the importer names runs after the agent).
    let mut reads = Vec::new();
    for (agent, ext) in [("openhands", ".json"), ("mini-swe-agent", ".traj.json")] {
        let mut files: Vec<String> = std::fs::read_dir(real.join(agent))
            .unwrap()
            .map(|e| s(e.unwrap().path()))
            .filter(|p| p.ends_with(ext))
            .collect();
        files.sort();
        let mut args = vec!["import", "--workspaces", &sources];
        args.extend(files.iter().map(String::as_str));
        reads.extend(run_ok(&args));
    }
    std::fs::write(path("reads.jsonl"), &reads).unwrap();
    let gold_src = s(real.join("gold.jsonl"));
    run_ok(&[
        "gold",
        "--from-swebench",
        &gold_src,
        "-o",
        &path("gold.jsonl"),
    ]);

    // One run record per trajectory: valid trial, target = the real resolved label.
    let labels: Vec<Value> = std::fs::read_to_string(&gold_src)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let runs: String = labels
        .iter()
        .map(|r| {
            serde_json::json!({
                "run": r["agent"], "task": r["instance_id"], "condition": r["agent"],
                "environment": "valid", "simulator": "valid", "scenario_oracle": "valid",
                "target": r["resolved"],
            })
            .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(path("runs.jsonl"), runs).unwrap();

    let out = run_ok(&[
        "sheet",
        "--runs",
        &path("runs.jsonl"),
        "--gold",
        &path("gold.jsonl"),
        "--reads",
        &path("reads.jsonl"),
        "--require",
        "target",
        "--k",
        "1",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_slice(&out).unwrap();
    let resolved = labels.iter().filter(|r| r["resolved"] == true).count();
    assert_eq!(doc["overall"]["planned"], labels.len());
    assert_eq!(doc["overall"]["scorable"], labels.len());
    assert_eq!(doc["overall"]["strict_successes"], resolved);
    let conditions: Vec<&str> = doc["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["condition"].as_str().unwrap())
        .collect();
    assert_eq!(conditions, ["mini-swe-agent", "openhands"]);

    let mut edits = 0;
    for r in doc["runs"].as_array().unwrap() {
        let id = format!("{} / {}", r["task"], r["run"]);
        // Gold and reads were both given: exploration is computed for every run.
        assert!(r["axes"]["exploration"].is_boolean(), "{id}: {}", r["axes"]);
        let t = &r["timeline"];
        let turns = t["turns"].as_array().unwrap();
        assert!(
            turns
                .windows(2)
                .all(|w| w[0]["turn"].as_u64() < w[1]["turn"].as_u64()),
            "{id}"
        );
        // Without a ledger the gold never changes, so coverage never falls.
        let covered: Vec<u64> = turns
            .iter()
            .map(|p| p["covered_lines"].as_u64().unwrap())
            .collect();
        assert!(
            covered.windows(2).all(|w| w[0] <= w[1]),
            "{id}: {covered:?}"
        );
        let rbe = &r["read_before_edit"];
        edits += rbe["edits"].as_u64().unwrap();
        for e in rbe["per_edit"].as_array().unwrap() {
            let c = e["coverage"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&c), "{id}: {e}");
            assert!(
                e["region_start"].as_u64() <= e["start"].as_u64(),
                "{id}: {e}"
            );
        }
        // An edit before reading half of a gold file is named, and it is a real edit of that file.
        for e in t["edited_before_reading"].as_array().unwrap() {
            assert!(e["coverage_before"].as_f64().unwrap() < 0.5, "{id}: {e}");
            let edit = rbe["per_edit"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["event_id"] == e["event_id"]);
            assert_eq!(edit.map(|p| &p["path"]), Some(&e["path"]), "{id}: {e}");
        }
    }
    // The OpenHands trajectories edit files; the sheet must have seen those edits.
    assert!(edits > 0, "no edits imported");

    // Run ids repeat across tasks here, so the table's timeline names runs task/run.
    let table = text(&run_ok(&[
        "sheet",
        "--runs",
        &path("runs.jsonl"),
        "--gold",
        &path("gold.jsonl"),
        "--reads",
        &path("reads.jsonl"),
        "--require",
        "target",
    ]));
    assert!(
        table.contains("\n  pallets__flask-5014/openhands: t"),
        "{table}"
    );
}
