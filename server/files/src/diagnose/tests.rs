use super::*;
use readcov_core::stages::{ChangeSource, Verdict};
use std::path::PathBuf;

fn real() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real")
}

fn request<'a>(gold: &'a Source, reads: &'a Source, ws: &'a Path) -> Request<'a> {
    Request {
        gold,
        reads,
        patches: &[],
        test_reports: &[],
        outcomes: None,
        workspace: None,
        workspaces: Some(ws),
        shard: None,
        opts: ScoreOptions::default(),
    }
}

#[test]
fn bytes_and_paths_load_alike_and_a_trajectory_brings_its_change() {
    let real = real();
    let sources = real.join("sources");
    let (gold, traj) = (
        real.join("gold.jsonl"),
        real.join("openhands/pallets__flask-5014.json"),
    );
    let by_path = (Source::Path(gold.clone()), Source::Path(traj.clone()));
    let by_bytes = (
        Source::Bytes {
            name: gold.display().to_string(),
            bytes: std::fs::read(&gold).unwrap(),
        },
        Source::Bytes {
            name: traj.display().to_string(),
            bytes: std::fs::read(&traj).unwrap(),
        },
    );
    let a = load(&request(&by_path.0, &by_path.1, &sources)).unwrap();
    let b = load(&request(&by_bytes.0, &by_bytes.1, &sources)).unwrap();
    let (runs_a, _) = a.diagnose(1, GroupBy::Run);
    let (runs_b, partial) = b.diagnose(1, GroupBy::Repo);
    assert_eq!(runs_a, runs_b);
    assert_eq!(runs_a.len(), 1);
    // The trajectory's own replayed edits are the run's change: edit and change are measured.
    let run = &runs_a[0];
    assert_eq!(run.change_source, ChangeSource::Replay);
    assert_eq!(run.verdict, Verdict::Change);
    assert_eq!(partial.finish()[0].group, "pallets__flask");
    assert!(
        a.gold_notes[0].contains("SWE-bench rows"),
        "{:?}",
        a.gold_notes
    );
    assert!(
        a.reads_notes[0].contains("imported on the fly"),
        "{:?}",
        a.reads_notes
    );
    assert_eq!(
        a.match_notes(&runs_a),
        ["note: changes of 1 run(s): 1 replay"]
    );
}

#[test]
fn no_gold_stops_before_the_reads_and_keeps_the_gold_errors() {
    let gold = Source::Bytes {
        name: "<gold>".into(),
        bytes: b"{\"task\":\"t\",\"path\":\"a.py\",\"start\":3}\n".to_vec(),
    };
    let reads = Source::Path(PathBuf::from("/no/such/reads.jsonl"));
    let ws = real().join("sources");
    match load(&request(&gold, &reads, &ws)) {
        Err(DiagnoseLoadError::NoGold { name, errors, .. }) => {
            assert_eq!(name, "<gold>");
            assert_eq!((errors.len(), errors[0].line), (1, 1));
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("no gold loaded"),
    }
}

#[test]
fn group_by_names_round_trip() {
    for g in GroupBy::ALL {
        assert_eq!(GroupBy::parse(g.label()), Some(g));
    }
    assert_eq!(GroupBy::parse("model"), None);
}
