//! The widening what-if on every run of the real data, end to end through the binary: gold from
//! the SWE-bench patches (`readcov gold`), the agents' reads from their trajectories
//! (`readcov import`), then `readcov score --workspace sources/<instance>` per instance.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn real() -> PathBuf {
    common::real_data()
}

fn readcov(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(args)
        .output()
        .expect("run readcov");
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "readcov {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn jsonl(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("jsonl"))
        .collect()
}

#[test]
fn widening_what_if_for_every_real_run() {
    let data = real();
    let s = |p: &Path| p.display().to_string();
    let gold = jsonl(&readcov(&[
        "gold",
        "--from-swebench",
        &s(&data.join("gold.jsonl")),
    ]));
    let mut trajs: Vec<String> = Vec::new();
    for dir in ["openhands", "mini-swe-agent"] {
        for e in std::fs::read_dir(data.join(dir)).expect("trajectories") {
            trajs.push(s(&e.expect("entry").path()));
        }
    }
    let sources = s(&data.join("sources"));
    let mut args = vec!["import", "--workspaces", &sources];
    args.extend(trajs.iter().map(String::as_str));
    let reads = jsonl(&readcov(&args));

    let dir = tempfile::tempdir().unwrap();
    let mut tasks: Vec<&str> = gold
        .iter()
        .map(|g| g["task"].as_str().expect("task"))
        .collect();
    tasks.sort_unstable();
    tasks.dedup();
    assert_eq!(tasks.len(), 15);
    let mut runs = 0;
    for task in tasks {
        let keep = |rows: &[serde_json::Value]| -> String {
            rows.iter()
                .filter(|r| r["task"] == task)
                .map(|r| r.to_string() + "\n")
                .collect()
        };
        let (g, r) = (dir.path().join("g.jsonl"), dir.path().join("r.jsonl"));
        std::fs::write(&g, keep(&gold)).unwrap();
        std::fs::write(&r, keep(&reads)).unwrap();
        let ws = s(&data.join("sources").join(task));
        let rows = jsonl(&readcov(&[
            "score",
            "--gold",
            &s(&g),
            "--reads",
            &s(&r),
            "--workspace",
            &ws,
            "--format",
            "jsonl",
        ]));
        for row in rows {
            let label = format!("{task} / {}", row["run"]);
            let cov = row["line_coverage"].as_f64().expect("scored");
            let to_units = row["coverage_widened_to_units"].as_f64().expect("scored");
            let by_lines = row["coverage_widened_by_lines"].as_f64().expect("scored");
            assert!(
                to_units >= cov && by_lines >= cov,
                "{label}: widening never loses coverage"
            );
            assert!(row["gold_units"].as_u64().expect("count") >= 1, "{label}");
            assert_eq!(
                row["parse_errors"], 0,
                "{label}: real sources parse cleanly"
            );
            assert_eq!(
                row["unit_notes"],
                serde_json::json!([]),
                "{label}: every gold file is Python"
            );
            assert_eq!(row["widen"], 10, "{label}");
            if row["read_lines"] == 0 {
                assert_eq!(row["extra_lines_by_lines"], 0, "{label}");
            }
            runs += 1;
        }
    }
    assert_eq!(runs, 15, "one run per (agent, instance)");
}
