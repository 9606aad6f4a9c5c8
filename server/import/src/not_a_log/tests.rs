//! Each file of the SWE-bench harness's evaluation folder (tests/data/formats/swebench-eval/) is
//! named by what it is.

use super::what_it_is;

#[test]
fn the_harness_files_are_named() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/formats/swebench-eval/"
    );
    for (file, says) in [
        (
            "msa-pr816_django__django-12915_test_output.txt",
            "test_output.txt",
        ),
        (
            "msa-pr816_astropy__astropy-7746_test_output.txt",
            "test_output.txt",
        ),
        ("msa-pr816_django__django-12915_eval.sh", "eval.sh"),
        ("msb-java_deepseek-chat-v2_metadata.yaml", "metadata.yaml"),
        ("msa-pr816_django__django-12915_patch.diff", "unified diff"),
        (
            "msa-pr816_django__django-12915_report.json",
            "harness report",
        ),
        ("msb-java_deepseek-chat-v2_results.json", "harness report"),
        ("openhands_output.swebench_eval.md", "harness report"),
    ] {
        let text = std::fs::read_to_string(format!("{dir}{file}")).expect(file);
        let got = what_it_is(&text).unwrap_or_default();
        assert!(got.contains(says), "{file}: {got}");
    }
    assert_eq!(what_it_is("hello\n"), None);
}
