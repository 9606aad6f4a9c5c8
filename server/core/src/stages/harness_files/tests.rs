//! The harness's other files, told from their real text (tests/data/formats/swebench-eval/).

use super::*;

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/formats/swebench-eval/"
);

fn text(file: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{file}")).expect(file)
}

#[test]
fn the_real_files_are_told_apart() {
    for (file, want) in [
        (
            "msa-pr816_django__django-12915_test_output.txt",
            Some(HarnessFile::TestOutput),
        ),
        (
            "msa-pr816_astropy__astropy-7746_test_output.txt",
            Some(HarnessFile::TestOutput),
        ),
        (
            "msa-pr816_django__django-12915_eval.sh",
            Some(HarnessFile::EvalScript),
        ),
        (
            "msb-java_deepseek-chat-v2_metadata.yaml",
            Some(HarnessFile::Metadata),
        ),
        // The files that are something else: a diff, a harness log, a run summary.
        ("msa-pr816_django__django-12915_patch.diff", None),
        (
            "msb-java_deepseek-chat-v2_fasterxml__jackson-core-150_run_instance.log",
            None,
        ),
        ("openhands_output.swebench_eval.md", None),
    ] {
        assert_eq!(HarnessFile::of_text(&text(file)), want, "{file}");
    }
}

/// The markers alone do not make a file one of these: a shell script without them, a trace of
/// another script, YAML with other keys.
#[test]
fn near_misses_are_none() {
    for t in [
        "#!/bin/bash\nset -x\npytest -rA\n",
        "+ cd /testbed\n+ pytest\n",
        "name: x\nsite: y\n",
        "",
    ] {
        assert_eq!(HarnessFile::of_text(t), None, "{t:?}");
    }
    assert_eq!(
        HarnessFile::of_text("+ : '>>>>> Start Test Output'\nok\n"),
        Some(HarnessFile::TestOutput)
    );
}
