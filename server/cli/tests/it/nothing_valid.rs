//! A file that gives nothing valid stops every command that reads it (exit 2, the same words),
//! never a table of zeros or a join with nothing: `diagnose --reads` empty or all bad (as
//! `score`), `--outcomes` and `--patches` whose every line is an error, and `--units`, `--ledger`
//! and `--tasks` of another kind (refused by the input layer) or all bad, in `report` and `sheet`.

use crate::common;
use common::{readcov_in, real_data, stderr};

const GOLD: &str =
    "{\"task\":\"psf__requests-1724\",\"path\":\"requests/models.py\",\"start\":1,\"end\":9,\"tier\":\"core\"}\n";
const READS: &str = "{\"task\":\"psf__requests-1724\",\"run\":\"r\",\"path\":\"requests/models.py\",\"start\":1,\"end\":5,\"tool\":\"view\"}\n";
const BAD: &str = "# notes\nnot json\n";
const RUNS: &str =
    "{\"run\":\"r\",\"task\":\"psf__requests-1724\",\"condition\":\"c\",\"environment\":\"valid\",\
                    \"simulator\":\"valid\",\"scenario_oracle\":\"valid\",\"target\":true}\n";

/// (command line, exit status wanted, what stderr must say).
const CASES: &[(&str, i32, &str)] = &[
    // diagnose, as score: no run to diagnose
    ("score --gold gold.jsonl --reads empty.jsonl", 2, "empty.jsonl: no reads, nothing to score"),
    ("diagnose --gold gold.jsonl --reads empty.jsonl", 2, "empty.jsonl: no reads, nothing to score"),
    ("score --gold gold.jsonl --reads bad.md", 2, "bad.md: no valid reads, nothing to score"),
    ("diagnose --gold gold.jsonl --reads bad.md", 2, "bad.md: no valid reads, nothing to score"),
    ("diagnose --gold gold.jsonl --reads bad.md", 2, "bad.md:2: invalid JSON"),
    // labels whose every line is an error, wherever labels are read
    ("score --gold gold.jsonl --reads reads.jsonl --outcomes bad.md", 2, "bad.md: no valid outcome labels, 2 line(s) and every one an error (the first: bad.md:1: invalid JSON"),
    ("diagnose --gold gold.jsonl --reads reads.jsonl --outcomes bad.md", 2, "bad.md: no valid outcome labels"),
    ("gold --from-runs reads.jsonl --outcomes bad.md", 2, "bad.md: no valid outcome labels"),
    ("explain --task psf__requests-1724 --gold gold.jsonl --reads reads.jsonl --outcomes bad.md", 2, "bad.md: no valid outcome labels"),
    // an empty labels file is no error (a run that wrote none), nor is a good one
    ("score --gold gold.jsonl --reads reads.jsonl --outcomes empty.jsonl", 0, ""),
    ("score --gold gold.jsonl --reads reads.jsonl --outcomes labels.jsonl", 0, ""),
    // predictions whose every line is an error
    ("diagnose --gold gold.jsonl --reads reads.jsonl --patches bad.md", 2, "bad.md: no valid predictions, 2 line(s) and every one an error"),
    ("diagnose --gold gold.jsonl --reads reads.jsonl --patches empty.jsonl", 0, ""),
    // --units: another kind refused, all bad stops
    ("report --html o.html --gold gold.jsonl --reads reads.jsonl --units gold.jsonl", 2, "gold.jsonl: looks like gold JSONL (rows with `tier`, `origin` or `requirement`), not syntax units: give it as `--gold`"),
    ("report --html o.html --gold gold.jsonl --reads reads.jsonl --units reads.jsonl", 2, "reads.jsonl: looks like reads JSONL"),
    // plain spans are the sheet's units; the report's need a name on every line
    ("report --html o.html --gold gold.jsonl --reads reads.jsonl --units spans.jsonl", 2, "spans.jsonl: no valid syntax units, 1 line(s) and every one an error (the first: spans.jsonl:1: field `name`: missing)"),
    ("sheet --runs runs.jsonl --units spans.jsonl", 0, ""),
    // span rows refused elsewhere say where they go
    ("score --gold gold.jsonl --reads reads.jsonl --outcomes spans.jsonl", 2, "spans.jsonl: looks like span rows (`path`, `start`, `end`), not outcome labels: give it as `--gold` or `--reads`"),
    ("report --html o.html --gold gold.jsonl --reads reads.jsonl --units bad.md", 2, "bad.md: no valid syntax units, 2 line(s) and every one an error"),
    ("report --html o.html --gold gold.jsonl --reads reads.jsonl --units units.jsonl", 0, ""),
    ("sheet --runs runs.jsonl --units reads.jsonl", 2, "reads.jsonl: looks like reads JSONL"),
    ("sheet --runs runs.jsonl --units bad.md", 2, "bad.md: no valid syntax units"),
    ("sheet --runs runs.jsonl --units units.jsonl", 0, ""),
    // the sheet's ledger and task declarations, the same two rules
    ("sheet --runs runs.jsonl --ledger reads.jsonl", 2, "reads.jsonl: looks like reads JSONL (rows with `run`, `tool`, `command`, `turn`, `kind` or `source`), not a requirement ledger: give it as `--reads`"),
    ("sheet --runs runs.jsonl --ledger bad.md", 2, "bad.md: no valid ledger events, 2 line(s) and every one an error"),
    ("sheet --runs runs.jsonl --ledger empty.jsonl", 0, ""),
    ("sheet --runs runs.jsonl --tasks labels.jsonl", 2, "labels.jsonl: looks like outcome labels (`resolved` per task or run), not task declarations: give it as `--outcomes`"),
    ("sheet --runs runs.jsonl --tasks bad.md", 2, "bad.md: no valid task declarations, 2 line(s) and every one an error"),
];

#[test]
fn a_file_with_nothing_valid_stops_every_command_alike() {
    let dir = tempfile::tempdir().unwrap();
    let source = real_data().join("sources/psf__requests-1724/requests/models.py");
    let units = readcov_in(dir.path(), &["units", source.to_str().unwrap()]);
    assert_eq!(units.status.code(), Some(0), "{}", stderr(&units));
    // The units of the gold file, named by its path in the task.
    let units = String::from_utf8(units.stdout).unwrap();
    let units = units.replace(source.to_str().unwrap(), "requests/models.py");
    for (name, text) in [
        ("gold.jsonl", GOLD.to_string()),
        ("reads.jsonl", READS.into()),
        ("bad.md", BAD.into()),
        (
            "spans.jsonl",
            "{\"path\":\"a.py\",\"start\":1,\"end\":2}\n".into(),
        ),
        ("empty.jsonl", String::new()),
        (
            "labels.jsonl",
            "{\"task\":\"psf__requests-1724\",\"resolved\":true}\n".into(),
        ),
        ("runs.jsonl", RUNS.into()),
        ("units.jsonl", units),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let mut failures = Vec::new();
    for (line, code, says) in CASES {
        let args: Vec<&str> = line.split(' ').collect();
        let o = readcov_in(dir.path(), &args);
        let err = stderr(&o);
        if o.status.code() != Some(*code) || !err.contains(says) || err.contains("panicked") {
            failures.push(format!("{line}: exit {:?}\n{err}", o.status.code()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}
