//! A chat-row dataset given as `--reads` is imported as `readcov import` streams it (issue 40):
//! the loaded reads are exactly those of `readcov import` then `--reads reads.jsonl`, and those
//! of importing the file whole (the route it took before), on the vendored rows and on a
//! generated dataset whose first row is longer than detection's head; the note and a bad row's
//! located error are as before.

use readcov_core::ReadSpan;
use readcov_files::input::{load_reads, load_reads_and_changes, ReadsOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(super) fn samples() -> PathBuf {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats/chat-trajectories");
    assert!(p.is_dir(), "samples not found at {}", p.display());
    p
}

/// The rows of a vendored sample (a JSON array of rows).
pub(super) fn rows_of(file: &str) -> Vec<Value> {
    let v: Value = serde_json::from_slice(&std::fs::read(samples().join(file)).unwrap()).unwrap();
    v.as_array().unwrap().clone()
}

pub(super) const NEBIUS: &str = "adp_nebius_SWE-agent-trajectories_sample_raw.json";
/// One row of 92.9 KB: longer than detection's 64 KiB head.
pub(super) const GYM: &str = "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json";

/// `readcov import data -o reads.jsonl`, then both loaded: the dataset as `--reads` (with its
/// note and errors), and the reads file `import` wrote.
fn import_then_load(
    dir: &Path,
    data: &Path,
) -> (readcov_files::input::Loaded<ReadSpan>, Vec<ReadSpan>) {
    let reads = dir.join("reads.jsonl");
    let o = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args([
            "import",
            data.to_str().unwrap(),
            "-o",
            reads.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let opts = ReadsOptions::default();
    let (direct, _) = load_reads_and_changes(data, &opts).unwrap();
    let written = load_reads(&reads, &opts).unwrap();
    assert!(
        written.parsed.errors.is_empty(),
        "{:?}",
        written.parsed.errors
    );
    (direct, written.parsed.items)
}

/// The reads of the file imported whole, as the on-the-fly import did before it streamed.
fn imported_whole(data: &Path) -> Vec<ReadSpan> {
    let bytes = std::fs::read(data).unwrap();
    let opts = readcov_import::ImportOptions {
        format: Some(readcov_import::Format::Chat),
        ..Default::default()
    };
    let none = |_: &str| -> Box<dyn readcov_import::FileProvider> {
        Box::new(readcov_files::Workspace(None))
    };
    readcov_import::import_parsed(&bytes, None, &data.display().to_string(), &opts, &none).rows
}

fn check_note(loaded: &readcov_files::input::Loaded<ReadSpan>, name: &str) {
    let edits = (loaded.parsed.items.iter())
        .filter(|r| r.kind == readcov_core::EventKind::Edit)
        .count();
    let reads = loaded.parsed.items.len() - edits;
    let want = format!(
        "note: {name}: an agent trajectory, not reads JSONL: imported on the fly ({reads} read row(s), \
         {edits} edit row(s)), as `readcov import {name} -o reads.jsonl` writes them"
    );
    assert_eq!(loaded.notes.first(), Some(&want), "{:?}", loaded.notes);
}

#[test]
fn the_vendored_rows_load_as_import_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("rows.jsonl");
    let mut jsonl = String::new();
    for (i, r) in rows_of(NEBIUS).iter().chain(&rows_of(GYM)).enumerate() {
        jsonl.push_str(&format!("{r}\n"));
        if i == 1 {
            jsonl.push_str("{\"instance_id\": \"broken\n");
        }
    }
    std::fs::write(&data, jsonl).unwrap();
    let (direct, written) = import_then_load(dir.path(), &data);
    assert!(written.len() > 20, "{}", written.len());
    assert_eq!(direct.parsed.items, written);
    assert_eq!(direct.parsed.items, imported_whole(&data));
    let name = data.display().to_string();
    check_note(&direct, &name);
    // The bad row: located by its line, and the rows after it read.
    let errors: Vec<String> = direct.parsed.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains(&format!("{name}:3")) && errors[0].contains("row 2: invalid JSON"),
        "{errors:?}"
    );
}

#[test]
fn a_generated_dataset_with_a_long_first_row_loads_as_import_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("generated.jsonl");
    // The 92.9 KB row first (detection's 64 KiB head holds no whole row), then the nebius rows
    // again and again under instance ids of their own: past 1 MiB, so the file is not small
    // enough to be read whole anyway.
    let mut rows = rows_of(GYM);
    let nebius = rows_of(NEBIUS);
    for k in 0..8 {
        for r in &nebius {
            let mut r = r.clone();
            let id = r["instance_id"].as_str().unwrap().to_string();
            let (task, n) = id.rsplit_once('_').unwrap();
            r["instance_id"] = Value::from(format!("{task}-{k}_{n}"));
            rows.push(r);
        }
    }
    let jsonl: String = rows.iter().map(|r| format!("{r}\n")).collect();
    assert!(jsonl.len() > 1 << 20, "{}", jsonl.len());
    std::fs::write(&data, jsonl).unwrap();
    let (direct, written) = import_then_load(dir.path(), &data);
    assert!(written.len() > 8 * 20, "{}", written.len());
    assert_eq!(direct.parsed.items, written);
    assert_eq!(direct.parsed.items, imported_whole(&data));
    assert!(
        direct.parsed.errors.is_empty(),
        "{:?}",
        direct.parsed.errors
    );
    check_note(&direct, &data.display().to_string());
}

/// The vendored Parquet rows (94 KB, longer than detection's head): told by the magic at both
/// ends, streamed, and the reads `import` writes of them (they were read as text lines, each a
/// located error).
#[test]
fn the_vendored_parquet_rows_load_as_import_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    let data = samples().join("nebius_SWE-agent-trajectories.zstd.parquet");
    assert!(std::fs::metadata(&data).unwrap().len() > 1 << 16);
    let (direct, written) = import_then_load(dir.path(), &data);
    assert!(written.len() > 20, "{}", written.len());
    assert_eq!(direct.parsed.items, written);
    assert!(
        direct.parsed.errors.is_empty(),
        "{:?}",
        direct.parsed.errors
    );
    check_note(&direct, &data.display().to_string());
}
