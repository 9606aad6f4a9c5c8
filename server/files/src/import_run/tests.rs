use super::*;
use readcov_core::ReadSpan;

/// Collects what the import hands on, as Python's sink does.
#[derive(Default)]
struct Kept {
    rows: Vec<ReadSpan>,
    labels: usize,
    errors: Vec<String>,
    notes: Vec<String>,
}

impl ImportSink for Kept {
    type Error = std::convert::Infallible;
    fn imported(&mut self, got: &Imported) -> Result<(), Self::Error> {
        self.rows.extend(got.rows.iter().cloned());
        self.labels += got.labels.len();
        Ok(())
    }
    fn error(&mut self, problem: &Problem) {
        self.errors.push(problem.to_string());
    }
    fn note(&mut self, line: &str) {
        self.notes.push(line.to_string());
    }
}

fn data(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(p)
}

fn import(files: &[PathBuf], shard: Option<Shard>) -> (Kept, Done) {
    let opts = ImportOptions::default();
    let pick = |_: &str| -> Box<dyn FileProvider> { Box::new(crate::Workspace(None)) };
    let req = Request {
        opts: &opts,
        task_run: false,
        threads: 2,
        pick: &pick,
    };
    let mut kept = Kept::default();
    let done = Plan::new(files, false, shard)
        .import(&req, &mut kept)
        .unwrap();
    (kept, done)
}

/// The shards' rows, in shard order, are the unsharded rows: whole logs (each in the shard that
/// holds its first byte), a JSONL dataset cut at line starts and a Parquet one by row group.
#[test]
fn shards_concatenated_are_the_whole_import() {
    let dir = tempfile::tempdir().unwrap();
    let chat = dir.path().join("chat.jsonl");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(
        &std::fs::read(data(
            "formats/chat-trajectories/adp_nebius_SWE-agent-trajectories_sample_raw.json",
        ))
        .unwrap(),
    )
    .unwrap();
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&chat, text).unwrap();
    let mut files: Vec<PathBuf> = ["pallets__flask-5014.json", "psf__requests-2317.json"]
        .iter()
        .map(|f| data(&format!("real/openhands/{f}")))
        .collect();
    files.push(chat);
    files.push(data(
        "formats/chat-trajectories/nebius_SWE-agent-trajectories.zstd.parquet",
    ));
    let (whole, done) = import(&files, None);
    assert!(
        whole.rows.len() > 50 && whole.labels > 0,
        "{} {}",
        whole.rows.len(),
        whole.labels
    );
    assert!(whole.errors.is_empty(), "{:?}", whole.errors);
    assert_eq!(done.tally.imported_files, 4);
    assert!(!done.all_failed());
    for n in [1, 2, 3, 7, 13] {
        let (mut rows, mut labels, mut files_done) = (Vec::new(), 0, 0);
        for index in 0..n {
            let (got, done) = import(&files, Some(Shard { index, count: n }));
            rows.extend(got.rows);
            labels += got.labels;
            files_done += done.tally.imported_files;
            assert!(!done.all_failed(), "shard {index}/{n}");
        }
        assert_eq!(rows, whole.rows, "N={n}");
        assert_eq!(labels, whole.labels, "N={n}");
        // A dataset cut between shards counts in each shard that had rows of it.
        assert!(files_done >= 4, "N={n}");
    }
}

/// Nothing imported fails the import; a shard whose part only gave no rows does not.
#[test]
fn all_failed_rule() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let (got, done) = import(std::slice::from_ref(&bad), None);
    assert!(done.all_failed());
    assert_eq!(done.tally.refused_files, 1);
    assert!(got
        .errors
        .iter()
        .all(|e| e.starts_with(&bad.display().to_string())));
    assert!(
        got.notes.iter().any(|n| n.contains("refused")),
        "{:?}",
        got.notes
    );
    // The short bad file first: shard 0 of 2 holds the start of both files, shard 1 of none.
    let files = [bad, data("real/openhands/pallets__flask-5014.json")];
    let (got, done) = import(&files, Some(Shard { index: 0, count: 2 }));
    assert!(!done.all_failed() && !got.rows.is_empty());
    assert_eq!(
        (done.tally.imported_files, done.tally.refused_files),
        (1, 1)
    );
    let (got, done) = import(&files, Some(Shard { index: 1, count: 2 }));
    assert!(!done.all_failed() && got.rows.is_empty() && got.errors.is_empty());
    assert_eq!(
        (done.tally.imported_files, done.tally.refused_files),
        (0, 0)
    );
    // Unsharded, the good file's rows make it a success.
    assert!(!import(&files, None).1.all_failed());
}
