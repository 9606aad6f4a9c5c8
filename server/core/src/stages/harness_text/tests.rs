use super::super::harness::parse_reports;
use super::super::input::HarnessStatus;
use super::is_report_text;

fn statuses(text: &str) -> Vec<(String, Option<HarnessStatus>)> {
    let r = parse_reports(text.as_bytes(), "x.log").unwrap();
    r.instances
        .into_iter()
        .map(|(id, r)| (id, r.harness))
        .collect()
}

fn err(text: &str) -> String {
    parse_reports(text.as_bytes(), "x.log")
        .unwrap_err()
        .to_string()
}

const REPORT: &str = "{'patch_successfully_applied': True, 'resolved': False, 'tests_status': \
{'FAIL_TO_PASS': {'success': [], 'failure': ['t1']}, 'PASS_TO_PASS': {'success': ['t2'], 'failure': []}}}";

#[test]
fn an_unwrapped_report_takes_its_id_from_the_bracket_or_the_log() {
    use HarnessStatus::*;
    let bracket = format!("2024 - INFO - [a__b-1] report: {REPORT}\n");
    assert_eq!(statuses(&bracket), [("a__b-1".into(), Some(Unresolved))]);
    let grading = format!("Grading answer for a__b-2...\nINFO - report: {REPORT}\n");
    assert_eq!(statuses(&grading), [("a__b-2".into(), Some(Unresolved))]);
    let result = format!("INFO - report: {REPORT}\nResult for a__b-3: resolved: False\n");
    assert_eq!(statuses(&result), [("a__b-3".into(), Some(Unresolved))]);
    let wrapped = format!("INFO - report: {{'w-1': {REPORT}}}\n");
    assert_eq!(statuses(&wrapped), [("w-1".into(), Some(Unresolved))]);
    // A verdict line alone is the verdict.
    assert_eq!(
        statuses("Result for v-1: resolved: True\n"),
        [("v-1".into(), Some(Resolved))]
    );
}

#[test]
fn the_tests_lists_of_a_logged_report_are_read() {
    let r = parse_reports(format!("[i] report: {REPORT}").as_bytes(), "x.log").unwrap();
    let i = &r.instances["i"];
    assert_eq!(i.fail_to_pass, Some((vec![], vec!["t1".to_string()])));
    assert_eq!(i.pass_to_pass, Some((vec!["t2".to_string()], vec![])));
    assert_eq!(i.patch_applied, Some(true));
}

#[test]
fn bad_log_reports_are_located_errors() {
    for (text, want) in [
        (
            // A log (its verdict line says so) whose report line was cut.
            "line one\n[i] report: {'resolved': Tru\nResult for i: resolved: True\n",
            "x.log:2: field `report`: not a Python literal",
        ),
        (
            "INFO - report: {'x': 3}\n",
            "x.log:1: field `x`: a report that is no",
        ),
        (
            &*format!("\n\nINFO - report: {REPORT}\n"),
            "x.log:3: field `report`: no instance id",
        ),
        (
            "just some text\n",
            "x.log:1: neither a SWE-bench harness report",
        ),
    ] {
        let e = err(text);
        assert!(e.starts_with(want), "{text}: {e}");
    }
}

#[test]
fn the_markdown_summary_lists_by_section_a_later_list_winning() {
    use HarnessStatus::*;
    let md = "# SWE-bench Report\n## Summary\n- resolved instances: 1\n\n## Resolved Instances\n\
- [r-1](logs/instance_r-1.log)\n## Unresolved Instances\n- [u-1](x)\n- e-1\n## Error Instances\n\
## Empty Patch Instances\n- [e-1](y)\n## Incomplete Instances\n- [i-1](z)\n";
    assert!(is_report_text(md));
    assert_eq!(
        statuses(md),
        [
            ("e-1".into(), Some(EmptyPatch)),
            ("r-1".into(), Some(Resolved)),
            ("u-1".into(), Some(Unresolved)),
        ]
    );
}

#[test]
fn other_text_is_no_report() {
    for text in [
        "",
        "hello\n",
        "# Notes\n## Results\n- a\n",
        "Result for x: resolved: maybe\n",
    ] {
        assert!(!is_report_text(text), "{text}");
    }
}
