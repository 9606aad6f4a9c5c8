//! The input matrix (issue 36), through the real binary: each kind of input file given to each
//! command's flag is either taken (converted on the fly with the same note) or refused with the
//! same words and exit 2; a file whose every line is invalid is exit 2 in every command.

use crate::common;

use common::{readcov_in, real_data, stderr};
use std::path::Path;

/// What a command must do with the file.
#[derive(Clone, Copy, Debug)]
enum Want {
    /// Taken as it is: exit 0 or 1 (a verdict), no refusal.
    Takes,
    /// Converted on the fly: taken, and a note says "on the fly".
    Converts,
    /// Refused, exit 2: "<file>: looks like <kind>, not <role>: <where it belongs>".
    Refused(&'static str, &'static str),
    /// Every line invalid: exit 2, "nothing to score".
    NothingValid,
}

const GOLD: &str = "{\"task\":\"psf__requests-1724\",\"path\":\"requests/models.py\",\"start\":1,\"end\":9,\"tier\":\"core\"}\n";
const READS: &str = "{\"task\":\"psf__requests-1724\",\"run\":\"r\",\"path\":\"requests/models.py\",\"start\":1,\"end\":5,\"tool\":\"view\"}\n";
const LABELS: &str = "{\"task\":\"psf__requests-1724\",\"run\":\"r\",\"resolved\":true}\n";
const TEXT: &str = "# notes\nnot json\nnor this\n";
const DIFF: &str =
    "--- a/requests/models.py\n+++ b/requests/models.py\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n";

/// The files of every kind, in `dir`: (key, path).
fn files(dir: &Path) -> Vec<(&'static str, String)> {
    let real = real_data();
    for (name, text) in [
        ("gold.jsonl", GOLD),
        ("reads.jsonl", READS),
        ("labels.jsonl", LABELS),
        ("notes.md", TEXT),
        ("fix.txt", DIFF),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let at = |p: &Path| p.display().to_string();
    vec![
        ("gold", "gold.jsonl".into()),
        ("reads", "reads.jsonl".into()),
        ("labels", "labels.jsonl".into()),
        ("text", "notes.md".into()),
        ("diff", "fix.txt".into()),
        ("swebench", at(&real.join("gold.jsonl"))),
        ("traj", at(&real.join("openhands/psf__requests-1724.json"))),
        ("bench", at(&fixtures.join("explore/bench.jsonl"))),
        ("cbgold", at(&fixtures.join("contextbench/gold.jsonl"))),
        (
            "locgold",
            at(&fixtures.join("locbench/gold-file-changes.jsonl")),
        ),
        ("locpreds", at(&fixtures.join("locbench/locagent.jsonl"))),
    ]
}

/// (command line with `{}` for the file under test, the file's key, what must happen).
const CASES: &[(&str, &str, Want)] = &[
    // score: --reads
    ("score --gold gold.jsonl --reads {}", "reads", Want::Takes),
    ("score --gold gold.jsonl --reads {}", "traj", Want::Converts),
    (
        "score --gold gold.jsonl --reads {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "score --gold gold.jsonl --reads {}",
        "labels",
        Want::Refused("outcome labels", "reads"),
    ),
    (
        "score --gold gold.jsonl --reads {}",
        "swebench",
        Want::Refused("SWE-bench rows", "reads"),
    ),
    (
        "score --gold gold.jsonl --reads {}",
        "bench",
        Want::Refused("SWE-Explore", "reads"),
    ),
    (
        "score --gold gold.jsonl --reads {}",
        "text",
        Want::NothingValid,
    ),
    // score: --gold
    ("score --gold {} --reads reads.jsonl", "gold", Want::Takes),
    (
        "score --gold {} --reads reads.jsonl",
        "swebench",
        Want::Converts,
    ),
    (
        "score --gold {} --reads reads.jsonl",
        "diff",
        Want::Converts,
    ),
    (
        "score --gold {} --reads reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "gold"),
    ),
    (
        "score --gold {} --reads reads.jsonl",
        "traj",
        Want::Refused("an agent trajectory", "gold"),
    ),
    (
        "score --gold {} --reads reads.jsonl",
        "labels",
        Want::Refused("outcome labels", "gold"),
    ),
    (
        "score --gold {} --reads reads.jsonl",
        "text",
        Want::NothingValid,
    ),
    // explain
    (
        "explain --task psf__requests-1724 --gold gold.jsonl --reads {}",
        "reads",
        Want::Takes,
    ),
    (
        "explain --task psf__requests-1724 --gold gold.jsonl --reads {}",
        "traj",
        Want::Converts,
    ),
    (
        "explain --task psf__requests-1724 --gold gold.jsonl --reads {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "explain --task psf__requests-1724 --gold gold.jsonl --reads {}",
        "labels",
        Want::Refused("outcome labels", "reads"),
    ),
    (
        "explain --task psf__requests-1724 --gold gold.jsonl --reads {}",
        "text",
        Want::NothingValid,
    ),
    (
        "explain --task psf__requests-1724 --gold {} --reads reads.jsonl",
        "swebench",
        Want::Converts,
    ),
    (
        "explain --task psf__requests-1724 --gold {} --reads reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "gold"),
    ),
    (
        "explain --task psf__requests-1724 --gold {} --reads reads.jsonl",
        "text",
        Want::NothingValid,
    ),
    // report
    (
        "report --html out.html --gold gold.jsonl --reads {}",
        "reads",
        Want::Takes,
    ),
    (
        "report --html out.html --gold gold.jsonl --reads {}",
        "traj",
        Want::Converts,
    ),
    (
        "report --html out.html --gold gold.jsonl --reads {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "report --html out.html --gold gold.jsonl --reads {}",
        "labels",
        Want::Refused("outcome labels", "reads"),
    ),
    (
        "report --html out.html --gold gold.jsonl --reads {}",
        "text",
        Want::NothingValid,
    ),
    (
        "report --html out.html --gold {} --reads reads.jsonl",
        "diff",
        Want::Converts,
    ),
    (
        "report --html out.html --gold {} --reads reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "gold"),
    ),
    (
        "report --html out.html --gold {} --reads reads.jsonl",
        "text",
        Want::NothingValid,
    ),
    // sheet (its run records are checked apart: the matrix is about gold and reads)
    (
        "sheet --runs runs.jsonl --gold gold.jsonl --reads {}",
        "traj",
        Want::Converts,
    ),
    (
        "sheet --runs runs.jsonl --gold gold.jsonl --reads {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "sheet --runs runs.jsonl --gold gold.jsonl --reads {}",
        "text",
        Want::NothingValid,
    ),
    (
        "sheet --runs runs.jsonl --gold {} --reads reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "gold"),
    ),
    (
        "sheet --runs runs.jsonl --gold {} --reads reads.jsonl",
        "text",
        Want::NothingValid,
    ),
    // contextbench
    (
        "contextbench --gold {} --reads reads.jsonl",
        "cbgold",
        Want::Takes,
    ),
    (
        "contextbench --gold {} --reads reads.jsonl",
        "gold",
        Want::Refused("gold JSONL", "ContextBench gold rows"),
    ),
    (
        "contextbench --gold {} --reads reads.jsonl",
        "swebench",
        Want::Refused("SWE-bench rows", "ContextBench gold rows"),
    ),
    (
        "contextbench --gold {} --reads reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "ContextBench gold rows"),
    ),
    (
        "contextbench --gold cb.jsonl --reads {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "contextbench --gold cb.jsonl --reads {}",
        "text",
        Want::NothingValid,
    ),
    // gold --from-runs / --from-swebench / --from-diff
    (
        "gold --min-runs 1 --outcomes labels.jsonl --from-runs {}",
        "reads",
        Want::Takes,
    ),
    (
        "gold --min-runs 1 --outcomes labels.jsonl --from-runs {}",
        "gold",
        Want::Refused("gold JSONL", "reads"),
    ),
    (
        "gold --min-runs 1 --outcomes labels.jsonl --from-runs {}",
        "labels",
        Want::Refused("outcome labels", "reads"),
    ),
    (
        "gold --min-runs 1 --outcomes labels.jsonl --from-runs {}",
        "text",
        Want::NothingValid,
    ),
    (
        "gold --min-runs 1 --outcomes {} --from-runs reads.jsonl",
        "reads",
        Want::Refused("reads JSONL", "outcome labels"),
    ),
    ("gold --from-swebench {}", "swebench", Want::Takes),
    (
        "gold --from-swebench {}",
        "reads",
        Want::Refused("reads JSONL", "SWE-bench instances"),
    ),
    (
        "gold --from-swebench {}",
        "gold",
        Want::Refused("gold JSONL", "SWE-bench instances"),
    ),
    ("gold --from-diff {}", "diff", Want::Takes),
    (
        "gold --from-diff {}",
        "reads",
        Want::Refused("reads JSONL", "a unified diff"),
    ),
    (
        "gold --from-diff {}",
        "swebench",
        Want::Refused("SWE-bench rows", "a unified diff"),
    ),
    // explore
    (
        "explore --preds preds.jsonl --bench {}",
        "bench",
        Want::Takes,
    ),
    (
        "explore --preds preds.jsonl --bench {}",
        "gold",
        Want::Refused("gold JSONL", "SWE-Explore benchmark rows"),
    ),
    (
        "explore --preds preds.jsonl --bench {}",
        "reads",
        Want::Refused("reads JSONL", "SWE-Explore benchmark rows"),
    ),
    (
        "explore --bench bench.jsonl --preds {}",
        "bench",
        Want::Refused("SWE-Explore benchmark rows", "explorer outputs"),
    ),
    (
        "explore --bench bench.jsonl --preds {}",
        "reads",
        Want::Refused("reads JSONL", "explorer outputs"),
    ),
    // locbench: --gold takes Loc-Bench rows and readcov's gold kinds, --preds localizations
    (
        "locbench --gold {} --preds lp.jsonl",
        "locgold",
        Want::Takes,
    ),
    (
        "locbench --gold {} --preds lp.jsonl",
        "swebench",
        Want::Takes,
    ),
    ("locbench --gold {} --preds lp.jsonl", "gold", Want::Takes),
    (
        "locbench --gold {} --preds lp.jsonl",
        "diff",
        Want::Converts,
    ),
    (
        "locbench --gold {} --preds lp.jsonl",
        "reads",
        Want::Refused("reads JSONL", "Loc-Bench gold"),
    ),
    (
        "locbench --gold {} --preds lp.jsonl",
        "locpreds",
        Want::Refused("code localizations", "Loc-Bench gold"),
    ),
    (
        "locbench --gold lg.jsonl --preds {}",
        "locpreds",
        Want::Takes,
    ),
    (
        "locbench --gold lg.jsonl --preds {}",
        "swebench",
        Want::Refused("SWE-bench rows", "code localizations"),
    ),
    (
        "locbench --gold lg.jsonl --preds {}",
        "reads",
        Want::Refused("reads JSONL", "code localizations"),
    ),
    (
        "locbench --gold lg.jsonl --preds {}",
        "locgold",
        Want::Refused("Loc-Bench rows", "code localizations"),
    ),
    (
        "locbench --gold lg.jsonl --preds {}",
        "text",
        Want::NothingValid,
    ),
    // Loc-Bench files elsewhere point to locbench
    (
        "score --gold {} --reads reads.jsonl",
        "locgold",
        Want::Refused("Loc-Bench rows", "gold"),
    ),
    (
        "score --gold gold.jsonl --reads {}",
        "locpreds",
        Want::Refused("code localizations", "reads"),
    ),
];

#[test]
fn every_kind_in_every_command_is_taken_converted_or_refused_alike() {
    let dir = tempfile::tempdir().unwrap();
    let files = files(dir.path());
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    std::fs::copy(
        fixtures.join("contextbench/gold.jsonl"),
        dir.path().join("cb.jsonl"),
    )
    .unwrap();
    std::fs::copy(
        fixtures.join("explore/bench.jsonl"),
        dir.path().join("bench.jsonl"),
    )
    .unwrap();
    std::fs::copy(
        fixtures.join("explore/preds.jsonl"),
        dir.path().join("preds.jsonl"),
    )
    .unwrap();
    for (from, to) in [
        ("locbench/gold-file-changes.jsonl", "lg.jsonl"),
        ("locbench/locagent.jsonl", "lp.jsonl"),
    ] {
        std::fs::copy(fixtures.join(from), dir.path().join(to)).unwrap();
    }
    std::fs::write(
        dir.path().join("runs.jsonl"),
        "{\"run\":\"r\",\"task\":\"psf__requests-1724\",\"condition\":\"c\",\"environment\":\"valid\",\
         \"simulator\":\"valid\",\"scenario_oracle\":\"valid\",\"target\":true}\n",
    )
    .unwrap();
    let mut failures = Vec::new();
    for (line, key, want) in CASES {
        let file = &files
            .iter()
            .find(|(k, _)| k == key)
            .expect("a file of that kind")
            .1;
        let args: Vec<String> = line
            .split(' ')
            .map(|a| {
                if a == "{}" {
                    file.clone()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = readcov_in(dir.path(), &args);
        let (code, err) = (o.status.code(), stderr(&o));
        let ok = match want {
            Want::Takes => matches!(code, Some(0 | 1)) && !err.contains("looks like"),
            Want::Converts => matches!(code, Some(0 | 1)) && err.contains("on the fly"),
            Want::Refused(looks, role) => {
                code == Some(2)
                    && err.contains(&format!("{file}: looks like {looks}"))
                    && err.contains(&format!(", not {role}: "))
            }
            Want::NothingValid => code == Some(2) && err.contains("nothing to score"),
        };
        if !ok {
            failures.push(format!(
                "{line} [{key}] want {want:?}, got {code:?}:\n{err}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

#[test]
fn report_takes_workspaces_and_imports_a_trajectory_against_its_tasks_folder() {
    let real = real_data();
    let out = tempfile::tempdir().unwrap();
    let html = out.path().join("r.html");
    let o = readcov_in(
        &real,
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "openhands/psf__requests-1724.json",
            "--workspaces",
            "sources",
            "--html",
            html.to_str().unwrap(),
        ],
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("an agent trajectory, not reads JSONL: imported on the fly"),
        "{err}"
    );
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .contains("psf__requests-1724"));
    // --workspace and --workspaces exclude each other, as in score.
    let o = readcov_in(
        &real,
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "x",
            "--workspace",
            ".",
            "--workspaces",
            "sources",
            "--html",
            "x",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
}
