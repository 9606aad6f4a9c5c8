//! `readcov import` of AutoCodeRover's output folders (tests/data/formats/autocoderover: three
//! real task folders of acr-run-1 and acr-run-2, with their `conversation_round_N.json` and
//! every `debug_agent_write_patch_N.json`): one run per task folder, from the thread that holds
//! the others. Before session 36 each file was a run, so each read came once per file: 263
//! read rows where the three threads that hold the rest give 69. The folders' other files are
//! passed over, counted (before session 37 each was refused with an error).

use crate::common::{readcov_in, repo_root, stderr, stdout};
use std::collections::BTreeMap;

const SOURCES: &str = "tests/data/real/sources";
const SAMPLES: &str = "tests/data/formats/autocoderover";

/// Read and edit rows per (task, run) of a reads JSONL text.
fn per_run(jsonl: &str) -> BTreeMap<(String, String, String), usize> {
    let mut out = BTreeMap::new();
    for line in jsonl.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("row");
        let field = |k: &str| r[k].as_str().unwrap_or("read").to_string();
        *out.entry((field("task"), field("run"), field("kind")))
            .or_default() += 1;
    }
    out
}

#[test]
fn a_results_folder_is_one_run_per_task_folder() {
    let root = repo_root();
    let folder = readcov_in(
        &root,
        &["import", SAMPLES, "--workspaces", SOURCES, "-o", "-"],
    );
    let err = stderr(&folder);
    let key =
        |t: &str, r: &str, k: &str| (t.to_string(), format!("autocoderover/{r}"), k.to_string());
    let want = BTreeMap::from([
        (
            key(
                "astropy__astropy-12907",
                "debug_agent_write_patch_1",
                "read",
            ),
            59,
        ),
        (
            key(
                "astropy__astropy-12907",
                "debug_agent_write_patch_1",
                "edit",
            ),
            1,
        ),
        // acr-run-1's 14365 (3 reads and 3 edits), its one thread.
        (
            key(
                "astropy__astropy-14365",
                "debug_agent_write_patch_1",
                "read",
            ),
            3,
        ),
        (
            key(
                "astropy__astropy-14365",
                "debug_agent_write_patch_1",
                "edit",
            ),
            3,
        ),
        // acr-run-2's 14365: the second attempt's thread holds the first's.
        (
            key(
                "astropy__astropy-14365",
                "debug_agent_write_patch_2",
                "read",
            ),
            7,
        ),
        (
            key(
                "astropy__astropy-14365",
                "debug_agent_write_patch_2",
                "edit",
            ),
            1,
        ),
    ]);
    assert_eq!(per_run(&stdout(&folder)), want, "{err}");
    // Before session 37 the three `extracted_patch_N.diff` were refused, each with an error and
    // a `refused` line (`3 refused`, `malformed records: 3`).
    assert!(
        err.contains("imported 3 run(s) from 3 file(s), 20 action(s): 69 read row(s)"),
        "{err}"
    );
    assert!(
        !err.contains("error: ") && !err.contains("refused") && !err.contains("malformed"),
        "{err}"
    );
    assert!(err.contains("\n  passed over: 3 AutoCodeRover task folder file(s) that are no thread (meta.json, info.log, the .diff files, …: no reads in them)\n"), "{err}");
    assert!(err.contains("note: passed over: 3 file(s) of 3 AutoCodeRover task folder(s) that are no thread (AutoCodeRover's own records, no reads in them): extracted_patch_N.diff 3\n"), "{err}");
    assert!(err.contains("\n  passed over: 8 AutoCodeRover thread file(s), each a prefix of the last thread of its task folder"), "{err}");
    // The first five named with their holder, then a count.
    let r0 = format!(
        "note: {SAMPLES}/astropy__astropy-12907_2024-04-06_13-51-50/conversation_round_0.json: passed over: an AutoCodeRover thread whose messages are the first of {SAMPLES}/astropy__astropy-12907_2024-04-06_13-51-50/debug_agent_write_patch_1.json"
    );
    assert!(err.contains(&r0), "{err}");
    assert_eq!(
        err.matches(": passed over: an AutoCodeRover thread")
            .count(),
        5
    );
    assert!(err.contains("note: 3 more AutoCodeRover thread file(s) passed over"));
    // The same rows as the three holders imported on their own.
    let holders = [
        "astropy__astropy-12907_2024-04-06_13-51-50/debug_agent_write_patch_1.json",
        "astropy__astropy-14365_2024-04-04_14-20-38/debug_agent_write_patch_2.json",
        "astropy__astropy-14365_2024-04-06_13-27-09/debug_agent_write_patch_1.json",
    ]
    .map(|h| format!("{SAMPLES}/{h}"));
    let mut args = vec!["import", "--workspaces", SOURCES, "-o", "-"];
    args.extend(holders.iter().map(String::as_str));
    let alone = readcov_in(&root, &args);
    assert_eq!(stdout(&alone), stdout(&folder));
    assert!(!stderr(&alone).contains("passed over"));
}

/// Files of one task folder given together are grouped as the folder; one given alone is
/// imported as before (its own run, every read it holds).
#[test]
fn files_of_one_task_folder_given_together() {
    let root = repo_root();
    let dir = format!("{SAMPLES}/astropy__astropy-12907_2024-04-06_13-51-50");
    let files: Vec<String> = [
        "conversation_round_1.json",
        "conversation_round_3.json",
        "debug_agent_write_patch_1.json",
    ]
    .iter()
    .map(|f| format!("{dir}/{f}"))
    .collect();
    let mut args = vec!["import", "--workspaces", SOURCES, "-o", "-"];
    args.extend(files.iter().map(String::as_str));
    let together = readcov_in(&root, &args);
    let runs: Vec<_> = per_run(&stdout(&together))
        .into_keys()
        .map(|k| k.1)
        .collect();
    assert_eq!(
        runs,
        ["autocoderover/debug_agent_write_patch_1"; 2],
        "{}",
        stderr(&together)
    );
    assert!(stderr(&together).contains("passed over: 2 AutoCodeRover thread file(s)"));
    let alone = readcov_in(
        &root,
        &["import", "--workspaces", SOURCES, "-o", "-", &files[0]],
    );
    let rows = per_run(&stdout(&alone));
    assert_eq!(rows.values().sum::<usize>(), 57, "{}", stderr(&alone));
    assert!(!stderr(&alone).contains("passed over"));
}

/// Task folders of one task from two AutoCodeRover runs whose threads have one name (acr-run-1's
/// and acr-run-2's astropy-14365, each with a `debug_agent_write_patch_1.json`): each run named by
/// its folder, said in a note. Before session 37 both were run `autocoderover/
/// debug_agent_write_patch_1` of one task, their rows taken for one run's (only a warning said so).
#[test]
fn task_folders_of_one_task_are_runs_apart() {
    let root = repo_root();
    let tmp = tempfile::tempdir().expect("temp dir");
    let folders = [
        ("acr-run-1", "astropy__astropy-14365_2024-04-06_13-27-09"),
        ("acr-run-2", "astropy__astropy-14365_2024-04-04_14-20-38"),
    ];
    for (run, folder) in folders {
        let dir = tmp.path().join(run).join(folder);
        std::fs::create_dir_all(&dir).expect("mkdir");
        let from = root.join(SAMPLES).join(folder);
        for f in [
            "debug_agent_write_patch_1.json",
            "conversation_round_0.json",
        ] {
            if from.join(f).is_file() {
                std::fs::copy(from.join(f), dir.join(f)).expect("copy");
            }
        }
    }
    let sources = root.join(SOURCES);
    let out = readcov_in(
        tmp.path(),
        &[
            "import",
            ".",
            "--workspaces",
            sources.to_str().unwrap(),
            "-o",
            "-",
        ],
    );
    let err = stderr(&out);
    let runs: Vec<(String, String)> = per_run(&stdout(&out))
        .into_keys()
        .map(|k| (k.1, k.2))
        .collect();
    let run = |f: &str| format!("autocoderover/{f}/debug_agent_write_patch_1");
    let (one, two) = (run(folders[0].1), run(folders[1].1));
    assert_eq!(
        runs,
        // acr-run-2's first attempt could not be applied: its edit is a tool error, no row.
        [
            (two.clone(), "read".to_string()),
            (one.clone(), "edit".to_string()),
            (one.clone(), "read".to_string()),
        ],
        "{err}"
    );
    assert!(err.contains(&format!(
        "note: astropy__astropy-14365: 2 task folders of this task hold a thread debug_agent_write_patch_1.json (one task and run id): each run is named by its folder, as --run would name it: ./acr-run-1/{}/debug_agent_write_patch_1.json as run {one}; ./acr-run-2/{}/debug_agent_write_patch_1.json as run {two}",
        folders[0].1, folders[1].1
    )), "{err}");
    assert!(!err.contains("warning"), "{err}");
    // With --run, under it.
    let out = readcov_in(tmp.path(), &["import", ".", "--run", "r", "-o", "-"]);
    assert!(stderr(&out).contains(&format!(
        "as run r/{}/debug_agent_write_patch_1",
        folders[0].1
    )));
}
