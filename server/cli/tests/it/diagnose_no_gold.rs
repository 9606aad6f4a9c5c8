//! `diagnose` on runs of tasks the gold lacks (session 34): tests/data/real's three swe-agent-java
//! runs beside its 15 SWE-bench runs, against the SWE-bench gold (none of their tasks). They opened
//! files, but there is no gold file to find: search precision is `null` and out of the summary's
//! means, as docs/diagnose.md says of every figure without gold. Before, it was 0.0 and the `*`
//! group's mean search precision was 0.49 over 18 runs, not 0.59 over the 15 with gold.

use crate::common::{readcov_in, real_data, stderr, stdout};
use serde_json::Value;

#[test]
fn runs_without_gold_have_no_search_precision_in_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("reads.jsonl").display().to_string();
    let real = real_data();
    let logs = ["openhands", "mini-swe-agent", "swe-agent-java"]
        .iter()
        .flat_map(|d| std::fs::read_dir(real.join(d)).unwrap())
        .map(|e| e.unwrap().path().display().to_string())
        .collect::<Vec<_>>();
    let mut args = vec!["import", "--workspaces", "sources", "-o", &reads];
    args.extend(logs.iter().map(String::as_str));
    let o = readcov_in(&real, &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = readcov_in(
        &real,
        &[
            "diagnose",
            "--gold",
            "gold.jsonl",
            "--reads",
            &reads,
            "--workspaces",
            "sources",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let no_gold: Vec<&Value> = (out["runs"].as_array().unwrap().iter())
        .filter(|r| r["stages"]["search"]["gold_files"] == 0)
        .collect();
    assert_eq!(no_gold.len(), 3);
    for r in no_gold {
        let search = &r["stages"]["search"];
        assert!(search["opened_files"].as_u64() > Some(0), "{r}");
        assert!(
            search["precision"].is_null() && search["recall"].is_null(),
            "{r}"
        );
        assert!(r["stages"]["read"]["unit_precision"].is_null(), "{r}");
    }
    let group = |name: &str| {
        (out["summary"].as_array().unwrap().iter())
            .find(|g| g["group"] == name)
            .unwrap()
            .clone()
    };
    let all = group("*");
    assert_eq!(all["runs"], 18);
    assert_eq!(all["known"]["search_precision"], 15);
    let mean = all["mean"]["search_precision"].as_f64().unwrap();
    // 0.5891534391534391 before the grep placement of session 34 (a `grep -r` without -n now
    // opens the files it showed lines of).
    assert!((mean - 0.5447089947089947).abs() < 1e-12, "{mean}");
    let swe = group("swe-agent");
    assert_eq!(swe["known"]["search_precision"], 0);
    assert!(swe["mean"]["search_precision"].is_null());
}
