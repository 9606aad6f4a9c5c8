//! SWE-bench harness reports (tests/data/formats/swebench-eval): the per-instance `report.json`
//! and the run-level reports, read into what the tests stage takes.

use readcov_core::stages::{parse_reports, HarnessStatus, ReportFile};
use std::path::Path;

fn report(name: &str) -> ReportFile {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/swebench-eval")
        .join(name);
    parse_reports(&std::fs::read(&p).unwrap(), name).unwrap()
}

#[test]
fn per_instance_reports() {
    let r = report("msa-pr816_astropy__astropy-7746_report.json");
    let a = &r.instances["astropy__astropy-7746"];
    let (pass, fail) = a.fail_to_pass.clone().unwrap();
    assert_eq!(
        (pass.len(), fail),
        (
            0,
            vec!["astropy/wcs/tests/test_wcs.py::test_zero_size_input".to_string()]
        )
    );
    assert_eq!(a.pass_to_pass.as_ref().unwrap().1.len(), 0);
    assert_eq!(a.pass_to_pass.as_ref().unwrap().0.len(), 56);
    assert_eq!(
        (a.patch_applied, a.harness),
        (Some(true), Some(HarnessStatus::Unresolved))
    );
    let d = report("msa-pr816_django__django-12915_report.json");
    let d = &d.instances["django__django-12915"];
    assert_eq!(d.fail_to_pass.as_ref().unwrap().0.len(), 3);
    assert_eq!(d.harness, Some(HarnessStatus::Resolved));
}

#[test]
fn run_level_reports_swe_bench_and_multi_swe_bench() {
    let r = report("msa-pr816_deepseek__deepseek-chat.deepseek_chat_test_1-100.json");
    let count = |s: HarnessStatus| {
        r.instances
            .values()
            .filter(|x| x.harness == Some(s))
            .count()
    };
    assert_eq!(
        (
            count(HarnessStatus::Resolved),
            count(HarnessStatus::Unresolved)
        ),
        (61, 39)
    );
    assert_eq!(
        r.instances["astropy__astropy-12907"].harness,
        Some(HarnessStatus::Resolved)
    );
    let m = report("msb-java_deepseek-chat-v2_results.json");
    assert!(m
        .instances
        .values()
        .any(|x| x.harness == Some(HarnessStatus::Resolved)));
    // The two shapes of one instance join.
    let mut both = report("msa-pr816_django__django-12915_report.json");
    both.merge(r);
    let d = &both.instances["django__django-12915"];
    assert!(d.fail_to_pass.is_some() && d.harness == Some(HarnessStatus::Resolved));
}

#[test]
fn bad_reports_are_located_errors() {
    for (text, want) in [
        ("[1]", "r.json:1: expected a JSON object, found an array"),
        (
            "{\"x\": 3}",
            "r.json:1: field `x`: neither a per-instance report",
        ),
        (
            "{\"resolved_ids\": [1]}",
            "r.json:1: field `resolved_ids`: expected a list of instance ids",
        ),
        (
            "{\"i\": {\"tests_status\": {\"FAIL_TO_PASS\": {\"success\": 1}}}}",
            "r.json:1: field `i.tests_status.FAIL_TO_PASS`: expected `success` and `failure` lists",
        ),
        ("{", "r.json:1: invalid JSON"),
    ] {
        let e = parse_reports(text.as_bytes(), "r.json")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(want), "{text}: {e}");
    }
}

/// The text forms: Multi-SWE-bench's `run_instance.log` (the report a Python literal wrapped in
/// its instance id), OpenHands' evaluation log (unwrapped, `[ID]` before it) and its run summary.
#[test]
fn logs_and_openhands_summary() {
    let core = report("msb-java_deepseek-chat-v2_fasterxml__jackson-core-150_run_instance.log");
    let c = &core.instances["fasterxml__jackson-core-150"];
    assert_eq!(c.harness, Some(HarnessStatus::Unresolved));
    assert_eq!(
        c.fail_to_pass,
        Some((
            vec![],
            vec![
                "src:com.fasterxml.jackson.core.json.TestNumericValues".to_string(),
                "src:com.fasterxml.jackson.core.util.TestTextBuffer".to_string()
            ]
        ))
    );
    let db = report("msb-java_deepseek-chat-v2_fasterxml__jackson-databind-4048_run_instance.log");
    assert_eq!(
        db.instances["fasterxml__jackson-databind-4048"].harness,
        Some(HarnessStatus::Resolved)
    );
    let a = report("openhands_eval_instance_astropy__astropy-12907.log");
    let a = &a.instances["astropy__astropy-12907"];
    assert_eq!(a.harness, Some(HarnessStatus::Resolved));
    assert_eq!(
        (
            a.fail_to_pass.as_ref().unwrap().0.len(),
            a.pass_to_pass.as_ref().unwrap().0.len()
        ),
        (2, 13)
    );
    let d = report("openhands_eval_instance_django__django-11206.log");
    assert_eq!(d.instances.len(), 1);
    assert_eq!(
        d.instances["django__django-11206"].fail_to_pass,
        Some((
            vec!["test_decimal_subclass (utils_tests.test_numberformat.TestNumberFormat)".into()],
            vec!["test_decimal_numbers (utils_tests.test_numberformat.TestNumberFormat)".into()]
        ))
    );
    // 50 submitted: 26 resolved, 24 unresolved of which one is the empty patch (listed twice).
    let md = report("openhands_output.swebench_eval.md");
    let count = |s: HarnessStatus| {
        md.instances
            .values()
            .filter(|x| x.harness == Some(s))
            .count()
    };
    assert_eq!(
        (
            count(HarnessStatus::Resolved),
            count(HarnessStatus::Unresolved),
            count(HarnessStatus::EmptyPatch),
            md.instances.len()
        ),
        (26, 23, 1, 50)
    );
    assert_eq!(
        md.instances["django__django-11265"].harness,
        Some(HarnessStatus::EmptyPatch)
    );
}
