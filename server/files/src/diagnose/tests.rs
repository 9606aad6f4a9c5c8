use super::*;
use crate::input::{self, BaseFiles, GoldOptions, ReadsOptions};
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
        outcomes: &[],
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
fn inputs_an_edge_loaded_diagnose_as_load_does() {
    // `readcov report` and `explain` load gold, reads and labels themselves and hand them to
    // `with_loaded`: the runs, their changes and the gold patches must be `load`'s.
    let real = real();
    let sources = real.join("sources");
    for traj in [
        "openhands/pallets__flask-5014.json",
        "mini-swe-agent/astropy__astropy-12907.traj.json",
    ] {
        let (gold, reads) = (
            Source::Path(real.join("gold.jsonl")),
            Source::Path(real.join(traj)),
        );
        let labels = [(None, gold.clone())];
        let mut req = request(&gold, &reads, &sources);
        req.outcomes = &labels;
        let a = load(&req).unwrap();
        let (g, gold_change) =
            input::load_gold_and_change(&real.join("gold.jsonl"), &GoldOptions::default()).unwrap();
        let opts = ReadsOptions {
            workspace: None,
            base_files: BaseFiles::PerTask(&sources),
        };
        let (r, changes) = input::load_reads_and_changes(&real.join(traj), &opts).unwrap();
        let outcomes = input::load_outcomes(&real.join("gold.jsonl")).unwrap();
        let loaded = Loaded {
            gold: g.parsed.items,
            gold_change,
            reads: r.parsed.items,
            changes,
            lost_edits: r.lost_edits,
            outcomes: Some(outcomes.parsed.items.into_iter().collect()),
        };
        let beside = Beside {
            patches: req.patches,
            test_reports: req.test_reports,
            workspace: req.workspace,
            workspaces: req.workspaces,
            opts: req.opts.clone(),
        };
        let b = with_loaded(loaded, &beside).unwrap();
        let (runs_a, _) = a.diagnose(1, GroupBy::Run);
        let (runs_b, _) = b.diagnose(1, GroupBy::Run);
        assert_eq!(runs_a.len(), 1, "{traj}");
        assert_ne!(runs_a[0].change_source, ChangeSource::None, "{traj}");
        assert_eq!(runs_a, runs_b, "{traj}");
        assert_eq!(a.gold_patches, b.gold_patches, "{traj}");
        assert_eq!(a.match_notes(&runs_a), b.match_notes(&runs_b), "{traj}");
        // The edge said the notes when it loaded the files: none are kept to say again.
        assert!(b.gold_notes.is_empty() && b.reads_notes.is_empty());
    }
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

#[test]
fn a_base_file_with_a_stray_byte_is_diagnosed_as_without_it() {
    // `score`, `explain` and the language server read sources lossily; the diagnosis read base
    // files strictly, so one byte that is no UTF-8 (in a comment, in no unit and no hunk) lost
    // the whole file: no units, no length, neither change applied to it. The reads and the
    // run's change are imported against the clean file once; only the base files differ.
    let real = real();
    let task = "pallets__flask-5014";
    let file = "src/flask/blueprints.py";
    let clean = std::fs::read(real.join("sources").join(task).join(file)).unwrap();
    assert!(clean.starts_with(b"import os\n"));
    let mut stray = b"import os  # \xff\n".to_vec();
    stray.extend_from_slice(&clean[b"import os\n".len()..]);
    assert!(String::from_utf8(stray.clone()).is_err());
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ws.path().join(task).join("src/flask")).unwrap();
    std::fs::write(ws.path().join(task).join(file), &stray).unwrap();
    let sources = real.join("sources");
    let diagnosed = |base_files: &Path| {
        let (g, gold_change) =
            input::load_gold_and_change(&real.join("gold.jsonl"), &GoldOptions::default()).unwrap();
        let opts = ReadsOptions {
            workspace: None,
            base_files: BaseFiles::PerTask(&sources),
        };
        let traj = real.join("openhands/pallets__flask-5014.json");
        let (r, changes) = input::load_reads_and_changes(&traj, &opts).unwrap();
        let loaded = Loaded {
            gold: g.parsed.items,
            gold_change,
            reads: r.parsed.items,
            changes,
            lost_edits: r.lost_edits,
            outcomes: None,
        };
        let beside = Beside {
            patches: &[],
            test_reports: &[],
            workspace: None,
            workspaces: Some(base_files),
            opts: ScoreOptions::default(),
        };
        with_loaded(loaded, &beside)
            .unwrap()
            .diagnose(1, GroupBy::Run)
            .0
    };
    let (a, b) = (diagnosed(&sources), diagnosed(ws.path()));
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].verdict, Verdict::Change, "{:?}", a[0].reason);
    assert_eq!(a, b);
}

/// The note on `--patches` entries no run took names them (task and `model_name_or_path`), in
/// the order the entries came, the first five and `…` beyond (session 32: a count alone, so a
/// user could not tell which runs were missing).
#[test]
fn unmatched_predictions_are_named_in_their_order() {
    let real = real();
    let sources = real.join("sources");
    let (gold, reads) = (
        Source::Path(real.join("gold.jsonl")),
        Source::Path(real.join("openhands/pallets__flask-5014.json")),
    );
    let entry = |t: &str, m: Option<&str>| {
        let mut e = serde_json::json!({"instance_id": t, "model_patch": ""});
        if let Some(m) = m {
            e["model_name_or_path"] = m.into();
        }
        e.to_string() + "\n"
    };
    let note = |entries: &[(&str, Option<&str>)]| {
        let bytes: String = entries.iter().map(|(t, m)| entry(t, *m)).collect();
        let patches = [Source::Bytes {
            name: "preds.jsonl".into(),
            bytes: bytes.into_bytes(),
        }];
        let mut req = request(&gold, &reads, &sources);
        req.patches = &patches;
        let a = load(&req).unwrap();
        let (runs, _) = a.diagnose(1, GroupBy::Run);
        a.match_notes(&runs).pop().unwrap()
    };
    let why = "(an entry is a run's when its `model_name_or_path` is the run's name, or when it \
               is its task's only entry and the task has one run)";
    // The run's own entry is taken; the others are named as they came (not sorted).
    let got = note(&[
        ("z__z-1", Some("m")),
        ("pallets__flask-5014", None),
        ("a__a-1", None),
        ("b__b-2", Some("org/m2")),
    ]);
    let want = format!(
        "note: 3 --patches entr(y/ies) matched no run {why}: z__z-1 (m), a__a-1 (no \
         model_name_or_path), b__b-2 (org/m2)"
    );
    assert_eq!(got, want);
    // Beyond five, the first five and `…`.
    let many: Vec<String> = (1..=7).rev().map(|i| format!("t__t-{i}")).collect();
    let entries: Vec<(&str, Option<&str>)> = many.iter().map(|t| (t.as_str(), Some("m"))).collect();
    let want = format!(
        "note: 7 --patches entr(y/ies) matched no run {why}: t__t-7 (m), t__t-6 (m), t__t-5 (m), \
         t__t-4 (m), t__t-3 (m), …"
    );
    assert_eq!(note(&entries), want);
}
