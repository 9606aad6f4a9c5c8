//! The files a SWE-bench harness writes beside its report (tests/data/formats/swebench-eval: a
//! `test_output.txt`, an `eval.sh`, the model's `patch.diff`, a submission's `metadata.yaml`),
//! handed to every input that could plausibly take them, through the real binary: each is
//! refused naming what it is and what to give instead, except `patch.diff` where a diff is
//! taken (`--gold`, `gold --from-diff`), and there a note says the harness's `patch.diff` is
//! the model's patch. Before, the three that are no diff were unknown text: every line a located
//! error, never named (and `import` only listed the formats they are none of).

use crate::common::{readcov, readcov_ok, real_data, stderr};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> String {
    p.display().to_string()
}

fn eval_file(name: &str) -> String {
    s(&real_data().join("../formats/swebench-eval").join(name))
}

/// The shipped gold and the three mini-swe-agent runs imported, in a scratch folder.
fn inputs() -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("r.jsonl");
    let logs = real_data().join("mini-swe-agent");
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .collect();
    names.sort();
    let mut args = vec!["import".to_string(), "-o".into(), s(&reads)];
    args.extend(names);
    readcov_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (dir, s(&real_data().join("gold.jsonl")), s(&reads))
}

/// Every command line that takes `file` somewhere, with the role it is given as.
fn uses(file: &str, gold: &str, reads: &str, out: &Path) -> Vec<(&'static str, Vec<String>)> {
    let v = |a: &[&str]| a.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let o = s(out);
    vec![
        ("gold", v(&["score", "--gold", file, "--reads", reads])),
        ("reads", v(&["score", "--gold", gold, "--reads", file])),
        (
            "outcome labels",
            v(&[
                "score",
                "--gold",
                gold,
                "--reads",
                reads,
                "--outcomes",
                file,
            ]),
        ),
        (
            "a SWE-bench harness report",
            v(&[
                "diagnose",
                "--gold",
                gold,
                "--reads",
                reads,
                "--test-report",
                file,
            ]),
        ),
        (
            "a SWE-bench harness report",
            v(&[
                "diagnose",
                "--gold",
                gold,
                "--reads",
                reads,
                "--test-report",
                &format!("r={file}"),
            ]),
        ),
        (
            "predictions",
            v(&[
                "diagnose",
                "--gold",
                gold,
                "--reads",
                reads,
                "--patches",
                file,
            ]),
        ),
        (
            "outcome labels",
            v(&[
                "diagnose",
                "--gold",
                gold,
                "--reads",
                reads,
                "--outcomes",
                &format!("r={file}"),
            ]),
        ),
        (
            "a unified diff",
            v(&["gold", "--from-diff", file, "-o", &o]),
        ),
        (
            "SWE-bench instances",
            v(&["gold", "--from-swebench", file, "-o", &o]),
        ),
        ("trajectory", v(&["import", file, "-o", &o])),
    ]
}

fn run(args: &[String]) -> std::process::Output {
    readcov(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn the_files_beside_a_report_are_refused_by_name_everywhere() {
    let (dir, gold, reads) = inputs();
    let out = dir.path().join("out.jsonl");
    for (file, looks, instead) in [
        (
            "msa-pr816_django__django-12915_test_output.txt",
            "looks like a SWE-bench test_output.txt",
            "give the report.json beside it",
        ),
        (
            "msa-pr816_astropy__astropy-7746_test_output.txt",
            "looks like a SWE-bench test_output.txt",
            "give the report.json beside it",
        ),
        (
            "msa-pr816_django__django-12915_eval.sh",
            "looks like a SWE-bench eval.sh",
            "give the report.json beside it",
        ),
        (
            "msb-java_deepseek-chat-v2_metadata.yaml",
            "looks like a SWE-bench submission's metadata.yaml",
            "give the run's results/results.json",
        ),
    ] {
        let path = eval_file(file);
        for (role, args) in uses(&path, &gold, &reads, &out) {
            let o = run(&args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            let not = match role {
                "trajectory" => "not a trajectory: ".to_string(),
                r => format!(", not {r}: "),
            };
            assert!(
                err.contains(&format!("{path}: ")) && err.contains(looks),
                "{args:?}: {err}"
            );
            assert!(
                err.contains(&not) && err.contains(instead),
                "{args:?}: {err}"
            );
        }
    }
}

/// The harness's layout: `<instance>/patch.diff`, the model's patch the harness applied.
fn harness_patch(dir: &Path) -> PathBuf {
    let at = dir.join("django__django-12915");
    std::fs::create_dir_all(&at).unwrap();
    let patch = at.join("patch.diff");
    std::fs::copy(
        eval_file("msa-pr816_django__django-12915_patch.diff"),
        &patch,
    )
    .unwrap();
    patch
}

#[test]
fn patch_diff_is_taken_where_a_diff_is_and_refused_with_the_way_elsewhere() {
    let (dir, gold, reads) = inputs();
    let out = dir.path().join("out.jsonl");
    let patch = s(&harness_patch(dir.path()));
    for (role, args) in uses(&patch, &gold, &reads, &out) {
        let o = run(&args);
        let err = stderr(&o);
        match role {
            // Taken as gold, with the note that this name is the model's patch.
            "gold" => {
                assert_ne!(o.status.code(), Some(2), "{args:?}: {err}");
                assert!(
                    err.contains("gold built on the fly")
                        && err.contains(
                            "`patch.diff` is the name the SWE-bench harness gives the model's patch"
                        ),
                    "{err}"
                );
            }
            "a unified diff" => assert_eq!(o.status.code(), Some(0), "{args:?}: {err}"),
            // A model's patch, but no instance or run: the predictions line it needs.
            "predictions" => {
                assert_eq!(o.status.code(), Some(2), "{err}");
                assert!(
                    err.contains("looks like a unified diff, not predictions: a diff names no instance or run")
                        && err.contains("\"model_patch\""),
                    "{err}"
                );
            }
            "trajectory" => {
                assert_eq!(o.status.code(), Some(2), "{err}");
                assert!(
                    err.contains("not a trajectory: looks like a unified diff")
                        && err.contains("`readcov diagnose --patches`"),
                    "{err}"
                );
            }
            r => {
                assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
                assert!(
                    err.contains(&format!("looks like a unified diff, not {r}: "))
                        && err.contains(
                            "a model's patch (the SWE-bench harness's `patch.diff`) is no gold"
                        ),
                    "{args:?}: {err}"
                );
            }
        }
    }
    // A diff of another name is gold without the note.
    let fix = dir.path().join("fix.diff");
    std::fs::copy(&patch, &fix).unwrap();
    let o = readcov(&["score", "--gold", &s(&fix), "--reads", &reads]);
    assert!(!stderr(&o).contains("model's patch"), "{}", stderr(&o));
}
