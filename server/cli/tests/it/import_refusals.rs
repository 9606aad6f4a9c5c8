//! `readcov import` names a file it cannot read as a log by what the input layer detects it to be
//! (SWE-bench rows, gold or reads JSONL, outcomes, a diff, …), with the flag or command that
//! reads it, the same words every other input uses for that kind.

use crate::common;
use common::{readcov_in, real_data, stderr};

#[test]
fn import_names_the_inputs_it_refuses_and_where_they_go() {
    let real = real_data();
    let dir = tempfile::tempdir().unwrap();
    let gold = readcov_in(
        dir.path(),
        &[
            "gold",
            "--from-swebench",
            real.join("gold.jsonl").to_str().unwrap(),
            "-o",
            "gold.jsonl",
        ],
    );
    assert_eq!(gold.status.code(), Some(0), "{}", stderr(&gold));
    let rows = real.join("gold.jsonl");
    let outcomes = real.join("../real-multi/outcomes.jsonl");
    for (file, says) in [
        (
            rows.to_str().unwrap(),
            "not a trajectory: looks like SWE-bench rows (`instance_id`, `patch`): give it as `--gold`",
        ),
        (
            "gold.jsonl",
            "not a trajectory: looks like gold JSONL (rows with `tier`, `origin` or `requirement`): give it as `--gold`",
        ),
        (
            outcomes.to_str().unwrap(),
            "not a trajectory: looks like outcome labels (`resolved` per task or run): give it as `--outcomes`",
        ),
    ] {
        let o = readcov_in(dir.path(), &["import", file, "-o", "reads.jsonl"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(&format!("error: {file}: {says}")), "{file}: {err}");
        assert!(!err.contains("not a recognised trajectory"), "{file}: {err}");
    }
}
