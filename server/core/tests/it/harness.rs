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
