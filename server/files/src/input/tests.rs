use super::*;
use readcov_import::Format;

/// `check(name, content, kind)`: what a file is, from its name and bytes.
fn check(name: &str, content: &str, want: InputKind) {
    assert_eq!(detect(name, content.as_bytes()), want, "{name}: {content}");
    // The file-based detection, head first, agrees.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, content).unwrap();
    assert_eq!(detect_file(&path).unwrap(), want, "{name} (file)");
}

#[test]
fn kinds_are_detected_from_name_and_rows() {
    use InputKind as K;
    let cases: &[(&str, &str, InputKind)] = &[
        ("fix.patch", "anything", K::Diff),
        ("gold.txt", "diff --git a/x b/x\n", K::Diff),
        ("g.txt", "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n", K::Diff),
        (
            "rows.jsonl",
            r#"{"instance_id":"a","patch":"diff --git a/x b/x"}"#,
            K::SweBench,
        ),
        ("rows.json", r#"[{"instance_id":"a","patch":""}]"#, K::SweBench),
        ("b.jsonl", r#"{"instance_id":"a","ground_truth":{}}"#, K::Explore),
        (
            "cb.jsonl",
            r#"{"instance_id":"a","patch":"","gold_context":"[]"}"#,
            K::ContextBench,
        ),
        (
            "preds.jsonl",
            r#"{"instance_id":"a","model_name_or_path":"m","model_patch":"diff"}"#,
            K::Predictions,
        ),
        (
            "patches.jsonl",
            r#"{"task":"a","run":"m","model_patch":"diff"}"#,
            K::Predictions,
        ),
        (
            "ep.jsonl",
            r#"{"instance_id":"a","explorer":"x","regions":[]}"#,
            K::ExplorePreds,
        ),
        ("cp.jsonl", r#"{"instance_id":"a","traj_data":{}}"#, K::ContextBenchPreds),
        (
            "cp2.jsonl",
            r#"{"instance_id":"a","model_patch":"","traj_data":{}}"#,
            K::ContextBenchPreds,
        ),
        (
            "gold.jsonl",
            "{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"tier\":\"core\",\"origin\":\"edit\"}\n",
            K::GoldJsonl,
        ),
        (
            "reads.jsonl",
            "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"tool\":\"view\",\"command\":\"cat a.py\"}\n",
            K::ReadsJsonl,
        ),
        // A reads row with a rank (a chunk key too) stays a reads row.
        (
            "r.jsonl",
            "{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"rank\":1}\n",
            K::ReadsJsonl,
        ),
        // Consensus gold names the run of its optional tier: still gold.
        (
            "c.jsonl",
            "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"tier\":\"optional\",\"origin\":\"consensus\"}\n",
            K::GoldJsonl,
        ),
        ("s.jsonl", "{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n", K::Spans),
        // The vote spans several rows: a later row's `tool` makes it reads.
        (
            "v.jsonl",
            "{\"path\":\"a.py\",\"start\":1,\"end\":2}\n{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tool\":\"x\"}\n",
            K::ReadsJsonl,
        ),
        // Rows whose first line is broken are still rows.
        (
            "b.jsonl",
            "not json\n{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tool\":\"x\"}\n",
            K::ReadsJsonl,
        ),
        (
            "u.jsonl",
            "{\"path\":\"a.py\",\"kind\":\"function\",\"name\":\"f\",\"start\":1,\"end\":9,\"depth\":0}\n",
            K::Units,
        ),
        (
            "o.jsonl",
            "{\"task\":\"t\",\"run\":\"r\",\"resolved\":true}\n",
            K::Outcomes,
        ),
        (
            "l.jsonl",
            "{\"run\":\"r\",\"event\":\"activate\",\"requirement\":\"R1\"}\n",
            K::Ledger,
        ),
        ("t.jsonl", "{\"task\":\"t\",\"required\":[\"target\"]}\n", K::TaskDecls),
        (
            "runs.jsonl",
            "{\"run\":\"r\",\"task\":\"t\",\"condition\":\"c\",\"environment\":\"valid\"}\n",
            K::SheetRuns,
        ),
        ("t.traj", r#"{"trajectory":[],"info":{}}"#, K::Log(Format::SweAgent)),
        (
            "t.json",
            "{\n  \"trajectory\": [],\n  \"info\": {}\n}\n",
            K::Log(Format::SweAgent),
        ),
        ("o.json", r#"{"fncall_messages":[]}"#, K::Log(Format::OpenHands)),
        (
            "cc.jsonl",
            "{\"type\":\"user\",\"sessionId\":\"s\"}\n{\"type\":\"assistant\"}\n",
            K::Log(Format::ClaudeCode),
        ),
        (
            "chunks.jsonl",
            "{\"task\":\"t\",\"path\":\"a.py\",\"start_line\":1,\"end_line\":3}\n",
            K::Log(Format::Chunks),
        ),
        ("README.md", "# readcov\n\nDid the agent read the lines?\n", K::Unknown),
        ("empty.jsonl", "", K::Unknown),
        ("blank.jsonl", "\n  \n", K::Unknown),
    ];
    for (name, content, want) in cases {
        check(name, content, *want);
    }
}

/// Every shipped SWE-bench harness report (tests/data/formats/swebench-eval) is one, however the
/// harness wrote it: JSON, an instance log, OpenHands' markdown summary; the files beside them
/// that hold no verdict are their own kinds (the test output, the script, a submission's
/// metadata), and the model's `patch.diff` a diff.
#[test]
fn harness_reports_are_detected_in_every_form() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/swebench-eval");
    let mut seen = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if path.file_name().unwrap() == "NOTES.md" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The files beside the reports that are none: their own kinds.
        let want = match name.rsplit('_').next().unwrap() {
            "output.txt" => InputKind::HarnessFile(HarnessFile::TestOutput),
            "eval.sh" => InputKind::HarnessFile(HarnessFile::EvalScript),
            "metadata.yaml" => InputKind::HarnessFile(HarnessFile::Metadata),
            "patch.diff" => InputKind::Diff,
            _ => InputKind::HarnessReport,
        };
        check(&name, &text, want);
        seen += 1;
    }
    assert_eq!(seen, 15);
    // The notes describing them are none, nor are outcome labels whose `resolved` is a bool.
    let notes = std::fs::read_to_string(dir.join("NOTES.md")).unwrap();
    check("NOTES.md", &notes, InputKind::Unknown);
    check(
        "o.jsonl",
        "{\"instance_id\":\"a\",\"resolved\":true}\n",
        InputKind::Outcomes,
    );
}

/// A trajectory larger than the head is one JSON document: the whole file decides.
#[test]
fn a_large_trajectory_is_read_whole_to_tell() {
    let pad = "x".repeat(2 * detect::HEAD);
    let doc = format!("{{\n  \"info\": {{\"pad\": \"{pad}\"}},\n  \"trajectory\": []\n}}\n");
    check("big.traj", &doc, InputKind::Log(Format::SweAgent));
    // A large reads log is told from its head.
    let mut reads = String::new();
    while reads.len() < 3 * detect::HEAD {
        reads += "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
    }
    check("big.jsonl", &reads, InputKind::ReadsJsonl);
}

/// A trajectory past the head is read and parsed once, by detection, and handed to the import:
/// the kind is told from that one value, the import takes it (the same rows as an import of the
/// bytes alone), and the lean reader leaves the document alone instead of parsing it again.
#[test]
fn a_large_trajectory_is_parsed_once_and_handed_on() {
    use super::detect::{detect_file_document, Document};
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/mini-swe-agent-v1/astropy__astropy-12907.traj.json");
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(log).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let want_kind = InputKind::Log(Format::MiniSweAgent);
    let one_line = serde_json::to_vec(&doc).unwrap();
    let pretty = serde_json::to_vec_pretty(&doc).unwrap();
    for (name, bytes) in [("one-line.json", &one_line), ("pretty.json", &pretty)] {
        assert!(bytes.len() > detect::HEAD, "{name}: past the head");
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let (kind, document) = detect_file_document(&path).unwrap();
        assert_eq!(kind, want_kind, "{name}");
        let Some(Document { bytes: read, value }) = document else {
            panic!("{name}: read whole to tell")
        };
        assert_eq!(&read, bytes, "{name}");
        assert_eq!(value.as_ref(), Some(&doc), "{name}: its value handed on");
        // Imported from that value: the rows of an import of the bytes alone.
        let got = load_reads(&path, &ReadsOptions::default()).unwrap();
        let alone = readcov_import::import(
            bytes,
            &path.display().to_string(),
            &readcov_import::ImportOptions::default(),
            &readcov_import::NoFiles,
        );
        assert!(!alone.rows.is_empty(), "{name}");
        assert_eq!(got.parsed.items, alone.rows, "{name}");
        assert!(load_reads_lean(&path, None).unwrap().is_none(), "{name}");
    }
    // A byte order mark: the importer would not parse the text as that value, so none is given.
    let bom = [b"\xEF\xBB\xBF".as_slice(), &one_line].concat();
    let path = dir.path().join("bom.json");
    std::fs::write(&path, bom).unwrap();
    let (kind, document) = detect_file_document(&path).unwrap();
    assert_eq!(kind, want_kind);
    assert!(document.is_some_and(|d| d.value.is_none()));
    // A large array of rows is told by its first element: no value built.
    let mut rows = String::from("[");
    while rows.len() < 2 * detect::HEAD {
        rows += r#"{"task":"t","run":"r","path":"a.py","start":1,"end":2},"#;
    }
    rows.pop();
    rows.push(']');
    let path = dir.path().join("rows.json");
    std::fs::write(&path, rows).unwrap();
    let (kind, document) = detect_file_document(&path).unwrap();
    assert_eq!(kind, InputKind::ReadsJsonl);
    assert!(document.is_some_and(|d| d.value.is_none()));
    // A small file is told from its head: nothing kept.
    let path = dir.path().join("small.json");
    std::fs::write(&path, r#"{"fncall_messages":[]}"#).unwrap();
    let (kind, document) = detect_file_document(&path).unwrap();
    assert_eq!(kind, InputKind::Log(Format::OpenHands));
    assert!(document.is_none());
}

/// Each role: what it takes as is, converts, refuses.
#[test]
fn roles_take_convert_or_refuse() {
    use InputKind as K;
    use Take::*;
    let cases: &[(Role, InputKind, Take)] = &[
        (Role::Gold, K::GoldJsonl, AsIs),
        (Role::Gold, K::Spans, AsIs),
        (Role::Gold, K::Unknown, AsIs),
        (Role::Gold, K::Diff, Convert),
        (Role::Gold, K::SweBench, Convert),
        (Role::Gold, K::ContextBench, Convert),
        (Role::Gold, K::ReadsJsonl, Refuse),
        (Role::Gold, K::Log(Format::SweAgent), Refuse),
        (Role::Gold, K::Explore, Refuse),
        (Role::Gold, K::Predictions, Refuse),
        (Role::Gold, K::Outcomes, Refuse),
        (Role::Reads, K::ReadsJsonl, AsIs),
        (Role::Reads, K::Spans, AsIs),
        (Role::Reads, K::Log(Format::OpenHands), Convert),
        (Role::Reads, K::Log(Format::Chunks), Convert),
        (Role::Reads, K::GoldJsonl, Refuse),
        (Role::Reads, K::Diff, Refuse),
        (Role::Reads, K::SweBench, Refuse),
        (Role::Reads, K::Outcomes, Refuse),
        (Role::Reads, K::Predictions, Refuse),
        (Role::Outcomes, K::Outcomes, AsIs),
        (Role::Outcomes, K::SweBench, AsIs),
        (Role::Outcomes, K::ReadsJsonl, Refuse),
        (Role::Outcomes, K::HarnessReport, Convert),
        (Role::TestReport, K::HarnessReport, AsIs),
        (Role::TestReport, K::Unknown, AsIs),
        (Role::TestReport, K::ReadsJsonl, Refuse),
        (Role::TestReport, K::Outcomes, Refuse),
        (Role::TestReport, K::Predictions, Refuse),
        (Role::Gold, K::HarnessReport, Refuse),
        (Role::Reads, K::HarnessReport, Refuse),
        (Role::Predictions, K::HarnessReport, Refuse),
        (Role::Predictions, K::Predictions, AsIs),
        (Role::Predictions, K::SweBench, Refuse),
        (Role::ExploreBench, K::Explore, AsIs),
        (Role::ExploreBench, K::Unknown, AsIs),
        (Role::ExploreBench, K::GoldJsonl, Refuse),
        (Role::ExploreBench, K::ReadsJsonl, Refuse),
        (Role::ExploreBench, K::ExplorePreds, Refuse),
        (Role::ExplorePreds, K::ExplorePreds, AsIs),
        (Role::ExplorePreds, K::Unknown, AsIs),
        (Role::ExplorePreds, K::Explore, Refuse),
        (Role::ExplorePreds, K::ReadsJsonl, Refuse),
        (Role::ContextBenchGold, K::ContextBench, AsIs),
        (Role::ContextBenchGold, K::GoldJsonl, Refuse),
        (Role::ContextBenchGold, K::ReadsJsonl, Refuse),
        (Role::ContextBenchPreds, K::ContextBenchPreds, AsIs),
        (Role::ContextBenchPreds, K::ContextBench, Refuse),
        (Role::Instances, K::SweBench, AsIs),
        (Role::Instances, K::ReadsJsonl, Refuse),
        (Role::Instances, K::Predictions, Refuse),
        (Role::Patch, K::Diff, AsIs),
        (Role::Patch, K::Unknown, AsIs),
        (Role::Patch, K::ReadsJsonl, Refuse),
        (Role::Patch, K::SweBench, Refuse),
    ];
    for (role, kind, want) in cases {
        assert_eq!(role.takes(*kind), *want, "{role:?} {kind:?}");
    }
}

#[test]
fn a_refusal_names_the_look_and_the_right_flag() {
    let e = Role::Gold
        .check("reads.jsonl", InputKind::ReadsJsonl)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("reads.jsonl: looks like reads JSONL (rows with `run`, `tool`, `command`")
            && e.contains("not gold: give it as `--reads`"),
        "{e}"
    );
    let e = Role::Reads
        .check("o.jsonl", InputKind::Outcomes)
        .unwrap_err()
        .to_string();
    assert!(e.contains("not reads: give it as `--outcomes`"), "{e}");
    let e = Role::Gold
        .check("t.traj", InputKind::Log(Format::SweAgent))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("an agent trajectory (swe-agent), not gold: give it as `--reads`"),
        "{e}"
    );
}

#[test]
fn gold_jsonl_arrays_and_diffs_load_with_notes() {
    let opts = GoldOptions::default();
    let rows =
        br#"[{"task":"t","path":"a.py","start":3,"end":4},{"task":"t","path":"a.py","start":9}]"#;
    let g = gold_of("gold.json", rows.to_vec(), &opts).unwrap();
    assert_eq!(g.parsed.items.len(), 1);
    assert_eq!(g.parsed.errors.len(), 1, "{:?}", g.parsed.errors);
    assert!(g.parsed.errors[0].to_string().starts_with("gold.json:2:"));
    let patch = "--- a/x.py\n+++ b/x.py\n@@ -2,2 +2,2 @@\n-a\n-b\n+A\n+B\n";
    let g = gold_of("fix.diff", patch.as_bytes().to_vec(), &opts).unwrap();
    assert_eq!(g.kind, InputKind::Diff);
    let spans: Vec<_> = (g.parsed.items.iter())
        .map(|s| (s.task.as_str(), s.path.as_str(), s.start, s.end))
        .collect();
    assert_eq!(spans, vec![("default", "x.py", 2, 3)]);
    assert_eq!(g.notes.len(), 1);
    assert!(g.notes[0].starts_with("note: fix.diff: unified diff, not gold JSONL: gold built on the fly (1 span(s) over 1 task(s))"), "{:?}", g.notes);
    // The language server's loader shows a refused kind as its one error.
    let reads = b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"tool\":\"view\"}\n";
    let g = gold_from_bytes("r.jsonl", reads.to_vec(), &opts);
    assert!(g.parsed.items.is_empty());
    assert_eq!(g.parsed.errors.len(), 1);
    assert!(
        g.parsed.errors[0]
            .to_string()
            .starts_with("r.jsonl: looks like reads JSONL"),
        "{:?}",
        g.parsed.errors
    );
}

#[test]
fn reads_refuse_gold_and_import_trajectories() {
    let dir = tempfile::tempdir().unwrap();
    let gold = dir.path().join("gold.jsonl");
    std::fs::write(
        &gold,
        "{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"origin\":\"edit\"}\n",
    )
    .unwrap();
    let e = load_reads(&gold, &ReadsOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not reads: give it as `--gold`"), "{e}");
    // A JSON array of reads rows reads like JSONL.
    let arr = dir.path().join("reads.json");
    std::fs::write(
        &arr,
        r#"[{"path":"a.py","start":1,"end":2,"tool":"x"},{"path":"b.py","start":0,"end":1}]"#,
    )
    .unwrap();
    let r = load_reads(&arr, &ReadsOptions::default()).unwrap();
    assert_eq!(r.parsed.items.len(), 1);
    assert_eq!(r.parsed.errors.len(), 1);
    assert_eq!(r.parsed.errors[0].line, 2);
    // The lean table takes it too (one JSON array costs what its JSONL costs), same figures.
    let lean = load_reads_lean(&arr, None)
        .unwrap()
        .expect("an array of reads rows");
    assert_eq!((lean.rows().len(), lean.records), (1, 2));
    assert_eq!(lean.errors.len(), 1);
    assert_eq!(lean.errors[0].line, 2);
}

/// Reading in pieces of any size gives what parsing the whole file gives: same items, same
/// located errors (line numbers included), same record count.
#[test]
fn reads_in_pieces_match_a_whole_file_parse() {
    use readcov_core::parse_reads;
    let cases: [&[u8]; 6] = [
        b"",
        b"\xEF\xBB\xBF{\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":2}\r\n\n  \n{\"path\":\"b.py\",\"start\":0,\"end\":2}\r\n{\"path\":\"c.py\",\"start\":3,\"end\":4}",
        b"not json\n\xff\xfe\n{\"path\":\"a.py\",\"start\":5,\"end\":1}\n{\"path\":\"d.py\",\"start\":7,\"end\":9,\"run\":\"r\"}\n",
        // A BOM that does not start the file is not a BOM: an error at line 2 either way.
        b"{\"path\":\"a.py\",\"start\":1,\"end\":2}\n\xEF\xBB\xBF{\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
        b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"command\":\"a very long line that spans many pieces of a few bytes each\"}\n",
    ];
    let dir = tempfile::tempdir().unwrap();
    for (n, bytes) in cases.iter().enumerate() {
        let path = dir.path().join(format!("r{n}.jsonl"));
        std::fs::write(&path, bytes).unwrap();
        let name = path.display().to_string();
        let whole = parse_reads(bytes, &name, None);
        for piece in [1, 2, 3, 7, 64, 1 << 20] {
            let got = load_reads_in_pieces(&path, &ReadsOptions::default(), piece)
                .unwrap()
                .parsed;
            assert_eq!(got.items, whole.items, "case {n}, piece {piece}");
            assert_eq!(got.errors, whole.errors, "case {n}, piece {piece}");
            assert_eq!(got.records, whole.records, "case {n}, piece {piece}");
        }
    }
}

/// Bytes in hand take the lean table exactly when a file of the same bytes does, with the same
/// rows, errors and count (the Python module's rows and the CLI's file reach one engine entry).
#[test]
fn lean_reads_of_bytes_match_the_file_reader() {
    let cases: [(&str, &[u8], bool); 5] = [
        ("r.jsonl", b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"run\":\"x\"}\nnot json\n{\"path\":\"b.py\",\"start\":3,\"end\":4}\n", true),
        ("r.jsonl", b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"kind\":\"edit\"}\n", true),
        ("r.json", br#"[{"path":"a.py","start":1,"end":2,"tool":"x"},{"path":"b.py","start":0,"end":1}]"#, true),
        ("g.jsonl", b"{\"task\":\"t\",\"path\":\"a.py\",\"start\":1,\"end\":2,\"origin\":\"edit\"}\n", false),
        ("x.diff", b"--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n", false),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, lean) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let file = load_reads_lean(&path, None).unwrap();
        let mem = reads_lean_of(&path.display().to_string(), bytes);
        assert_eq!(file.is_some(), lean, "{name}");
        assert_eq!(mem.is_some(), lean, "{name}");
        if let (Some(f), Some(m)) = (file, mem) {
            assert_eq!(f.rows(), m.rows(), "{name}");
            assert_eq!(f.errors, m.errors, "{name}");
            assert_eq!((f.records, f.has_edits), (m.records, m.has_edits), "{name}");
        }
    }
}

/// The shipped real multi-run patches load as predictions; reads given as predictions are refused.
#[test]
fn predictions_load_and_refuse_other_kinds() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi");
    let p = load_predictions(&data.join("model_patches.jsonl")).unwrap();
    assert_eq!(p.kind, InputKind::Predictions);
    assert_eq!(p.parsed.items.len(), 25, "{:?}", p.parsed.errors);
    assert!(p.parsed.errors.is_empty());
    let e = load_predictions(&data.join("outcomes.jsonl"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("looks like outcome labels")
            && e.contains("not predictions: give it as `--outcomes`"),
        "{e}"
    );
}

/// Row bases are found however the key is written (`base`, a plain `sha256`, a `\u` escape),
/// the array's JSONL handed back, and a file with no such key skips the pass.
#[test]
fn row_bases_are_found_however_written() {
    let sha = "ab".repeat(32);
    let opts = GoldOptions {
        bases: true,
        ..GoldOptions::default()
    };
    let rows = [
        format!(r#"{{"task":"t","path":"a.py","start":1,"end":2,"base":{{"sha256":"{sha}"}}}}"#),
        format!(r#"{{"task":"t","path":"b.py","start":1,"end":2,"sha256":"{sha}"}}"#),
        format!(
            r#"{{"task":"t","path":"c.py","start":1,"end":2,"\u0062ase":{{"sha256":"{sha}"}}}}"#
        ),
    ];
    for row in &rows {
        let (g, jsonl) = gold_and_rows("g.json", format!("[{row}]").into_bytes(), &opts);
        assert_eq!(g.parsed.items.len(), 1, "{row}");
        assert_eq!(g.bases.len(), 1, "{row}: its base");
        assert_eq!(
            jsonl,
            format!("{row}\n").into_bytes(),
            "{row}: the JSONL read"
        );
    }
    let plain = br#"{"task":"t","path":"a.py","start":1,"end":2}"#.to_vec();
    let (g, _) = gold_and_rows("g.jsonl", plain, &opts);
    assert_eq!((g.parsed.items.len(), g.bases.len()), (1, 0));
}

/// A dataset of runs is streamed whatever its first row's length: told from the detection head
/// when a row fits in it, else from a longer head (a file past 1 MiB); a small JSON array of
/// rows, and plain reads rows, are not (read whole, or as reads, as before).
#[test]
fn datasets_of_runs_are_streamed() {
    use super::dataset::{probe, Probe};
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/chat-trajectories");
    let rows = |f: &str| -> Vec<serde_json::Value> {
        serde_json::from_slice(&std::fs::read(samples.join(f)).unwrap()).unwrap()
    };
    let nebius = rows("adp_nebius_SWE-agent-trajectories_sample_raw.json");
    let gym = rows("adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json");
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, rows: &[&serde_json::Value]| {
        let path = dir.path().join(name);
        let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(&path, text).unwrap();
        path
    };
    let is_dataset = |p: &std::path::Path| {
        matches!(
            probe(p).unwrap(),
            Probe::Dataset(InputKind::Log(Format::Chat), Format::Chat, _)
        )
    };
    // Short rows: the head tells.
    assert!(is_dataset(&write(
        "short.jsonl",
        &nebius.iter().collect::<Vec<_>>()
    )));
    // A first row longer than the head, in a file past 1 MiB: the longer head tells.
    let mut long: Vec<&serde_json::Value> = vec![&gym[0]];
    while long.len() < 40 {
        long.extend(&nebius);
    }
    assert!(is_dataset(&write("long.jsonl", &long)));
    // The same row alone in a small file: read whole, as before.
    assert!(matches!(
        probe(&write("one.jsonl", &[&gym[0]])).unwrap(),
        Probe::Whole
    ));
    // The vendored JSON array (194 KB): read whole, as before.
    let array = samples.join("adp_nebius_SWE-agent-trajectories_sample_raw.json");
    assert!(!is_dataset(&array));
    // Reads rows: their kind from the head.
    let reads = dir.path().join("reads.jsonl");
    std::fs::write(
        &reads,
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
    )
    .unwrap();
    assert!(matches!(
        probe(&reads).unwrap(),
        Probe::Head(InputKind::ReadsJsonl)
    ));
}

/// `locbench --gold` tells Loc-Bench rows carrying a `patch` from SWE-bench rows in the one
/// detection (the first row that parses decides, as everywhere); every other reader still takes
/// them as SWE-bench rows, so `score --gold` reads their patches.
#[test]
fn loc_bench_rows_with_a_patch_are_loc_bench_only_to_locbench() {
    let row = r#"{"instance_id":"t","patch":"diff","edit_functions":["a.py:f"]}"#;
    let plain = r#"{"instance_id":"t","patch":"diff"}"#;
    for text in [
        format!("{row}\n"),
        format!("{{broken\n{row}\n"),
        format!("[{row}]"),
    ] {
        let bytes = text.as_bytes();
        assert_eq!(detect("g.jsonl", bytes), InputKind::SweBench, "{text}");
        let kind = detect_by("g.jsonl", bytes, Reader::LocBenchGold);
        assert_eq!(kind, InputKind::LocBench, "{text}");
    }
    let plain = detect_by("g.jsonl", plain.as_bytes(), Reader::LocBenchGold);
    assert_eq!(plain, InputKind::SweBench);
}

/// `NAME=FILE` (`--gold`, `--outcomes`, `--test-report`, and the Python module's "RUN=FILE"):
/// split only at a plain label (a file named like the whole argument, kept whole, needs a
/// relative path in the working directory: tests/python/test_outcomes.py holds that case).
#[test]
fn named_file_splits_at_a_plain_label_only() {
    use super::named_file;
    let p = std::path::PathBuf::from;
    assert_eq!(
        named_file("model-a=x/r.json"),
        Ok((Some("model-a".into()), p("x/r.json")))
    );
    assert_eq!(named_file("x/y=z.json"), Ok((None, p("x/y=z.json"))));
    assert_eq!(named_file("plain.jsonl"), Ok((None, p("plain.jsonl"))));
    assert_eq!(
        named_file("a="),
        Err("`a=`: no file after `a=`".to_string())
    );
}

/// A test output with a JSON object on a line of its own among the lines that vote on rows (a
/// one-line JSON file in the trace's `git diff`, a test printing one) is still the harness's
/// `test_output.txt` (the object votes for no row kind), whole or larger than the head.
#[test]
fn a_test_output_printing_json_is_still_one() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/swebench-eval");
    let real = std::fs::read_to_string(dir.join("msa-pr816_django__django-12915_test_output.txt"))
        .unwrap();
    let want = InputKind::HarnessFile(HarnessFile::TestOutput);
    // Second line: among the first lines, which vote on rows.
    let printed = real.replacen('\n', "\n{\"status\": \"ok\"}\n", 1);
    assert_ne!(printed, real);
    check("test_output.txt", &printed, want);
    let long = format!("{printed}{}", "+ echo x\n".repeat(2 * detect::HEAD / 9));
    check("test_output.txt", &long, want);
}
