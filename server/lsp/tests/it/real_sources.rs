//! Gold and read sources beyond JSONL, on the shipped real data (`tests/data/real`): the
//! SWE-bench gold patch of pylint-dev__pylint-4551 (as SWE-bench rows, as a `.diff`, and a
//! SWE-Explore row) against its real OpenHands trajectory imported on the fly, with the
//! instance's source files as the workspace. The expected numbers are what the CLI computes:
//!
//! ```sh
//! R=tests/data/real; i=pylint-dev__pylint-4551
//! readcov import --workspace $R/sources/$i $R/openhands/$i.json -o reads.jsonl
//! readcov gold --from-swebench $R/gold.jsonl -o gold.jsonl     # or --from-diff fix.diff --task $i
//! readcov score --gold gold.jsonl --reads reads.jsonl          # → 24/32 = 0.75, file_hit 0.50
//! ```

use crate::common;
use common::{file_uri, in_process, Client};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const TASK: &str = "pylint-dev__pylint-4551";

/// A checkout of the instance's files, the trajectory under `runs/` and the gold rows.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let real = common::real_data();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_dir(&real.join("sources").join(TASK), &root);
    std::fs::create_dir_all(root.join("runs")).unwrap();
    std::fs::copy(
        real.join(format!("openhands/{TASK}.json")),
        root.join(format!("runs/{TASK}.json")),
    )
    .unwrap();
    std::fs::copy(real.join("gold.jsonl"), root.join("swebench.jsonl")).unwrap();
    let rows = std::fs::read_to_string(real.join("gold.jsonl")).unwrap();
    let patch = rows
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["instance_id"] == TASK)
        .expect("the instance's gold row")["patch"]
        .as_str()
        .unwrap()
        .to_string();
    std::fs::write(root.join("fix.diff"), patch).unwrap();
    (dir, root)
}

async fn open(client: &Client, root: &Path, rel: &str) -> String {
    let uri = file_uri(&root.join(rel));
    let text = std::fs::read_to_string(root.join(rel)).unwrap();
    let mark = client.mark();
    client.open(&uri, &text).await;
    client.diagnostics_after(mark, &uri).await;
    uri
}

async fn states(client: &Client, uri: &str) -> Value {
    client
        .request("readcov/lineStates", json!({"textDocument": {"uri": uri}}))
        .await
}

/// The summary row of the agent run, as (goldLines, coveredLines, lineCoverage, fileHit).
async fn agent_row(client: &Client) -> (u64, u64, f64, f64) {
    let s = client.request("readcov/summary", json!({})).await;
    let rows = s["rows"].as_array().unwrap();
    let r = rows
        .iter()
        .find(|r| r["run"] == "openhands")
        .unwrap_or_else(|| panic!("no openhands row in {s}"));
    assert_eq!(r["task"], TASK);
    (
        r["goldLines"].as_u64().unwrap(),
        r["coveredLines"].as_u64().unwrap(),
        r["lineCoverage"].as_f64().unwrap(),
        r["fileHit"].as_f64().unwrap(),
    )
}

#[tokio::test]
async fn swebench_rows_and_an_imported_openhands_trajectory_match_readcov_score() {
    let (_dir, root) = workspace();
    let client = in_process();
    let opts =
        json!({"gold": ["swebench.jsonl"], "task": TASK, "reads": [format!("runs/{TASK}.json")]});
    client.initialize(&root, opts, json!({})).await;
    let inspector = open(&client, &root, "pylint/pyreverse/inspector.py").await;
    let s = states(&client, &inspector).await;
    // inspector.py: gold 208–224 and 232–237, all read by the agent's full `view`.
    assert_eq!(
        (s["goldLines"].clone(), s["coverage"].clone()),
        (json!(23), json!(1.0)),
        "{s}"
    );
    let writer = open(&client, &root, "pylint/pyreverse/writer.py").await;
    let s = states(&client, &writer).await;
    assert_eq!(
        (
            s["goldLines"].clone(),
            s["coverage"].clone(),
            s["fileHit"].clone()
        ),
        (json!(5), json!(0.0), json!(false)),
        "{s}"
    );
    assert_eq!(agent_row(&client).await, (32, 24, 0.75, 0.5));
    // The hover names the imported read: run, tool and the agent's command.
    let h = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": inspector}, "position": {"line": 210, "character": 0}}),
        )
        .await;
    let text = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        text.contains("run `openhands`") && text.contains("str_replace_editor"),
        "{text}"
    );
}

#[tokio::test]
async fn a_diff_file_gives_the_same_numbers() {
    let (_dir, root) = workspace();
    let client = in_process();
    let opts = json!({"gold": ["fix.diff"], "task": TASK, "reads": [format!("runs/{TASK}.json")]});
    client.initialize(&root, opts, json!({})).await;
    let inspector = open(&client, &root, "pylint/pyreverse/inspector.py").await;
    assert_eq!(states(&client, &inspector).await["goldLines"], 23);
    assert_eq!(agent_row(&client).await, (32, 24, 0.75, 0.5));
}

#[tokio::test]
async fn a_swe_explore_row_resolves_end_relative_regions_on_the_workspace() {
    let (_dir, root) = workspace();
    // writer.py 130..-1 is 130–218 and utils.py -10..-1 is 206–215 on these files: with
    // inspector.py 200–230 the gold is 31 + 89 + 10 = 130 lines, of which the agent read 31
    // (`readcov score` on the equivalent gold JSONL: 31/130, file_hit 1/3).
    let row = json!({"instance_id": TASK, "ground_truth": {
        "read_core_files": ["pylint/pyreverse/inspector.py", "pylint/pyreverse/writer.py", "pylint/pyreverse/utils.py"],
        "read_core_regions": [
            {"path": "pylint/pyreverse/inspector.py", "start": 200, "end": 230},
            {"path": "pylint/pyreverse/writer.py", "start": 130, "end": -1},
            {"path": "pylint/pyreverse/utils.py", "start": -10, "end": -1}]}});
    let other = json!({"instance_id": "other", "ground_truth": {"read_core_regions": [{"path": "x.py", "start": 1, "end": 2}]}});
    std::fs::write(root.join("bench.jsonl"), format!("{other}\n{row}\n")).unwrap();
    let client = in_process();
    let opts =
        json!({"gold": ["bench.jsonl"], "task": TASK, "reads": [format!("runs/{TASK}.json")]});
    client.initialize(&root, opts, json!({})).await;
    let writer = open(&client, &root, "pylint/pyreverse/writer.py").await;
    let s = states(&client, &writer).await;
    assert_eq!(
        s["ranges"],
        json!([{"startLine": 129, "endLine": 217, "state": "gold-unread"}]),
        "{s}"
    );
    let (gold, covered, cov, hit) = agent_row(&client).await;
    assert_eq!((gold, covered), (130, 31));
    assert!(
        (cov - 31.0 / 130.0).abs() < 1e-12 && (hit - 1.0 / 3.0).abs() < 1e-12,
        "{cov} {hit}"
    );
}

#[tokio::test]
async fn a_trajectory_is_imported_when_it_appears_and_again_when_it_changes() {
    let (_dir, root) = workspace();
    let traj = root.join(format!("runs/{TASK}.json"));
    let saved = std::fs::read(&traj).unwrap();
    std::fs::remove_file(&traj).unwrap();
    let client = in_process();
    let opts = json!({"gold": ["fix.diff"], "task": TASK, "reads": [format!("runs/{TASK}.json")]});
    client.initialize(&root, opts, json!({})).await;
    let inspector = open(&client, &root, "pylint/pyreverse/inspector.py").await;
    assert_eq!(states(&client, &inspector).await["coverage"], 0.0);
    // The agent's log appears (written whole, then renamed into place, as loggers do).
    let mark = client.mark();
    std::fs::write(root.join("runs/tmp"), &saved).unwrap();
    std::fs::rename(root.join("runs/tmp"), &traj).unwrap();
    client
        .wait_for(mark, "textDocument/publishDiagnostics", |p| {
            p["uri"] == inspector.as_str()
                && p["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.iter().all(|d| d["severity"] == 3))
        })
        .await;
    assert_eq!(states(&client, &inspector).await["coverage"], 1.0);
    // A half-written rewrite does not import: the previous reads stay, the problem is logged.
    let mark = client.mark();
    std::fs::write(&traj, &saved[..saved.len() / 2]).unwrap();
    client
        .wait_for(mark, "window/logMessage", |p| {
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains(&format!("{TASK}.json")))
        })
        .await;
    assert_eq!(states(&client, &inspector).await["coverage"], 1.0);
}

/// The summary's unit figure of the agent run, gold files unopened.
async fn agent_unit_hit(client: &Client) -> Value {
    let s = client.request("readcov/summary", json!({})).await;
    let rows = s["rows"].as_array().unwrap();
    let r = rows.iter().find(|r| r["run"] == "openhands").unwrap();
    r["unitHit"].clone()
}

/// A gold file on disk with a stray byte that is no UTF-8 keeps its units in the summary, as in
/// `readcov score` (both read sources lossily, by `readcov_files::syntax::syntax_of_file`): the
/// server read it strictly and gave the file no units at all.
#[tokio::test]
async fn a_gold_file_with_a_stray_byte_keeps_its_units_in_the_summary() {
    let opts =
        json!({"gold": ["swebench.jsonl"], "task": TASK, "reads": [format!("runs/{TASK}.json")]});
    let (_dir, root) = workspace();
    let client = in_process();
    client.initialize(&root, opts.clone(), json!({})).await;
    let clean = agent_unit_hit(&client).await;
    assert!(clean.is_number(), "units known on the clean files: {clean}");

    let (_dir2, root2) = workspace();
    let writer = root2.join("pylint/pyreverse/writer.py");
    let mut bytes = std::fs::read(&writer).unwrap();
    bytes.extend_from_slice(b"# \xff\n");
    std::fs::write(&writer, bytes).unwrap();
    let client = in_process();
    client.initialize(&root2, opts, json!({})).await;
    assert_eq!(agent_unit_hit(&client).await, clean);
}
