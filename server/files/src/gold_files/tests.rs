//! A workspace file with a stray byte that is no UTF-8 is read as `score` reads it (lossily):
//! `readcov gold` widens its gold and fingerprints its bytes as they are.

use super::*;
use readcov_gold::{parse_patch_rows, unit_gold, ExpandOptions, Origin};
use readcov_import::DiffOptions;

const TASK: &str = "pallets__flask-5014";
const FILE: &str = "src/flask/blueprints.py";

fn real() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real")
}

/// The task's base file with `import os` (line 1, in no unit and no hunk) ending in a stray byte.
fn with_stray_byte() -> (tempfile::TempDir, Vec<u8>) {
    let clean = std::fs::read(real().join("sources").join(TASK).join(FILE)).unwrap();
    assert!(clean.starts_with(b"import os\n"));
    let mut stray = b"import os  # \xff\n".to_vec();
    stray.extend_from_slice(&clean[b"import os\n".len()..]);
    assert!(String::from_utf8(stray.clone()).is_err());
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ws.path().join(TASK).join("src/flask")).unwrap();
    std::fs::write(ws.path().join(TASK).join(FILE), &stray).unwrap();
    (ws, stray)
}

#[test]
fn a_file_with_a_stray_byte_gets_unit_gold_and_the_base_of_its_bytes() {
    let bytes = std::fs::read(real().join("gold.jsonl")).unwrap();
    let rows: Vec<_> = (parse_patch_rows(&bytes, "gold.jsonl").items.into_iter())
        .filter(|r| r.task == TASK)
        .collect();
    assert_eq!(rows.len(), 1);
    let (ws, stray) = with_stray_byte();
    let per_task = |dir: &Path| Workspaces {
        one: None,
        per_task: Some(dir.canonicalize().unwrap()),
    };
    let (clean_ws, stray_ws) = (per_task(&real().join("sources")), per_task(ws.path()));
    let expand = ExpandOptions::default();
    let build =
        |files: &Workspaces| unit_gold(&rows, files, &DiffOptions::default(), Some(&expand));
    let (clean, built) = (build(&clean_ws), build(&stray_ws));
    // Strictly read, the file was "not in the workspace": its gold stayed the edit lines.
    assert!(built.notes.0.is_empty(), "{:?}", built.notes);
    assert_eq!(built.rows, clean.rows);
    assert!(built.rows.iter().any(|r| r.origin == Origin::Unit));
    let text = crate::base::gold_jsonl_with_base(&built.rows, &stray_ws).unwrap();
    let clean_text = crate::base::gold_jsonl_with_base(&clean.rows, &clean_ws).unwrap();
    let sha = readcov_core::base::sha256_hex(&stray);
    for (line, clean_line) in text.lines().zip(clean_text.lines()) {
        let (v, c): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(line).unwrap(),
            serde_json::from_str(clean_line).unwrap(),
        );
        // The fingerprint of the bytes on disk (what the language server checks), not of the text.
        assert_eq!(v["base"]["sha256"], sha, "{line}");
        assert_eq!(v["base"]["lines"], c["base"]["lines"]);
        assert_eq!(v["base"]["first"], c["base"]["first"]);
        assert_eq!(v["base"]["last"], c["base"]["last"]);
    }
}
