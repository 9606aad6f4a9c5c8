use super::not_a_log;

fn says(path: &str) -> String {
    let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&full).expect(path);
    not_a_log(path, &bytes).unwrap_or_default()
}

/// Each file of the SWE-bench harness's evaluation folder, and the SWE-bench rows beside the
/// real runs, is named by what it is (before, the rows were "not a recognised trajectory").
#[test]
fn files_read_elsewhere_are_named() {
    let eval = "tests/data/formats/swebench-eval/";
    for (file, looks) in [
        (
            format!("{eval}msa-pr816_django__django-12915_test_output.txt"),
            "test_output.txt",
        ),
        (
            format!("{eval}msa-pr816_astropy__astropy-7746_test_output.txt"),
            "test_output.txt",
        ),
        (
            format!("{eval}msa-pr816_django__django-12915_eval.sh"),
            "eval.sh",
        ),
        (
            format!("{eval}msb-java_deepseek-chat-v2_metadata.yaml"),
            "metadata.yaml",
        ),
        (
            format!("{eval}msa-pr816_django__django-12915_patch.diff"),
            "a unified diff: give it as `--gold`",
        ),
        (
            format!("{eval}msa-pr816_django__django-12915_report.json"),
            "harness report",
        ),
        (
            format!("{eval}msb-java_deepseek-chat-v2_results.json"),
            "harness report",
        ),
        (
            format!("{eval}openhands_output.swebench_eval.md"),
            "harness report",
        ),
        (
            "tests/data/real/gold.jsonl".into(),
            "SWE-bench rows (`instance_id`, `patch`): give it as `--gold`",
        ),
        (
            "tests/data/real-multi/outcomes.jsonl".into(),
            "outcome labels",
        ),
    ] {
        let got = says(&file);
        assert!(
            got.starts_with("looks like ") && got.contains(looks),
            "{file}: {got}"
        );
    }
}

/// `readcov merge` names a reads file, SWE-bench rows or a trajectory given as a partial;
/// other text keeps the parser's words (before: "not JSON, so not a readcov partial" for
/// every JSONL file).
#[test]
fn a_file_given_as_a_partial_is_named() {
    let path = "tests/data/real/gold.jsonl";
    let bytes = std::fs::read(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let err = super::partial_of(path, &bytes).unwrap_err();
    assert!(
        err.starts_with(&format!("{path}: looks like SWE-bench rows (`instance_id`, `patch`), not a readcov partial (`--emit-partial FILE` writes one): give it as `--gold`")),
        "{err}"
    );
    let reads = b"{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
    let err = super::partial_of("r.jsonl", reads).unwrap_err();
    assert!(err.starts_with("r.jsonl: looks like reads JSONL"), "{err}");
    assert_eq!(
        super::partial_of("notes.md", b"hello\n").unwrap_err(),
        "notes.md: not JSON, so not a readcov partial"
    );
}

/// A log, and text of no known kind, keep the importer's own message.
#[test]
fn logs_and_unknown_text_are_not_named() {
    assert_eq!(
        says("tests/data/real/mini-swe-agent/astropy__astropy-12907.traj.json"),
        ""
    );
    assert_eq!(not_a_log("notes.txt", b"hello\n"), None);
    assert_eq!(
        not_a_log("cut.json", b"{\"trajectory\": [{\"action\""),
        None
    );
}
